import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPLICATION_TABS_FIXTURE } from '../config/application-tabs.test-helpers.ts';
import { createPermissionSet } from '../permissions/permission-string.ts';
import {
  APP_ROUTES,
  MODULES,
  MODULE_NAMES,
  SIDEBAR_STATES,
  getModulePages,
  getSidebarState,
  isAppPath,
  isLegacyPath,
  isModuleName,
  getRecordRoute,
  matchAllRoutes,
  normalizePath,
  parseAppRoute,
  toLegacyLocation,
  toLegacyPath,
} from './app-routes.ts';
import {
  diffRoutingState,
  getAllowedModulePages,
  getAutoLoadTarget,
  getDefaultLandingUrl,
  getOpenApplicationTab,
  getRoutingParts,
  isAppRouteAllowed,
  isAutoLoadEnabled,
  isValidNavigationTarget,
  resolvePlaceholderRoute,
  validateNavigationTarget,
} from './navigation-rules.ts';

describe('spec §2 "Modules and pages" route table', () => {
  it.each([
    [
      'home',
      [
        '/app/home/welcome',
        '/app/home/support',
        '/app/home/quickGuides',
        '/app/home/videoTutorials',
        '/app/home/documentation',
      ],
    ],
    ['things', ['/app/things/thing', '/app/things/thingType']],
    [
      'tenants',
      [
        '/app/tenants/group',
        '/app/tenants/groupType',
        '/app/tenants/sitesConfiguration',
        '/app/tenants/devicesConfiguration',
        '/app/tenants/user',
        '/app/tenants/role',
        '/app/tenants/resource',
        '/app/tenants/license',
        '/app/tenants/settings',
        '/app/tenants/rulesAttributes',
      ],
    ],
    ['gateway', ['/app/gateway/edgebox', '/app/gateway/scheduledRule', '/app/gateway/streamApp']],
    [
      'model',
      [
        '/app/model/mapmaker',
        '/app/model/zone',
        '/app/model/zoneType',
        '/app/model/zoneGroup',
        '/app/model/logicalReader',
      ],
    ],
    [
      'services',
      [
        '/app/services/importExport',
        '/app/services/connection',
        '/app/services/license',
        '/app/services/versioning',
        '/app/services/apiExplorer',
        '/app/services/endpoint',
        '/app/services/dataRetentionPolicy',
        '/app/services/subscription',
        // not in the spec's module table, but a page a user may open: reachable like the others
        '/app/services/logs',
      ],
    ],
    // the report folders and the reports list (the list is a page a user may open)
    ['analytics', ['/app/analytics/report', '/app/analytics/report/list']],
    ['applicationTab', []],
  ])('%s has the sub-pages of the table, in order', (module, pages) => {
    expect(getModulePages(module).map((page) => page.path)).toEqual(pages);
  });

  it('lists the modules in index order with their tab and label', () => {
    // spec §1/§2: the modules in index order (the license and the permission catalog follow it)
    expect(MODULE_NAMES.join(' ')).toBe('home things tenants gateway model services analytics');
    expect(MODULES.map((module) => module.path)).toEqual(
      MODULE_NAMES.map((name) => `/app/${name}`),
    );
    expect(MODULES[1]).toEqual({
      name: 'things',
      path: '/app/things',
      tab: 'things',
      labelKey: 'tabs.things',
    });
    expect(isModuleName('gateway')).toBe(true);
    expect(isModuleName('applicationTab')).toBe(false);
  });

  it('marks the mapmaker builder beta, names labels and guarding tabs', () => {
    expect(parseAppRoute('/app/model/mapmaker')?.route).toMatchObject({
      beta: true,
      tab: 'mapMaker',
      labelKey: 'tabs.mapMaker',
      legacy: true,
    });
    expect(parseAppRoute('/app/services/license')?.route).toMatchObject({
      tab: 'licenseGenerator',
      labelKey: 'tabs.licenseGenerator',
      beta: false,
    });
    expect(parseAppRoute('/app/home/welcome')?.route.labelKey).toBe('tabs.welcome');
    expect(parseAppRoute('/app/services/logs')?.route.labelKey).toBe('tabs.logs');
    expect(parseAppRoute('/app/machinelearning')?.route).toMatchObject({
      tab: null,
      labelKey: 'tabs.machinelearning',
    });
    expect(parseAppRoute('/app/applicationTab/1/menu/2')?.route.labelKey).toBe(
      'tabs.applicationTab',
    );
    expect(APP_ROUTES.every((route) => route.legacy)).toBe(true);
  });

  it.each([
    [
      '/app/things/thing',
      { module: 'things', featureModule: 'thing', page: 'thing', params: {}, tab: 'thing' },
    ],
    [
      '#/app/things/thing/?q=1',
      {
        module: 'things',
        featureModule: 'thing',
        page: 'thing',
        params: {},
        tab: 'thing',
        path: '/app/things/thing',
      },
    ],
    [
      '/app/things',
      { module: 'things', featureModule: null, page: null, params: {}, tab: 'things' },
    ],
    [
      '/app/tenants/group/config/12',
      {
        module: 'tenants',
        featureModule: 'group',
        page: 'group/config/:id',
        params: { id: '12' },
        tab: 'group',
      },
    ],
    [
      '/app/analytics/report/edit/a%20b',
      {
        module: 'analytics',
        featureModule: 'report',
        page: 'report/edit/:id',
        params: { id: 'a b' },
      },
    ],
    ['/app/analytics/report/edit/%E0%A4%A', { params: { id: '%E0%A4%A' } }],
    [
      '/app/applicationTab/3/menu/9/report/4',
      {
        module: 'applicationTab',
        featureModule: '3',
        page: ':tabId/menu/:menuId/report/:reportId',
        params: { tabId: '3', menuId: '9', reportId: '4' },
        tab: null,
      },
    ],
  ])('parseAppRoute(%s)', (url, expected) => {
    expect(parseAppRoute(url)).toMatchObject(expected);
  });

  it.each([
    '/app/nothing',
    '/app/things/thing/extra',
    '/login',
    '',
    '/app/tenants/group/config/',
    '/APP/things',
    '/app/applicationTab//menu/2',
  ])('%s is not a page', (url) => {
    expect(parseAppRoute(url)).toBeNull();
  });
});

