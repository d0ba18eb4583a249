// Chooses a record in a reference combobox as a person does: types part of its name, then picks
// the option the server offered.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

export async function chooseReference(
  user: UserEvent,
  combobox: HTMLElement,
  typed: string,
  option: string | RegExp,
): Promise<void> {
  await user.clear(combobox);
  await user.type(combobox, typed);
  const listbox = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  const scope = listbox ? within(listbox) : screen;
  await user.click(await scope.findByRole('option', { name: option }, { timeout: 3000 }));
}
