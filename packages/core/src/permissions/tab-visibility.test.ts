import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { parsePermissionExpression } from './permission-expression.ts';
import {
  SETTINGS_MENU_ITEM_RULE,
  TAB_NAMES,
  TAB_PERMISSION_RULES,
  explainTabVisibility,
  getVisibleTabs,
  hasTabPermission,
  isSettingsMenuItemVisible,
  isTabHiddenByUser,
  isTabName,
  isTabVisible,
  toTabName,
} from './tab-visibility.ts';
import type { TabName } from './tab-visibility.ts';

type Row = readonly [
  tab: TabName,
  rule: string,
  shown: readonly (readonly string[])[],
  notShown: readonly (readonly string[])[],
];

/** One row per tab of spec §6 "Tabs are named: …", with the rule it follows quoted or decided. */
const ROWS: readonly Row[] = [
  ['home', '§6 "home (always visible)"', [[]], []],
  ['things', '§6 "things needs things:x"', [['things:x'], ['things:*']], [[], ['thing:r']]],
  [
    'thing',
    'decision: thing:r (the list page reads things; no rule in §6)',
    [['thing:r']],
    [['things:x'], ['thing:u']],
  ],
  [
    'thingType',
    '§6 "The x permission is needed for: … thingtype"',
    [['thingtype:x'], ['thingType:x']],
    [['thingtype:r']],
  ],
  [
    'tenants',
    'decision: plain string tenants:x (§3, §6 "not shown beyond the plain x strings")',
    [['tenants:x']],
    [['tenants:r']],
  ],
  [
    'edge',
    '§6 "Permissions for … edge: not shown beyond the plain x strings above" → edge:x',
    [['edge:x']],
    [['edgebox:r']],
  ],
  ['group', '§6 "group needs group:r"', [['group:r']], [['group:u'], ['grouptype:r']]],
  [
    'groupType',
    '§6 "The r permission alone suffices for: … grouptype"',
    [['grouptype:r']],
    [['group:r']],
  ],
  [
    'sitesConfiguration',
    '§6 x for "the sites … configuration dashboards"',
    [['sites_configuration_dashboard:x']],
    [['sites_configuration_dashboard:r']],
  ],
  [
    'devicesConfiguration',
    '§6 x for "the … devices configuration dashboards"',
    [['devices_configuration_dashboard:x']],
    [['sites_configuration_dashboard:x']],
  ],
  ['user', '§6 r alone: user', [['user:r']], [['user:u'], ['user:r:42']]],
  ['role', '§6 r alone: role', [['role:r']], [['role:i']]],
  ['resource', '§6 r alone: resource', [['resource:r']], [['resource:x']]],
  [
    'license',
    '§6 "license needs license:r and license:u"',
    [['license:r', 'license:u'], ['license:ru']],
    [['license:r'], ['license:u']],
  ],
  [
    'settings',
    '§6 "settings needs settings:r and settings:u"',
    [['settings:r', 'settings:u']],
    [['settings:r'], ['settings:u']],
  ],
  [
    'rulesAttributes',
    'decision: tenants:x (its module; §6 "not shown beyond the plain x strings")',
    [['tenants:x']],
    [['thingtype:x']],
  ],
  ['gateway', 'decision: plain string gateway:x', [['gateway:x']], [['edgebox:r']]],
  ['edgeboxes', '§6 r alone: edgebox', [['edgebox:r']], [['edgeboxrule:r']]],
  ['scheduledRule', '§6 r alone: scheduledrule', [['scheduledrule:r']], [['scheduledrule:u']]],
  ['streamApp', '§6 r alone: streamapp', [['streamapp:r']], [['streamapp:x']]],
  ['model', 'decision: plain string model:x', [['model:x']], [['zone:r']]],
  [
    'mapMaker',
    '§6 "mapMaker needs mapmaker:x and (zone:r or localmap:r)"',
    [
      ['mapmaker:x', 'zone:r'],
      ['mapmaker:x', 'localmap:r'],
    ],
    [['mapmaker:x'], ['zone:r', 'localmap:r'], ['mapmaker:x', 'zone:u']],
  ],
  [
    'zone',
    '§6 "zone needs zone:r and at least one of zone:i, u, d, a"',
    [
      ['zone:r', 'zone:i'],
      ['zone:r', 'zone:u'],
      ['zone:r', 'zone:d'],
      ['zone:r', 'zone:a'],
      ['zone:*'],
    ],
    [['zone:r'], ['zone:i', 'zone:u', 'zone:d', 'zone:a']],
  ],
  ['zoneType', '§6 r alone: zonetype', [['zonetype:r']], [['zone:r']]],
  ['zoneGroup', '§6 r alone: zonegroup', [['zonegroup:r']], [['zone:r']]],
  ['logicalReader', '§6 r alone: logicalreader', [['logicalreader:r']], [['logicalreader:i']]],
  ['services', 'decision: plain string services:x', [['services:x']], [['connection:r']]],
  ['importExport', '§6 x: importexport', [['importexport:x']], [['importexport:r']]],
  ['connection', '§6 r alone: connection', [['connection:r']], [['connection:u']]],
  [
    'licenseGenerator',
    '§6 "licenseGenerator needs license_generator:u"',
    [['license_generator:u']],
    [['license_generator:r'], ['license:u']],
  ],
  ['versioning', '§6 r alone: versioning', [['versioning:r']], [['versioning:u']]],
  [
    'apiExplorer',
    '§6 "apiExplorer needs x on things, tenants, gateway, model, services and analytics"',
    [['things:x', 'tenants:x', 'gateway:x', 'model:x', 'services:x', 'analytics:x']],
    [
      ['things:x', 'tenants:x', 'gateway:x', 'model:x', 'services:x'],
      ['tenants:x', 'gateway:x', 'model:x', 'services:x', 'analytics:x'],
    ],
  ],
  ['endpoint', '§6 r alone: endpoint', [['endpoint:r']], [['endpoint:x']]],
  [
    'dataRetentionPolicy',
    '§6 x: dataretentionpolicy',
    [['dataretentionpolicy:x']],
    [['dataretentionpolicy:r']],
  ],
  [
    'subscription',
    'decision: services:x (its module; §6 "not shown beyond the plain x strings")',
    [['services:x']],
    [['connection:r']],
  ],
  ['analytics', 'decision: plain string analytics:x', [['analytics:x']], [['report_definition:x']]],
  [
    'reportDefinition',
    '§6 x: report_definition',
    [['report_definition:x']],
    [['report_definition:r'], ['analytics:x']],
  ],
];