describe('records have addresses', () => {
  it.each([
    [
      '/app/things/thing/4',
      {
        module: 'things',
        featureModule: 'thing',
        page: 'thing/:recordId',
        params: { recordId: '4' },
        tab: 'thing',
        sidebar: 'DEFAULT',
      },
    ],
    [
      '/app/things/thing/new',
      { page: 'thing/:recordId', params: { recordId: 'new' }, tab: 'thing' },
    ],
    [
      '#/app/things/thing/4/?sort=name:desc',
      { path: '/app/things/thing/4', params: { recordId: '4' } },
    ],
    ['/app/things/thingType/12', { tab: 'thingType', sidebar: 'DEFAULT' }],
    ['/app/tenants/group/3', { tab: 'group', page: 'group/:recordId' }],
    ['/app/tenants/groupType/3', { tab: 'groupType' }],
    ['/app/tenants/user/9', { tab: 'user', sidebar: 'DEFAULT' }],
    ['/app/tenants/role/2', { tab: 'role' }],
    ['/app/tenants/resource/2', { tab: 'resource', sidebar: 'NONE' }],
    ['/app/gateway/edgebox/2', { tab: 'edgeboxes' }],
    ['/app/model/zone/7', { tab: 'zone', params: { recordId: '7' } }],
    ['/app/model/zoneType/7', { tab: 'zoneType' }],
    ['/app/model/zoneGroup/7', { tab: 'zoneGroup' }],
    ['/app/model/logicalReader/7', { tab: 'logicalReader' }],
    ['/app/services/connection/7', { tab: 'connection' }],
    [
      '/app/analytics/report/folder/3',
      { tab: 'reportDefinition', sidebar: 'REPORTS', page: 'report/folder/:recordId' },
    ],
    ['/app/model/zone/builder', { page: 'zone/builder', params: {} }],
    ['/app/tenants/group/config/5', { page: 'group/config/:id' }],
    ['/app/things/thing/9999999999999999', { params: { recordId: '9999999999999999' } }],
  ])('parseAppRoute(%s)', (url, expected) => {
    expect(parseAppRoute(url)).toMatchObject(expected);
  });

  it.each([
    '/app/things/thing/0',
    '/app/things/thing/07',
    '/app/things/thing/-1',
    '/app/things/thing/1.5',
    '/app/things/thing/abc',
    '/app/things/thing/New',
    '/app/things/thing/99999999999999999',
    '/app/things/thing/4/edit',
    '/app/analytics/report/4',
    '/app/analytics/report/folder/x',
    '/app/services/apiExplorer/4',
    '/app/model/mapmaker/4',
  ])('%s is not a page', (url) => {
    expect(parseAppRoute(url)).toBeNull();
  });

  it('a record route is guarded like its list', () => {
    const operator = ['things:x', 'thing:r'];
    expect(isAppRouteAllowed('/app/things/thing/4', { permissions: operator })).toBe(true);
    expect(
      isAppRouteAllowed('/app/things/thing/4', { permissions: operator, hiddenTabs: ['thing'] }),
    ).toBe(false);
    expect(isAppRouteAllowed('/app/tenants/user/4', { permissions: operator })).toBe(false);
    expect(isLegacyPath('/things/thing/4')).toBe(true);
    expect(resolvePlaceholderRoute('/model/zone/12')).toEqual({
      kind: 'redirect',
      to: '/app/model/zone/12',
    });
  });

  it.each([
    ['/app/things/thing', '/app/things/thing/:recordId'],
    ['#/app/model/zone/', '/app/model/zone/:recordId'],
    ['/app/analytics/report', '/app/analytics/report/folder/:recordId'],
    ['/app/analytics/report/list', null],
    ['/app/model/mapmaker', null],
    ['/app/things/thing/4', null],
  ])('getRecordRoute(%s) -> %s', (list, record) => {
    expect(getRecordRoute(list)).toBe(record);
  });

  it('record routes are not menu items and every record route has its list page', () => {
    const records = APP_ROUTES.filter((route) => route.path.endsWith('/:recordId'));
    expect(records).toHaveLength(15);
    for (const record of records) {
      expect(record.menu).toBe(false);
      const list = APP_ROUTES.find((route) => getRecordRoute(route.path) === record.path);
      expect(list).toMatchObject({
        tab: record.tab,
        sidebar: record.sidebar,
        labelKey: record.labelKey,
      });
    }
  });

  it.each([
    ['/app/things/thing/4', ['UPDATED', 'UPDATED', 'UPDATED'], '/app/things/thing/5'],
    ['/app/things/thing', ['UPDATED', 'UPDATED', 'CHANGED'], '/app/things/thing/5'],
  ] as const)('routing diff %s -> %s', (previous, [module, featureModule, page], next) => {
    expect(diffRoutingState(previous, next)).toEqual({ module, featureModule, page });
  });

  it.each([
    ['/app/things/thing?sort=name:desc&page=2', '/things/thing?sort=name:desc&page=2'],
    ['#/app/things/thing/4/?status=active', '/things/thing/4?status=active'],
    ['/app/things/thing?', '/things/thing'],
    ['/app/model/zone', '/model/zone'],
    ['/app?x=1', '/?x=1'],
    ['/app/model/zone?q=1#frag', '/model/zone?q=1'],
    [7 as unknown as string, ''],
  ])('toLegacyLocation(%s) -> %s', (url, legacy) => {
    expect(toLegacyLocation(url)).toBe(legacy);
  });
});

