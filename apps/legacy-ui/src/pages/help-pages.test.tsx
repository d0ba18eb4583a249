import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { HelpPageView } from './help-pages.tsx';

/** A tenant that renames things, users and zones (as the demo's Acme does), in two languages. */
const ACME = {
  vizixVocabularyLabelThings: JSON.stringify({ en: 'Assets', fr: 'Actifs' }),
  vizixVocabularyLabelUsers: JSON.stringify({ en: 'Staff', fr: 'Personnel' }),
  vizixVocabularyLabelZones: JSON.stringify({ en: 'Areas', fr: 'Aires' }),
};

describe('the help pages speak the tenant’s words', () => {
  it.each([
    ['en', {}, 'Open Things', 'Open Users', 'In Tenants, open Users and choose New.'],
    ['en', ACME, 'Open Assets', 'Open Staff', 'In Tenants, open Staff and choose New.'],
    [
      'fr',
      ACME,
      'Ouvrir Actifs',
      'Ouvrir Personnel',
      'Dans Locataires, ouvrez Personnel et choisissez Nouveau.',
    ],
  ])(
    'quick guides in %s name the pages as the menus do',
    (language, groupFields, things, users, step) => {
      const { api } = createFakeApi({});
      const { container } = renderWithLegacy(<HelpPageView page="quickGuides" />, {
        api,
        permissions: [],
        language,
        groupFields,
      });
      expect(screen.getByRole('link', { name: things })).toBeVisible();
      expect(screen.getByRole('link', { name: users })).toBeVisible();
      expect(screen.getByText(step)).toBeVisible();
      // every placeholder is filled
      expect(container.textContent).not.toMatch(/[{}]/);
    },
  );

  it('the user guide is searched in the tenant’s words and names its sections with them', () => {
    const { api } = createFakeApi({});
    const { container } = renderWithLegacy(<HelpPageView page="documentation" />, {
      api,
      permissions: [],
      groupFields: ACME,
    });
    expect(container.textContent).not.toMatch(/[{}]/);
    expect(container.textContent).not.toMatch(/\bthings\b|\bzones\b/i);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the guide' }), {
      target: { value: 'areas' },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Sections found: 1');
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading).toHaveTextContent('Areas and the site model');
    const section = heading.closest('section') as HTMLElement;
    expect(within(section).getByText(/holds Areas, Zone types, Zone groups and/)).toBeVisible();
    expect(
      within(section).getByRole('link', { name: 'Go to Areas and the site model' }),
    ).toBeVisible();
  });
});