describe('spec §6 tab visibility: one row per tab', () => {
  it('the table covers every tab of the spec list, in order', () => {
    expect(ROWS.map(([tab]) => tab)).toEqual([...TAB_NAMES]);
    expect(TAB_NAMES).toHaveLength(37);
  });

  it.each(ROWS)('%s — %s', (tab, _rule, shown, notShown) => {
    for (const permissions of shown)
      expect(isTabVisible(tab, permissions), `${tab} with ${permissions.join(',')}`).toBe(true);
    for (const permissions of notShown)
      expect(isTabVisible(tab, permissions), `${tab} with ${permissions.join(',')}`).toBe(false);
    expect(hasTabPermission(tab, shown[0] ?? [])).toBe(true);
  });

  it('every rule parses and names only spec resources in lower case', () => {
    for (const tab of TAB_NAMES) {
      const parsed = parsePermissionExpression(TAB_PERMISSION_RULES[tab]);
      expect(parsed.ok, tab).toBe(true);
      expect(TAB_PERMISSION_RULES[tab]).toBe(TAB_PERMISSION_RULES[tab].toLowerCase());
    }
  });
});

describe('spec §6 "Users may hide tabs via hiddenTabs"; §2 "The home tab is always shown"', () => {
  const all = [
    'things:x',
    'tenants:x',
    'gateway:x',
    'model:x',
    'services:x',
    'analytics:x',
    'zone:*',
    'thing:r',
  ];
  it.each([
    ['gateway', ['gateway'], false],
    ['gateway', ['GATEWAY'], false],
    ['gateway', ['gateway:x'], false],
    ['gateway', [' Gateway '], false],
    ['gateway', ['services'], true],
    ['zone', ['zone:r'], true], // a multi-term rule is hidden by name only
    ['zone', ['zone'], false],
    ['thing', ['things'], true], // hiding the module tab does not hide another tab
    ['home', ['home'], true],
    ['things', [42 as unknown as string], true],
  ] as const)('%s with hiddenTabs %j -> visible %s', (tab, hiddenTabs, expected) => {
    expect(isTabVisible(tab, all, hiddenTabs)).toBe(expected);
  });

  it('home is visible for a user with no permission at all, and hiddenTabs null is no hiding', () => {
    expect(isTabVisible('home', [], ['home'])).toBe(true);
    expect(isTabHiddenByUser('things', null)).toBe(false);
    expect(isTabHiddenByUser('home', ['home'])).toBe(false);
  });

  it('getVisibleTabs lists visible tabs in spec order (the viewer of the demo tenant)', () => {
    expect(
      getVisibleTabs(
        ['things:x', 'thing:r', 'gateway:x', 'services:x', 'zone:r'],
        ['gateway', 'services'],
      ),
    ).toEqual(['home', 'things', 'thing', 'subscription']);
    expect(getVisibleTabs([])).toEqual(['home']);
    expect(getVisibleTabs(new Set(['analytics:x', 'report_definition:x']))).toEqual([
      'home',
      'analytics',
      'reportDefinition',
    ]);
  });

  it('an unknown tab is never visible', () => {
    expect(isTabVisible('nope' as TabName, ['nope:x'])).toBe(false);
    expect(explainTabVisibility('nope' as TabName, [])).toEqual({
      visible: false,
      expression: '0',
      missingTerms: [],
      hiddenByUser: false,
    });
  });
});