describe('spec §2 "Sidebar state per route"', () => {
  it.each([
    // NONE: module landing pages
    ...MODULE_NAMES.map((module) => [`/app/${module}`, 'NONE'] as const),
    // NONE: "home pages, resource list, license manager, mapmaker builder, zone builder, license generator, logs,
    // machinelearning, healthandstatus, versioning, settings, sitesConfiguration list/new/edit, apiExplorer"
    ['/app/home/welcome', 'NONE'],
    ['/app/home/support', 'NONE'],
    ['/app/home/documentation', 'NONE'],
    ['/app/tenants/resource', 'NONE'],
    ['/app/tenants/license', 'NONE'],
    ['/app/model/mapmaker', 'NONE'],
    ['/app/model/zone/builder', 'NONE'],
    ['/app/services/license', 'NONE'],
    ['/app/services/logs', 'NONE'],
    ['/app/machinelearning', 'NONE'],
    ['/app/healthandstatus', 'NONE'],
    ['/app/services/versioning', 'NONE'],
    ['/app/tenants/settings', 'NONE'],
    ['/app/tenants/sitesConfiguration/list', 'NONE'],
    ['/app/tenants/sitesConfiguration/new', 'NONE'],
    ['/app/tenants/sitesConfiguration/edit/3', 'NONE'],
    ['/app/services/apiExplorer', 'NONE'],
    // "BLANK: /app/services/versioning/definition"
    ['/app/services/versioning/definition', 'BLANK'],
    // "GROUP_CONFIG, DEVICE_CONFIG, IMPORT_EXPORT, REPORTS or APPLICATION_TABS: for the matching route patterns"
    ['/app/tenants/group/config/5', 'GROUP_CONFIG'],
    ['/app/tenants/devicesConfiguration/5', 'DEVICE_CONFIG'],
    ['/app/services/importExport', 'IMPORT_EXPORT'],
    ['/app/services/importExport/5', 'IMPORT_EXPORT'],
    ['/app/analytics/report', 'REPORTS'],
    ['/app/analytics/report/list', 'REPORTS'],
    ['/app/analytics/report/create', 'REPORTS'],
    ['/app/analytics/report/edit/5', 'REPORTS'],
    ['/app/analytics/report/execution/5', 'REPORTS'],
    ['/app/applicationTab/1/menu/2', 'APPLICATION_TABS'],
    ['/app/applicationTab/1/menu/2/report/3', 'APPLICATION_TABS'],
    // "DEFAULT: otherwise"
    ['/app/things/thing', 'DEFAULT'],
    ['/app/model/zone', 'DEFAULT'],
    ['/app/tenants/sitesConfiguration', 'DEFAULT'],
    ['/app/tenants/devicesConfiguration', 'DEFAULT'],
    ['/app/unknown/page', 'DEFAULT'],
    ['/login', 'DEFAULT'],
  ] as const)('%s -> %s', (url, state) => {
    expect(getSidebarState(url)).toBe(state);
  });

  const segment = fc.constantFrom(
    ...new Set(APP_ROUTES.flatMap((route) => route.path.split('/'))),
    '1',
    'x',
    '',
    'APP',
  );
  const randomRoute = fc.oneof(
    fc.array(segment, { maxLength: 8 }).map((parts) => parts.join('/')),
    fc.constantFrom(...APP_ROUTES.map((route) => route.path.replace(/:[a-zA-Z]+/g, '7'))),
    fc.constantFrom(...APP_ROUTES.map((route) => route.path.replace(/:[a-zA-Z]+/g, 'new'))),
    fc.string(),
  );

  it('property: every route maps to exactly one sidebar state (the table never matches twice)', () => {
    fc.assert(
      fc.property(randomRoute, (url) => {
        const matches = matchAllRoutes(url);
        expect(matches.length).toBeLessThanOrEqual(1);
        const state = getSidebarState(url);
        expect(SIDEBAR_STATES.filter((candidate) => candidate === state)).toHaveLength(1);
        expect(state).toBe(matches[0]?.sidebar ?? 'DEFAULT');
      }),
      { numRuns: 3000 },
    );
  });
});

