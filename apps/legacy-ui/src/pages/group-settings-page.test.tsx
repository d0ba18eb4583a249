import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TAB_NAMES, VOCABULARY_DEFAULTS } from '@portico/core';
import { isMessageKey } from '../i18n.ts';
import type { GroupSettingsAnswer } from '../api-client.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { GroupSettingsPage } from './group-settings-page.tsx';

const ACME = {
  vizixVocabularyLabelThings: JSON.stringify({ en: 'Assets', fr: 'Actifs' }),
  vizixVocabularyLabelZones: JSON.stringify({ en: 'Areas', fr: 'Aires' }),
};

function answer(): GroupSettingsAnswer {
  return {
    group: { id: 3, name: 'Acme', treeLevel: 2 },
    parent: { id: 1, name: 'Root' },
    results: [
      {
        name: 'defaultNavBar',
        kind: 'tab',
        section: 'shell',
        value: 'things',
        parentValue: 'zone',
        inheritedFrom: { id: 1, name: 'Root' },
      },
      {
        name: 'hiddenTabs',
        kind: 'tabs',
        section: 'shell',
        value: '["services","zone"]',
        parentValue: null,
        inheritedFrom: null,
      },
    ],
  };
}

describe('the settings page names tabs as the menus do', () => {
  it.each([
    ['en', 'Assets', 'Areas', 'Services', 'Model', 'The whole Services tab'],
    ['fr', 'Actifs', 'Aires', 'Services', 'Modèle', "Tout l'onglet Services"],
  ])(
    'in %s, with the tenant’s vocabulary',
    async (language, things, zones, services, model, wholeServices) => {
      const { api } = createFakeApi({});
      vi.mocked(api.groupSettings).mockResolvedValue(answer());
      renderWithLegacy(<GroupSettingsPage groupId={3} />, {
        api,
        permissions: ['settings:u'],
        language,
        groupFields: ACME,
      });
      const hidden = await screen.findAllByRole('checkbox');
      // one choice per tab but Home, none of them a code
      expect(hidden).toHaveLength(TAB_NAMES.length - 1);
      const names = hidden.map((box) => box.parentElement?.textContent ?? '');
      for (const code of ['thingType', 'zoneGroup', 'dataRetentionPolicy', 'services'])
        expect(names).not.toContain(code);
      // a page named as its module is told apart by its group: the module, the list, the types
      const thingsGroup = screen.getByRole('group', { name: things });
      expect(within(thingsGroup).getAllByRole('checkbox')).toHaveLength(3);
      expect(
        within(screen.getByRole('group', { name: services })).getByRole('checkbox', {
          name: wholeServices,
        }),
      ).toBeChecked();
      expect(
        within(screen.getByRole('group', { name: model })).getByRole('checkbox', { name: zones }),
      ).toBeChecked();
      // the landing tab's choices and the values said in words
      const landing = screen.getAllByRole('combobox')[0] as HTMLSelectElement;
      expect(landing.selectedOptions[0]?.textContent).toBe(things);
      expect(document.body.textContent).toContain(`${services}, ${zones}`);
      expect(document.body.textContent).toContain(`: ${zones}`);
    },
  );

  it('saves the code behind the name', async () => {
    const { api } = createFakeApi({});
    vi.mocked(api.groupSettings).mockResolvedValue(answer());
    renderWithLegacy(<GroupSettingsPage groupId={3} />, {
      api,
      permissions: ['settings:u'],
      groupFields: ACME,
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'The whole Gateway tab' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Hidden tabs' }));
    await waitFor(() =>
      expect(api.setGroupSetting).toHaveBeenCalledWith(
        3,
        'hiddenTabs',
        JSON.stringify(['gateway', 'zone', 'services']),
      ),
    );
  });

  it('names every vocabulary concept in the UI’s language, not by its key', async () => {
    expect(
      Object.keys(VOCABULARY_DEFAULTS).filter((concept) => !isMessageKey(`concept.${concept}`)),
    ).toEqual([]);
    const { api } = createFakeApi({});
    vi.mocked(api.groupSettings).mockResolvedValue({
      ...answer(),
      results: [
        {
          name: 'vizixVocabularyLabelZoneTypes',
          kind: 'labels',
          section: 'vocabulary',
          value: null,
          parentValue: null,
          inheritedFrom: null,
        },
      ],
    });
    renderWithLegacy(<GroupSettingsPage groupId={3} />, {
      api,
      permissions: ['settings:u'],
      language: 'fr',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Vocabulaire' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Types de zone' })).toBeVisible();
    expect(screen.queryByText('Zone Types')).toBeNull();
  });
});