describe('spec §6 "The settings menu item uses the tenants permission"', () => {
  it.each([
    [['tenants:x'], true],
    [['settings:r', 'settings:u'], false],
    [[], false],
  ])('%j -> %s', (permissions, expected) => {
    expect(isSettingsMenuItemVisible(permissions)).toBe(expected);
    expect(SETTINGS_MENU_ITEM_RULE).toBe('tenants:x');
  });
});

describe('explainTabVisibility ("Why can\'t I see this?")', () => {
  it.each([
    [
      'mapMaker',
      ['mapmaker:x'],
      [],
      { visible: false, missingTerms: ['zone:r', 'localmap:r'], hiddenByUser: false },
    ],
    [
      'mapMaker',
      ['mapmaker:x', 'zone:r'],
      [],
      { visible: true, missingTerms: [], hiddenByUser: false },
    ],
    [
      'gateway',
      ['gateway:x'],
      ['gateway'],
      { visible: false, missingTerms: [], hiddenByUser: true },
    ],
    [
      'gateway',
      [],
      ['gateway'],
      { visible: false, missingTerms: ['gateway:x'], hiddenByUser: true },
    ],
    ['home', [], [], { visible: true, missingTerms: [], hiddenByUser: false }],
    [
      'license',
      ['license:r'],
      [],
      { visible: false, missingTerms: ['license:u'], hiddenByUser: false },
    ],
  ] as const)('%s with %j hidden %j', (tab, permissions, hiddenTabs, expected) => {
    expect(explainTabVisibility(tab, permissions, hiddenTabs)).toEqual({
      ...expected,
      expression: TAB_PERMISSION_RULES[tab],
    });
  });

  it('agrees with isTabVisible for any permissions and hiddenTabs', () => {
    const warn = vi.spyOn((globalThis as unknown as { console: { warn(): void } }).console, 'warn');
    const terms = [
      ...new Set(
        Object.values(TAB_PERMISSION_RULES).flatMap((rule) => rule.match(/[a-z_]+:[a-z]/g) ?? []),
      ),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...TAB_NAMES),
        fc.subarray(terms),
        fc.subarray([...TAB_NAMES, 'gateway:x']),
        (tab, permissions, hiddenTabs) => {
          const explained = explainTabVisibility(tab, permissions, hiddenTabs);
          expect(explained.visible).toBe(isTabVisible(tab, permissions, hiddenTabs));
          expect(explained.missingTerms.every((term) => !permissions.includes(term))).toBe(true);
        },
      ),
    );
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('tab names', () => {
  it.each([
    ['thingType', true, 'thingType'],
    ['ThingType', false, 'thingType'],
    [' things ', false, 'things'],
    ['nothing', false, null],
    [3, false, null],
  ] as const)('%j: isTabName %s, toTabName %s', (value, exact, normalised) => {
    expect(isTabName(value)).toBe(exact);
    expect(toTabName(value)).toBe(normalised);
  });
});