describe('spec §5 "Navigation refuses a path that is empty or not text, or that has undefined or null route parameters"', () => {
  it.each([
    ['/app/things/thing', true, '/app/things/thing'],
    [['/app', 'tenants', 'group', 'config', 4], true, '/app/tenants/group/config/4'],
    [['/app/', '/tenants'], true, '/app/tenants'],
    ['', false, 'empty path'],
    ['   ', false, 'empty path'],
    [[], false, 'empty path'],
    [null, false, 'path is not text'],
    [undefined, false, 'path is not text'],
    [42, false, 'path is not text'],
    [{ path: '/app' }, false, 'path is not text'],
    [['/app', 'tenants', undefined], false, 'undefined or null route parameter'],
    [['/app', null], false, 'undefined or null route parameter'],
    [['/app', ''], false, 'route parameter is not text'],
    [['/app', Number.NaN], false, 'route parameter is not text'],
    [['/app', {}], false, 'route parameter is not text'],
    ['/app/tenants/group/config/undefined', false, 'undefined or null route parameter'],
    ['/app/analytics/report/edit/null?x=1', false, 'undefined or null route parameter'],
  ])('%j -> %s', (target, ok, detail) => {
    const result = validateNavigationTarget(target);
    expect(result.ok).toBe(ok);
    expect(isValidNavigationTarget(target)).toBe(ok);
    expect(result.ok ? result.path : result.reason).toBe(detail);
  });
});

