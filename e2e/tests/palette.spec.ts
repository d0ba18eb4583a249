import { expect, test } from '@playwright/test';
import { legacyFrame, signIn } from './helpers.ts';
import { expectNoPageAxeViolations } from './shell-helpers.ts';

test.describe('the command palette', () => {
  test('Ctrl+K opens it, typing filters by the tenant vocabulary, arrows and Enter land on the page', async ({
    page,
  }) => {
    // two axe scans: at load 14 they took 9 s each and the test ran out of the default 30 s
    test.setTimeout(60_000);
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/#\/app\/things\/thing$/);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Go to page' });
    await expect(dialog).toBeVisible();
    const combobox = dialog.getByRole('combobox', { name: 'Go to page' });
    await expect(combobox).toBeFocused();
    await expectNoPageAxeViolations(page);

    await page.keyboard.type('area');
    // Acme calls zones "Areas"
    await expect(dialog.getByRole('option')).toHaveCount(3);
    await expect(dialog.getByRole('option', { name: 'Areas, Model' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('ArrowDown');
    const types = dialog.getByRole('option', { name: 'Area Types, Model' });
    await expect(types).toHaveAttribute('aria-selected', 'true');
    await expect(combobox).toHaveAttribute(
      'aria-activedescendant',
      (await types.getAttribute('id')) ?? 'missing',
    );
    await expectNoPageAxeViolations(page);

    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/#\/app\/model\/zoneType$/);
    await expect(
      page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Model' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(legacyFrame(page).getByRole('table')).toBeVisible();
  });

  test('the top-bar button opens it; Escape closes it and gives the focus back; no match is said', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    const button = page.getByRole('button', { name: 'Go to page' });
    await expect(button).toContainText(/Ctrl\+K|⌘K/);
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Go to page' });
    await expect(dialog).toBeVisible();
    // viewer hides the Services tab: none of its pages is offered
    await expect(dialog.getByRole('option', { name: /, Services$/ })).toHaveCount(0);
    await expect(dialog.getByRole('option', { name: 'Assets, Assets' })).toBeVisible();
    await page.keyboard.type('connections');
    await expect(dialog.getByRole('option')).toHaveCount(0);
    await expect(dialog.getByRole('status')).toHaveText('No page matches.');
    await expectNoPageAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page).toHaveURL(/#\/app\/things\/thing$/);
  });
});
