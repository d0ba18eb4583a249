import { describe, expect, it } from 'vitest';
import * as ApplicationTabs from './application-tabs.ts';
import type { ApplicationTab } from './application-tabs.ts';
import { APPLICATION_TABS_FIXTURE } from './application-tabs.test-helpers.ts';
import { validateGroupSetting } from './group-settings.ts';

const menu = (id: number, reportIds: unknown[] = [1], extra: object = {}) => ({
  id,
  labels: { en: `Menu ${id}` },
  reportIds,
  ...extra,
});
const tab = (id: number, menus: unknown[] = [menu(1)], extra: object = {}) => ({
  id,
  order: id,
  labels: { en: `Tab ${id}` },
  menus,
  ...extra,
});

describe('parseApplicationTabs', () => {
  it.each<[string, unknown, string | null]>([
    // [case, value, the message when refused, or null when accepted]
    ['empty list', [], null],
    ['one tab', [tab(1)], null],
    ['its JSON text', JSON.stringify([tab(1), tab(2)]), null],
    ['not JSON', '[{', 'not valid JSON'],
    ['not a list', { id: 1 }, 'must be a list of tabs'],
    [
      'too many tabs',
      Array.from({ length: ApplicationTabs.MAX_APPLICATION_TABS + 1 }, (_, i) => tab(i + 1)),
      `at most ${ApplicationTabs.MAX_APPLICATION_TABS} tabs`,
    ],
    ['a tab that is not an object', [7], 'tab 1 must be an object'],
    ['an unknown field', [tab(1, undefined, { icon: 'x' })], 'tab 1 has an unknown field icon'],
    ['id zero', [tab(0)], 'tab 1: id must be a whole number from 1 to 2147483647'],
    ['id text', [tab(1, undefined, { id: 'ops' })], 'tab 1: id must be a whole number'],
    ['id too large', [tab(2 ** 31)], 'tab 1: id must be a whole number'],
    ['a negative order', [tab(1, undefined, { order: -1 })], 'tab 1: order must be'],
    ['a fractional order', [tab(1, undefined, { order: 1.5 })], 'tab 1: order must be'],
    ['two tabs, one id', [tab(3), tab(3)], 'two tabs have the id 3'],
    ['no labels', [tab(1, undefined, { labels: undefined })], 'tab 1: labels: must be'],
    [
      'an unknown language',
      [tab(1, undefined, { labels: { en: 'Ops', de: 'Betrieb' } })],
      'tab 1: labels: unknown language de',
    ],
    ['a blank label', [tab(1, undefined, { labels: { en: ' ' } })], 'the en label must be'],
    [
      'a label too long',
      [tab(1, undefined, { labels: { en: 'x'.repeat(81) } })],
      'the en label is longer than 80 characters',
    ],
    ['no menus', [tab(1, [])], 'tab 1: menus must be a list of at least one menu'],
    ['menus not a list', [tab(1, { id: 1 } as never)], 'tab 1: menus must be a list'],
    [
      'a menu without labels',
      [tab(1, [menu(1, [1], { labels: undefined })])],
      'tab 1, menu 1: labels: must be a JSON object',
    ],
    [
      'too many menus',
      [
        tab(
          1,
          Array.from({ length: ApplicationTabs.MAX_APPLICATION_TAB_MENUS + 1 }, (_, i) =>
            menu(i + 1),
          ),
        ),
      ],
      `tab 1: at most ${ApplicationTabs.MAX_APPLICATION_TAB_MENUS} menus`,
    ],
    ['a menu that is not an object', [tab(1, [null])], 'tab 1, menu 1 must be an object'],
    ['a menu with an unknown field', [tab(1, [menu(1, [1], { x: 1 })])], 'unknown field x'],
    ['a menu id of text', [tab(1, [menu(1, [1], { id: 'a/b' })])], 'tab 1, menu 1: id must be'],
    ['two menus, one id', [tab(1, [menu(2), menu(2)])], 'tab 1: two menus have the id 2'],
    [
      'the same menu id in two tabs',
      [tab(1, [menu(1)]), tab(2, [menu(1)])],
      null, // menu ids are unique within their tab
    ],
    [
      'a menu label in an unknown language',
      [tab(1, [menu(4, [1], { labels: { xx: 'a' } })])],
      'tab 1, menu 4: labels: unknown language xx',
    ],
    ['reportIds not a list', [tab(1, [menu(1, 5 as never)])], 'reportIds must be a list'],
    ['no reports', [tab(1, [menu(1, [])])], 'reportIds must name at least one report'],
    [
      'too many reports',
      [
        tab(1, [
          menu(
            1,
            Array.from(
              { length: ApplicationTabs.MAX_APPLICATION_MENU_REPORTS + 1 },
              (_, i) => i + 1,
            ),
          ),
        ]),
      ],
      `at most ${ApplicationTabs.MAX_APPLICATION_MENU_REPORTS} reports`,
    ],
    ['a report id of zero', [tab(1, [menu(1, [0])])], 'report id 0 is not a positive'],
    ['a report id of text', [tab(1, [menu(1, ['4'])])], 'report id "4" is not a positive'],
    ['a fractional report id', [tab(1, [menu(1, [1.5])])], 'report id 1.5 is not'],
    ['a report twice', [tab(1, [menu(1, [4, 4])])], 'report 4 is listed twice'],
  ])('%s', (_case, value, message) => {
    const check = ApplicationTabs.parseApplicationTabs(value);
    if (message === null) expect(check.ok).toBe(true);
    else expect(check).toEqual({ ok: false, message: expect.stringContaining(message) });
  });

  it('trims labels, keeps the languages order and sorts tabs by order then id', () => {
    const check = ApplicationTabs.parseApplicationTabs([
      tab(5, undefined, { order: 2, labels: { fr: ' Conformité ', en: 'Compliance' } }),
      tab(9, undefined, { order: 1 }),
      tab(4, undefined, { order: 2 }),
      { id: 6, labels: { en: 'No order' }, menus: [menu(1)] },
    ]);
    expect(check.ok && check.tabs.map((t) => t.id)).toEqual([6, 9, 4, 5]);
    expect(check.ok && check.tabs[3]?.labels).toEqual({ en: 'Compliance', fr: 'Conformité' });
    expect(check.ok && check.tabs[0]?.order).toBe(0);
  });

  it('is the applicationTabs setting: stored as normalised JSON, refused with the message', () => {
    expect(validateGroupSetting('applicationTabs', [tab(1)])).toEqual({
      ok: true,
      value: JSON.stringify([{ id: 1, order: 1, labels: { en: 'Tab 1' }, menus: [menu(1)] }]),
    });
    expect(validateGroupSetting('applicationTabs', '[{"id":1}]')).toEqual({
      ok: false,
      message: 'tab 1: labels: must be a JSON object from language to label',
    });
  });
});