describe('spec §2 placeholder route: "/app passes; a legacy path is redirected to /app plus that path; anything else goes to /app/home/welcome"', () => {
  it.each([
    ['/app/things/thing', { kind: 'pass', to: '/app/things/thing' }],
    ['/app', { kind: 'pass', to: '/app' }],
    ['/app/not/known', { kind: 'pass', to: '/app/not/known' }],
    ['/things/thing', { kind: 'redirect', to: '/app/things/thing' }],
    ['/tenants/group/config/4/', { kind: 'redirect', to: '/app/tenants/group/config/4' }],
    ['/model', { kind: 'redirect', to: '/app/model' }],
    ['/apple', { kind: 'redirect', to: '/app/home/welcome' }],
    ['/nothing', { kind: 'redirect', to: '/app/home/welcome' }],
    ['/', { kind: 'redirect', to: '/app/home/welcome' }],
    ['things/thing', { kind: 'redirect', to: '/app/home/welcome' }],
  ])('%s -> %j', (path, decision) => {
    expect(resolvePlaceholderRoute(path)).toEqual(decision);
  });

  it.each([
    ['/things/thing', true],
    ['/app/things/thing', false],
    ['/login', false],
    [7, false],
  ])('isLegacyPath(%j) -> %s', (path, expected) => {
    expect(isLegacyPath(path)).toBe(expected);
  });

  it.each([
    ['/app/things/thing', '/things/thing'],
    ['#/app/model/zone?x', '/model/zone'],
    ['/app', '/'],
    ['/other', '/other'],
  ])('toLegacyPath(%s) -> %s', (url, legacy) => {
    expect(toLegacyPath(url)).toBe(legacy);
  });

  it('normalizes paths', () => {
    expect(normalizePath(3)).toBe('');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('#/app//')).toBe('/app');
    expect(isAppPath('/app/')).toBe(true);
    expect(isAppPath('/apple')).toBe(false);
  });
});

