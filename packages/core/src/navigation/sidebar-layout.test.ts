import { describe, expect, it } from 'vitest';
import { APP_ROUTES, SIDEBAR_STATES, getSidebarLayout, matchAllRoutes } from './app-routes.ts';
import type { SidebarState } from './app-routes.ts';

type Shape = 'standing' | 'drawer' | 'nothing';

/**
 * Spec §2 "Sidebar state per route", every route of the table: its state, and what the shell shows.
 * standing: the module's pages beside the page; drawer: no sidebar, the pages behind the Pages
 * button; nothing: neither (BLANK).
 */
const EVERY_ROUTE: readonly (readonly [url: string, state: SidebarState, shape: Shape])[] = [
  ['/app/home', 'NONE', 'drawer'],
  ['/app/home/welcome', 'NONE', 'drawer'],
  ['/app/home/support', 'NONE', 'drawer'],
  ['/app/home/quickGuides', 'NONE', 'drawer'],
  ['/app/home/videoTutorials', 'NONE', 'drawer'],
  ['/app/home/documentation', 'NONE', 'drawer'],
  ['/app/things', 'NONE', 'drawer'],
  ['/app/things/thing', 'DEFAULT', 'standing'],
  ['/app/things/thingType', 'DEFAULT', 'standing'],
  ['/app/tenants', 'NONE', 'drawer'],
  ['/app/tenants/group', 'DEFAULT', 'standing'],
  ['/app/tenants/groupType', 'DEFAULT', 'standing'],
  ['/app/tenants/sitesConfiguration', 'DEFAULT', 'standing'],
  ['/app/tenants/devicesConfiguration', 'DEFAULT', 'standing'],
  ['/app/tenants/user', 'DEFAULT', 'standing'],
  ['/app/tenants/role', 'DEFAULT', 'standing'],
  ['/app/tenants/resource', 'NONE', 'drawer'],
  ['/app/tenants/license', 'NONE', 'drawer'],
  ['/app/tenants/settings', 'NONE', 'drawer'],
  ['/app/tenants/rulesAttributes', 'DEFAULT', 'standing'],
  ['/app/tenants/group/config/7', 'GROUP_CONFIG', 'standing'],
  ['/app/tenants/devicesConfiguration/7', 'DEVICE_CONFIG', 'standing'],
  ['/app/tenants/sitesConfiguration/list', 'NONE', 'drawer'],
  ['/app/tenants/sitesConfiguration/new', 'NONE', 'drawer'],
  ['/app/tenants/sitesConfiguration/edit/7', 'NONE', 'drawer'],
  ['/app/gateway', 'NONE', 'drawer'],
  ['/app/gateway/edgebox', 'DEFAULT', 'standing'],
  ['/app/gateway/scheduledRule', 'DEFAULT', 'standing'],
  ['/app/gateway/streamApp', 'DEFAULT', 'standing'],
  ['/app/model', 'NONE', 'drawer'],
  ['/app/model/mapmaker', 'NONE', 'drawer'],
  ['/app/model/zone', 'DEFAULT', 'standing'],
  ['/app/model/zoneType', 'DEFAULT', 'standing'],
  ['/app/model/zoneGroup', 'DEFAULT', 'standing'],
  ['/app/model/logicalReader', 'DEFAULT', 'standing'],
  ['/app/model/zone/builder', 'NONE', 'drawer'],
  ['/app/services', 'NONE', 'drawer'],
  ['/app/services/importExport', 'IMPORT_EXPORT', 'standing'],
  ['/app/services/connection', 'DEFAULT', 'standing'],
  ['/app/services/license', 'NONE', 'drawer'],
  ['/app/services/versioning', 'NONE', 'drawer'],
  ['/app/services/apiExplorer', 'NONE', 'drawer'],
  ['/app/services/endpoint', 'DEFAULT', 'standing'],
  ['/app/services/dataRetentionPolicy', 'DEFAULT', 'standing'],
  ['/app/services/subscription', 'DEFAULT', 'standing'],
  ['/app/services/importExport/7', 'IMPORT_EXPORT', 'standing'],
  ['/app/services/versioning/definition', 'BLANK', 'nothing'],
  ['/app/services/logs', 'NONE', 'drawer'],
  ['/app/analytics', 'NONE', 'drawer'],
  ['/app/analytics/report', 'REPORTS', 'standing'],
  ['/app/analytics/report/list', 'REPORTS', 'standing'],
  ['/app/analytics/report/create', 'REPORTS', 'standing'],
  ['/app/analytics/report/edit/7', 'REPORTS', 'standing'],
  ['/app/analytics/report/execution/7', 'REPORTS', 'standing'],
  ['/app/applicationTab/7/menu/7', 'APPLICATION_TABS', 'standing'],
  ['/app/applicationTab/7/menu/7/report/7', 'APPLICATION_TABS', 'standing'],
  ['/app/machinelearning', 'NONE', 'drawer'],
  ['/app/machinelearning/12', 'NONE', 'drawer'],
  ['/app/healthandstatus', 'NONE', 'drawer'],
  ['/app/things/thing/12', 'DEFAULT', 'standing'],
  ['/app/things/thingType/12', 'DEFAULT', 'standing'],
  ['/app/tenants/group/12', 'DEFAULT', 'standing'],
  ['/app/tenants/groupType/12', 'DEFAULT', 'standing'],
  ['/app/tenants/user/12', 'DEFAULT', 'standing'],
  ['/app/tenants/role/12', 'DEFAULT', 'standing'],
  ['/app/tenants/resource/12', 'NONE', 'drawer'],
  ['/app/gateway/edgebox/12', 'DEFAULT', 'standing'],
  ['/app/model/zone/12', 'DEFAULT', 'standing'],
  ['/app/model/zoneType/12', 'DEFAULT', 'standing'],
  ['/app/model/zoneGroup/12', 'DEFAULT', 'standing'],
  ['/app/model/logicalReader/12', 'DEFAULT', 'standing'],
  ['/app/services/connection/12', 'DEFAULT', 'standing'],
  ['/app/analytics/report/folder/12', 'REPORTS', 'standing'],
];