const TABS = APPLICATION_TABS_FIXTURE;

describe('using application tabs', () => {
  it('reads the field leniently: absent or invalid is no tab', () => {
    expect(ApplicationTabs.readApplicationTabs(undefined)).toEqual([]);
    expect(ApplicationTabs.readApplicationTabs(null)).toEqual([]);
    expect(ApplicationTabs.readApplicationTabs('{oops')).toEqual([]);
    expect(ApplicationTabs.readApplicationTabs(JSON.stringify(TABS))).toEqual(TABS);
  });

  it.each<[string, string[], Set<number> | undefined, string[]]>([
    // [case, permissions, visible reports, "tab:menu" ids left]
    ['report_definition:r', ['report_definition:r'], undefined, ['1:1', '1:2', '2:7']],
    ['report_definition:*', ['report_definition:*'], undefined, ['1:1', '1:2', '2:7']],
    ['no permission', ['thing:r'], undefined, []],
    ['only some reports visible', ['report_definition:r'], new Set([2, 9]), ['1:1', '2:7']],
    ['no report of a tab visible', ['report_definition:r'], new Set([3]), ['1:2']],
    ['no report visible', ['report_definition:r'], new Set(), []],
  ])('usable with %s', (_case, permissions, visible, expected) => {
    const usable = ApplicationTabs.getUsableApplicationTabs(TABS, permissions, visible);
    expect(usable.flatMap((t) => t.menus.map((m) => `${t.id}:${m.id}`))).toEqual(expected);
    if (visible)
      for (const t of usable)
        for (const m of t.menus) for (const r of m.reportIds) expect(visible.has(r)).toBe(true);
  });

  it.each<[string | number, string | number, string | null]>([
    ['1', '2', 'Inventory'],
    [2, 7, 'Audits'],
    ['2', '1', null],
    ['3', '1', null],
    ['01', '1', null],
  ])('finds tab %s menu %s', (tabId, menuId, expected) => {
    const found = ApplicationTabs.findApplicationTabMenu(TABS, tabId, menuId);
    expect(found ? ApplicationTabs.applicationTabLabel(found.menu, 'en') : null).toBe(expected);
  });

  it.each<[string, string]>([
    ['en', 'Operations'],
    ['es', 'Operaciones'],
    ['pt-BR', 'Operações'],
    ['pt', 'Operations'], // a base language does not reach a regional label: English
    ['fr', 'Operations'],
    ['es-MX', 'Operaciones'],
  ])('labels the tab in %s by the vocabulary rule', (language, expected) => {
    expect(ApplicationTabs.applicationTabLabel(TABS[0]!, language)).toBe(expected);
  });

  it('labels an item without English in its first language, and makes its path', () => {
    const french: ApplicationTab = { id: 4, order: 0, labels: { fr: 'Qualité' }, menus: [] };
    expect(ApplicationTabs.applicationTabLabel(french, 'en')).toBe('Qualité');
    expect(ApplicationTabs.applicationTabLabel({ ...french, labels: {} }, 'en')).toBe('4');
    expect(ApplicationTabs.applicationTabPath(TABS[0]!)).toBe('/app/applicationTab/1/menu/1');
    expect(ApplicationTabs.applicationTabPath(TABS[0]!, 2)).toBe('/app/applicationTab/1/menu/2');
    expect(ApplicationTabs.applicationTabPath(french)).toBe('/app/applicationTab/4/menu/0');
  });
});