describe('spec §2 "If a module is opened with no sub-page and autoLoadTabMenus is "true", the first menu item the user may access is opened"', () => {
  it.each([
    ['things', 'true', ['things:x', 'thingtype:x'], [], '/app/things/thingType'],
    ['things', 'true', ['things:x', 'thing:r', 'thingtype:x'], [], '/app/things/thing'],
    ['things', 'true', ['things:x', 'thing:r', 'thingtype:x'], ['thing'], '/app/things/thingType'],
    ['things', 'TRUE', ['things:x', 'thing:r'], [], '/app/things/thing'],
    ['things', true, ['things:x', 'thing:r'], [], '/app/things/thing'],
    // an item of a module the user may not open is not one the user may access
    ['things', true, ['thing:r'], [], null],
    ['things', 'false', ['thing:r'], [], null],
    ['things', undefined, ['thing:r'], [], null],
    ['things', 'true', ['things:x'], [], null],
    ['home', 'true', [], [], '/app/home/welcome'],
    ['model', 'true', ['model:x', 'zone:r', 'zone:u'], [], '/app/model/zone'],
    // the reports list is an item: a user with reports but no folder access lands on the folders
    // page all the same (both need report_definition:x)
    ['analytics', 'true', ['analytics:x', 'report_definition:x'], [], '/app/analytics/report'],
    ['services', 'true', ['services:x', 'auditlog:r'], [], '/app/services/subscription'],
    ['services', 'true', ['services:x', 'auditlog:r'], ['subscription'], '/app/services/logs'],
    ['services', 'true', ['services:x'], ['subscription'], null],
    ['nothing', 'true', ['zone:*'], [], null],
  ] as const)(
    '%s with autoLoadTabMenus=%j and %j (hidden %j) -> %s',
    (module, autoLoadTabMenus, permissions, hiddenTabs, target) => {
      expect(getAutoLoadTarget(module, { autoLoadTabMenus, permissions, hiddenTabs })).toBe(target);
    },
  );

  it.each([
    ['true', true],
    [' True ', true],
    [true, true],
    ['1', false],
    [1, false],
    [null, false],
  ])('isAutoLoadEnabled(%j) -> %s', (value, expected) => {
    expect(isAutoLoadEnabled(value)).toBe(expected);
  });
});

describe('route access', () => {
  it.each([
    ['/app/things/thing', ['things:x', 'thing:r'], [], true],
    ['/app/things/thing', ['thing:r'], [], false], // module tab not visible
    ['/app/things/thing', ['things:x', 'thing:r'], ['things'], false],
    ['/app/things/thing', ['things:x'], [], false],
    ['/app/home/welcome', [], [], true],
    ['/app/machinelearning', [], [], true],
    ['/app/applicationTab/1/menu/2', ['report_definition:r'], [], false], // no tabs defined
    ['/app/nowhere', ['zone:*'], [], false],
    // a route's own requirement beyond its tab: the audit log needs auditlog:r
    ['/app/services/logs', ['services:x'], [], false],
    ['/app/services/logs', ['services:x', 'auditlog:r'], [], true],
    ['/app/services/logs', ['services:x', 'auditlog:*'], [], true],
    ['/app/services/logs', ['auditlog:r'], [], false],
    ['/app/services/logs', ['services:x', 'auditlog:r'], ['services'], false],
    // the demo viewer holds analytics:x and reads reports, but report pages need report_definition:x
    ['/app/analytics/report', ['analytics:x', 'report_definition:r'], [], false],
    ['/app/analytics/report/list', ['analytics:x', 'report_definition:x'], [], true],
  ] as const)('%s with %j hidden %j -> %s', (url, permissions, hiddenTabs, allowed) => {
    expect(isAppRouteAllowed(url, { permissions, hiddenTabs })).toBe(allowed);
  });

  // the tenant's application tabs: tab 1 (menus 1 and 2), tab 2 (menu 7)
  const applicationTabs = APPLICATION_TABS_FIXTURE;

  it.each([
    ['/app/applicationTab/1/menu/1', ['report_definition:r'], true],
    ['/app/applicationTab/1/menu/2/report/3', ['report_definition:r'], true],
    ['/app/applicationTab/2/menu/7', ['report_definition:*'], true],
    ['/app/applicationTab/1/menu/1', [], false], // no report_definition:r
    ['/app/applicationTab/1/menu/1', ['report_definition:x'], false],
    ['/app/applicationTab/2/menu/1', ['report_definition:r'], false], // menu of another tab
    ['/app/applicationTab/3/menu/1', ['report_definition:r'], false], // unknown tab
    ['/app/applicationTab/1/menu/9', ['report_definition:r'], false], // unknown menu
    ['/app/applicationTab/ops/menu/1', ['report_definition:r'], false],
  ] as const)('application tab %s with %j -> %s', (url, permissions, allowed) => {
    expect(isAppRouteAllowed(url, { permissions, applicationTabs })).toBe(allowed);
  });

  it.each([
    ['/app/applicationTab/1/menu/2', ['report_definition:r'], '1:1,2'],
    ['/app/applicationTab/2/menu/7/report/9', ['report_definition:r'], '2:7'],
    ['/app/applicationTab/2/menu/1', ['report_definition:r'], null],
    ['/app/applicationTab/1/menu/1', [], null],
    ['/app/analytics/report', ['report_definition:r'], null],
    ['/app/nowhere', ['report_definition:r'], null],
  ] as const)('the open application tab at %s with %j: %s', (url, permissions, expected) => {
    const tab = getOpenApplicationTab(url, { permissions, applicationTabs });
    expect(tab ? `${tab.id}:${tab.menus.map((menu) => menu.id).join(',')}` : null).toBe(expected);
  });

  it('no open application tab on another page, tabs defined or not', () => {
    expect(getOpenApplicationTab('/app/home/welcome', { permissions: [] })).toBeNull();
    expect(
      getOpenApplicationTab('/app/home/welcome', {
        permissions: ['report_definition:r'],
        applicationTabs,
      }),
    ).toBeNull();
  });

  it('lands on an application tab named by defaultNavBar only when it exists', () => {
    const context = {
      permissions: ['report_definition:r', 'things:x'],
      defaultNavBar: '/app/applicationTab/2/menu/7',
    };
    expect(getDefaultLandingUrl({ ...context, applicationTabs })).toBe(
      '/app/applicationTab/2/menu/7',
    );
    expect(getDefaultLandingUrl(context)).toBe('/app/things');
  });

  it.each([
    // the demo viewer: analytics:x and read access, no report_definition:x: the module offers nothing
    ['analytics', ['analytics:x', 'report_definition:r', 'reportDefinitionfolder:r'], [], []],
    [
      'analytics',
      ['analytics:x', 'report_definition:x'],
      [],
      ['/app/analytics/report', '/app/analytics/report/list'],
    ],
    ['things', ['things:x', 'thing:r', 'thingtype:r'], [], ['/app/things/thing']],
    ['things', ['things:x', 'thing:r', 'thingtype:x'], ['thing'], ['/app/things/thingType']],
    ['things', ['thing:r', 'thingtype:x'], [], []],
    [
      'services',
      ['services:x', 'auditlog:r'],
      [],
      ['/app/services/subscription', '/app/services/logs'],
    ],
    ['nothing', ['zone:*'], [], []],
  ] as const)(
    'getAllowedModulePages(%s) with %j hidden %j -> %j',
    (module, permissions, hiddenTabs, paths) => {
      expect(
        getAllowedModulePages(module, { permissions, hiddenTabs }).map((page) => page.path),
      ).toEqual(paths);
    },
  );

  it('accepts a parsed route', () => {
    const match = parseAppRoute('/app/tenants/group/config/3');
    if (!match) throw new Error('no match');
    expect(isAppRouteAllowed(match, { permissions: ['tenants:x', 'group:r'] })).toBe(true);
  });
});