function shapeOf(state: SidebarState): Shape {
  const layout = getSidebarLayout(state);
  if (layout.standing) return 'standing';
  return layout.drawer ? 'drawer' : 'nothing';
}

describe('spec §2 sidebar state per route shapes the sidebar', () => {
  it.each(EVERY_ROUTE)('%s: %s, %s', (url, state, shape) => {
    expect(matchAllRoutes(url).map((match) => match.sidebar)).toEqual([state]);
    expect(shapeOf(state)).toBe(shape);
    expect(getSidebarLayout(url)).toEqual(getSidebarLayout(state));
  });

  it('the table names every route of the route table', () => {
    const named = new Set(EVERY_ROUTE.map(([url]) => matchAllRoutes(url)[0]?.route.path));
    expect(APP_ROUTES.filter((route) => !named.has(route.path)).map((route) => route.path)).toEqual(
      [],
    );
  });

  it.each([
    ['NONE', { standing: false, drawer: true }],
    ['BLANK', { standing: false, drawer: false }],
    ['GROUP_CONFIG', { standing: true, drawer: false }],
    ['DEVICE_CONFIG', { standing: true, drawer: false }],
    ['IMPORT_EXPORT', { standing: true, drawer: false }],
    ['REPORTS', { standing: true, drawer: false }],
    ['APPLICATION_TABS', { standing: true, drawer: false }],
    ['DEFAULT', { standing: true, drawer: false }],
  ] as const)('state %s -> %j', (state, layout) => {
    expect(getSidebarLayout(state)).toEqual(layout);
  });

  it('every state has a layout, and a URL outside the table is DEFAULT', () => {
    for (const state of SIDEBAR_STATES) expect(getSidebarLayout(state)).toBeDefined();
    expect(getSidebarLayout('/app/nowhere/at/all')).toEqual(getSidebarLayout('DEFAULT'));
    expect(getSidebarLayout('#/app/home/welcome?x=1')).toEqual({ standing: false, drawer: true });
  });
});
