import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Suspense, lazy, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppContext, type AppServices } from '../lib/app-context.ts';
import { i18n, initI18n, setLanguage } from '../i18n/i18n.ts';
import { authzSlice, configSlice } from '../store/slices.ts';
import { createAppStore } from '../store/store.ts';
import { PaletteButton, usePaletteShortcut } from './palette-trigger.tsx';

const CommandPalette = lazy(() => import('./command-palette.tsx'));

beforeAll(async () => {
  await initI18n('en');
});

// Roughly the demo viewer: reads everything, holds the Services module but hides its tab.
const VIEWER = [
  'things:x',
  'thing:r',
  'thingtype:x',
  'model:x',
  'zone:r',
  'zonetype:r',
  'zonegroup:r',
  'services:x',
  'connection:r',
  'endpoint:r',
  'analytics:x',
  'report_definition:x',
];
const ACME_FIELDS = {
  vizixVocabularyLabelThings: { en: 'Assets', es: 'Activos' },
  vizixVocabularyLabelZones: { en: 'Areas', es: 'Áreas' },
};

/** The palette as the shell mounts it: a top-bar button, the shortcut, the lazy dialog. */
function Host() {
  const [open, setOpen] = useState(false);
  usePaletteShortcut(() => setOpen(true), open);
  return (
    <>
      <input aria-label="Somewhere else" />
      <PaletteButton onOpen={() => setOpen(true)} />
      <Suspense fallback={null}>
        {open && <CommandPalette onClose={() => setOpen(false)} />}
      </Suspense>
    </>
  );
}

function renderPalette({
  permissions = VIEWER,
  hiddenTabs = ['services', 'gateway'],
}: { permissions?: string[]; hiddenTabs?: string[] } = {}) {
  const store = createAppStore();
  store.dispatch(authzSlice.actions.loaded({ permissions, visibilityGroups: [] }));
  store.dispatch(
    configSlice.actions.loaded({
      language: 'en',
      timeZone: 'UTC',
      dateFormat: 'MM/DD/YYYY',
      calendarFormat: '12h',
      hiddenTabs,
      groupFields: ACME_FIELDS,
      userFields: {},
    }),
  );
  const navigate = vi.fn<AppServices['navigate']>();
  const services: Pick<AppServices, 'navigate'> = { navigate };
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AppContext.Provider value={services as AppServices}>
          <Host />
        </AppContext.Provider>
      </I18nextProvider>
    </Provider>,
  );
  return { user, navigate };
}

async function openWithKeyboard(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Go to page' });
  return {
    dialog,
    input: within(dialog).getByRole('combobox', { name: 'Go to page' }),
    list: within(dialog).getByRole('listbox', { name: 'Go to page' }),
  };
}

/** The options' accessible names (label, beta, module). */
const optionNames = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('option')
    .map((option) => option.getAttribute('aria-label'));

describe('the command palette', () => {
  it('Ctrl+K opens a dialog named "Go to page" with the focus in the combobox', async () => {
    const { user } = renderPalette();
    const { input, list } = await openWithKeyboard(user);
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', list.id);
    expect(within(list).getAllByRole('option').length).toBeGreaterThan(5);
  });

  it('⌘K opens it too, and the top-bar button shows the shortcut', async () => {
    const { user } = renderPalette();
    const button = screen.getByRole('button', { name: 'Go to page' });
    expect(button).toHaveTextContent('Ctrl+K');
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    await user.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByRole('dialog', { name: 'Go to page' })).toBeInTheDocument();
  });

  it('never lists a page the user may not open: no Services page for a user hiding Services', async () => {
    const { user } = renderPalette();
    const { input, list } = await openWithKeyboard(user);
    const all = optionNames(list);
    expect(all.some((name) => name?.includes('Services'))).toBe(false);
    expect(all).not.toContain('Connections');
    await user.type(input, 'connect');
    expect(within(list).queryAllByRole('option')).toHaveLength(0);
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent(
      'No page matches.',
    );
    // no permission for users or groups either
    await user.clear(input);
    await user.type(input, 'users');
    expect(within(list).queryAllByRole('option')).toHaveLength(0);
  });

  it('the same user without the hidden tab finds the Services pages', async () => {
    const { user } = renderPalette({ hiddenTabs: [] });
    const { input, list } = await openWithKeyboard(user);
    await user.type(input, 'connect');
    expect(within(list).getByRole('option', { name: 'Connections, Services' })).toBeInTheDocument();
  });

  it('filters by the tenant vocabulary label in the current language', async () => {
    // zones need an operation besides read (spec §6)
    const { user } = renderPalette({ permissions: [...VIEWER, 'zone:u'] });
    const { input, list } = await openWithKeyboard(user);
    await user.type(input, 'area');
    expect(optionNames(list)).toEqual(['Areas, Model']);
    await user.clear(input);
    await user.type(input, 'zones');
    // the built-in name still finds what this tenant calls "Areas"
    expect(optionNames(list)).toEqual(['Areas, Model']);
    await user.clear(input);
    await user.type(input, 'assets');
    expect(within(list).getByRole('option', { name: 'Assets, Assets' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('arrow keys move the active option (wrapping), Enter opens it and closes the palette', async () => {
    const { user, navigate } = renderPalette();
    const { input, list } = await openWithKeyboard(user);
    await user.type(input, 'zone');
    const options = within(list).getAllByRole('option');
    expect(optionNames(list)).toEqual(['Zone types, Model', 'Zone groups, Model']);
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/app/model/zoneGroup');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a click opens the page', async () => {
    const { user, navigate } = renderPalette();
    const { input, list } = await openWithKeyboard(user);
    await user.type(input, 'report');
    // the folders page and the reports list are two pages with one name each
    expect(within(list).getByRole('option', { name: 'Report folders, Analytics' })).toBeVisible();
    await user.click(within(list).getByRole('option', { name: 'Reports, Analytics' }));
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/app/analytics/report/list');
  });

  it('Enter with no match does nothing', async () => {
    const { user, navigate } = renderPalette();
    const { input } = await openWithKeyboard(user);
    await user.type(input, 'qqq{Enter}');
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Escape closes it and the focus returns to where it was', async () => {
    const { user, navigate } = renderPalette();
    const elsewhere = screen.getByRole('textbox', { name: 'Somewhere else' });
    await user.click(elsewhere);
    await openWithKeyboard(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(elsewhere).toHaveFocus();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opened from the button, focus returns to the button', async () => {
    const { user } = renderPalette();
    const button = screen.getByRole('button', { name: 'Go to page' });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Go to page' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('speaks the current language', async () => {
    await setLanguage('es');
    try {
      const { user } = renderPalette();
      await user.keyboard('{Control>}k{/Control}');
      const dialog = await screen.findByRole('dialog', { name: i18n.t('palette.title') });
      const input = within(dialog).getByRole('combobox');
      await user.type(input, 'activos');
      // the label first; then a page of the module this tenant calls "Activos"
      expect(optionNames(within(dialog).getByRole('listbox'))).toEqual([
        'Activos, Activos',
        'Tipos de cosa, Activos',
      ]);
    } finally {
      await setLanguage('en');
    }
  });
});