describe('spec §2 "The default landing page after login"', () => {
  const operator = [
    'things:x',
    'thing:r',
    'model:x',
    'zone:r',
    'zone:u',
    'analytics:x',
    'report_definition:x',
  ];
  it.each([
    [
      '"defaultNavBar, if the user has that tab permission and it is not hidden"',
      { defaultNavBar: 'model', permissions: operator },
      '/app/model',
    ],
    [
      'defaultNavBar compared case-insensitively',
      { defaultNavBar: 'Analytics', permissions: operator },
      '/app/analytics',
    ],
    [
      'defaultNavBar as a JSON string',
      { defaultNavBar: '"model"', permissions: operator },
      '/app/model',
    ],
    [
      'defaultNavBar without permission: first permitted module',
      { defaultNavBar: 'tenants', permissions: operator },
      '/app/things',
    ],
    [
      'defaultNavBar hidden: first permitted module',
      { defaultNavBar: 'model', permissions: operator, hiddenTabs: ['model'] },
      '/app/things',
    ],
    [
      '"first module, in index order, that the user has permission for and has not hidden"',
      { permissions: operator, hiddenTabs: ['things'] },
      '/app/model',
    ],
    [
      'with autoLoadTabMenus the module opens its first accessible item',
      { permissions: operator, autoLoadTabMenus: 'true' },
      '/app/things/thing',
    ],
    [
      'defaultNavBar module with autoLoadTabMenus',
      { defaultNavBar: 'model', permissions: operator, autoLoadTabMenus: 'true' },
      '/app/model/zone',
    ],
    [
      'defaultNavBar naming a page tab',
      { defaultNavBar: 'zone', permissions: operator },
      '/app/model/zone',
    ],
    [
      'defaultNavBar naming a page tab the user lacks',
      { defaultNavBar: 'zoneType', permissions: operator },
      '/app/things',
    ],
    [
      'defaultNavBar naming a tab without a page (edge)',
      { defaultNavBar: 'edge', permissions: ['edge:x', 'gateway:x'] },
      '/app/gateway',
    ],
    ['defaultNavBar home', { defaultNavBar: 'home', permissions: operator }, '/app/home/welcome'],
    [
      'defaultNavBar as an allowed path',
      { defaultNavBar: '/app/model/zone/', permissions: operator },
      '/app/model/zone',
    ],
    [
      'defaultNavBar as a forbidden path',
      { defaultNavBar: '/app/tenants/user', permissions: operator },
      '/app/things',
    ],
    ['defaultNavBar unknown', { defaultNavBar: 'nowhere', permissions: operator }, '/app/things'],
    ['defaultNavBar not text', { defaultNavBar: 5, permissions: operator }, '/app/things'],
    [
      '"If the user has none": home, always shown (decision)',
      { defaultNavBar: 'things', permissions: [] },
      '/app/home/welcome',
    ],
    [
      'a permission set is accepted',
      { permissions: createPermissionSet(['services:x']) },
      '/app/services',
    ],
  ])('%s', (_rule, context, url) => {
    expect(getDefaultLandingUrl(context)).toBe(url);
  });
});

describe('spec §4 "Module, feature module and page are each marked CHANGED or UPDATED relative to the previous route"', () => {
  it.each([
    [null, '/app/things/thing', ['CHANGED', 'CHANGED', 'CHANGED']],
    [undefined, '/app/things/thing', ['CHANGED', 'CHANGED', 'CHANGED']],
    ['/app/things/thing', '/app/things/thing', ['UPDATED', 'UPDATED', 'UPDATED']],
    ['/app/things/thing', '/app/things/thing?page=2', ['UPDATED', 'UPDATED', 'UPDATED']],
    ['/app/things/thing', '/app/things/thingType', ['UPDATED', 'CHANGED', 'CHANGED']],
    ['/app/things/thing', '/app/model/zone', ['CHANGED', 'CHANGED', 'CHANGED']],
    [
      '/app/analytics/report/edit/4',
      '/app/analytics/report/edit/5',
      ['UPDATED', 'UPDATED', 'UPDATED'],
    ],
    [
      '/app/analytics/report/edit/4',
      '/app/analytics/report/execution/4',
      ['UPDATED', 'UPDATED', 'CHANGED'],
    ],
    [
      '/app/applicationTab/1/menu/2',
      '/app/applicationTab/2/menu/2',
      ['UPDATED', 'CHANGED', 'CHANGED'],
    ],
    ['/app/x/y/z', '/app/x/y/w', ['UPDATED', 'UPDATED', 'CHANGED']],
    ['/app/things', '/app/things/thing', ['UPDATED', 'CHANGED', 'CHANGED']],
  ] as const)('%s -> %s', (previous, next, [module, featureModule, page]) => {
    expect(diffRoutingState(previous, next)).toEqual({ module, featureModule, page });
  });

  it.each([
    [
      '/app/x/y/z/w',
      { path: '/app/x/y/z/w', module: 'x', featureModule: 'y', page: 'z/w', params: {} },
    ],
    ['/other', { path: '/other', module: 'other', featureModule: null, page: null, params: {} }],
    ['', { path: '', module: null, featureModule: null, page: null, params: {} }],
  ])('getRoutingParts(%s) for a route outside the table', (url, parts) => {
    expect(getRoutingParts(url)).toEqual(parts);
  });
});
