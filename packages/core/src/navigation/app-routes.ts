/**
 * The route table of spec §2 ("Modules and pages", "Other routes", "Sidebar state per route").
 *
 * Every application route lives under `/app`. The legacy interface serves the same routes without
 * the `/app` prefix (`/app/things/thing` is legacy `/things/thing`), so every route here is also a
 * legacy page (`legacy: true`): the console renders the shell around it and the page in the frame.
 *
 * Decisions where the spec is silent:
 * - Guarding tab of the "other routes": group config → `group`, devices configuration by id →
 *   `devicesConfiguration`, sites configuration list/new/edit → `sitesConfiguration`, import/export
 *   by id → `importExport`, every analytics report page → `reportDefinition`, zone builder → `zone`,
 *   versioning definition → `versioning`, services logs → `services` plus `auditlog:r` (the
 *   services answer the trail only with it; a route's `requires`). machinelearning,
 *   healthandstatus and application tabs have no tab rule (an application tab's rule is its own:
 *   `report_definition:r` and a tab and menu the tenant defines).
 * - A bare sitesConfiguration / devicesConfiguration page is not in the spec's NONE list, so it has
 *   the DEFAULT sidebar; only their list/new/edit (sites) pages have none.
 * - Paths are case-sensitive, a trailing `/`, a leading `#` and a query string are ignored.
 * - Records have addresses: every resource list page that edits its rows in place has a
 *   record route `{list}/:recordId` (`/app/things/thing/4`, `/app/things/thing/new`), guarded by the
 *   list's tab, with the list's sidebar. A `:recordId` is a positive integer (at most 16 digits) or
 *   `new`, so `/app/model/zone/builder` stays the zone builder. Report folders live at
 *   `/app/analytics/report/folder/:recordId` (`/app/analytics/report/list` is a page of its own).
 * - Every page a user may open is a menu item of its module, so the sidebar and the palette reach
 *   it: the reports list (`report/list`, "Reports") beside the report folders (`report`, "Report
 *   folders": one name for the page, the sidebar and the palette) and the audit log (`logs`).
 * - How a state shapes the sidebar ({@link getSidebarLayout}): NONE pages have no standing
 *   sidebar, the module's pages stay one button away (the Pages drawer: no dead ends); BLANK has
 *   no sidebar and no Pages button (a page of its own, the versioning definition); every other
 *   state stands the module's pages beside the page (REPORTS adds the open folder). An application
 *   tab's menus are the tenant's (`config/application-tabs.ts`), so APPLICATION_TABS stands the
 *   open tab's menus (nothing of the module table); which tab and menu ids exist, and who may use
 *   them, is `isAppRouteAllowed`'s question.
 */
import { decodeUriLenient } from './uri.ts';
import type { TabName } from '../permissions/tab-visibility.ts';

/** The sidebar states of spec §2 (DESIGN §4 contract). */
export type SidebarState =
  | 'NONE'
  | 'BLANK'
  | 'GROUP_CONFIG'
  | 'DEVICE_CONFIG'
  | 'IMPORT_EXPORT'
  | 'REPORTS'
  | 'APPLICATION_TABS'
  | 'DEFAULT';

/** Every sidebar state. */
export const SIDEBAR_STATES: readonly SidebarState[] = [
  'NONE',
  'BLANK',
  'GROUP_CONFIG',
  'DEVICE_CONFIG',
  'IMPORT_EXPORT',
  'REPORTS',
  'APPLICATION_TABS',
  'DEFAULT',
];

/** The modules of spec §1/§2, in index order. */
export const MODULE_NAMES = [
  'home',
  'things',
  'tenants',
  'gateway',
  'model',
  'services',
  'analytics',
] as const;
/** A module of spec §2. */
export type ModuleName = (typeof MODULE_NAMES)[number];
/** The first path segment after `/app` of any route: a module or one of the other top-level routes. */
export type RouteModule = ModuleName | 'applicationTab' | 'machinelearning' | 'healthandstatus';

/** A module: its path, the tab that shows it, its i18n label key. */
export interface AppModule {
  readonly name: ModuleName;
  readonly path: string;
  readonly tab: TabName;
  readonly labelKey: string;
}

/** One route of the table. */
export interface AppRoute {
  /** The pattern, `:name` for a parameter: `/app/tenants/group/config/:id`. */
  readonly path: string;
  readonly module: RouteModule;
  /** The sub-page pattern after the module (`group/config/:id`); null for a module landing page. */
  readonly page: string | null;
  /** The first segment after the module (`group`); null for a module landing page. */
  readonly featureModule: string | null;
  /** The tab whose visibility guards the route; null when any signed-in user may open it. */
  readonly tab: TabName | null;
  /** The i18n key of its label (`tabs.thingType`). */
  readonly labelKey: string;
  /** The name in its label key (`thingType`, `reportFolders`): the tab vocabulary's key for it. */
  readonly labelName: string;
  readonly sidebar: SidebarState;
  /** True for a sub-page of the module table, i.e. an item of the module's menu. */
  readonly menu: boolean;
  /** True when the page is shown by the legacy interface (every route of spec §2). */
  readonly legacy: boolean;
  /** True for a page marked beta (the mapmaker builder). */
  readonly beta: boolean;
  /**
   * A permission expression the page needs beyond its tab's rule (the audit log's `auditlog:r`);
   * null when the tab's rule is all it needs.
   */
  readonly requires: string | null;
}

type RouteSpec = readonly [
  path: string,
  tab: TabName | null,
  sidebar: SidebarState,
  options?: { menu?: boolean; label?: string; beta?: boolean; requires?: string },
];

const MENU = { menu: true } as const;

const ROUTE_SPECS: readonly RouteSpec[] = [
  ['/app/home', 'home', 'NONE'],
  ['/app/home/welcome', 'home', 'NONE', { menu: true, label: 'welcome' }],
  ['/app/home/support', 'home', 'NONE', { menu: true, label: 'support' }],
  ['/app/home/quickGuides', 'home', 'NONE', { menu: true, label: 'quickGuides' }],
  ['/app/home/videoTutorials', 'home', 'NONE', { menu: true, label: 'videoTutorials' }],
  ['/app/home/documentation', 'home', 'NONE', { menu: true, label: 'documentation' }],
  ['/app/things', 'things', 'NONE'],
  ['/app/things/thing', 'thing', 'DEFAULT', MENU],
  ['/app/things/thingType', 'thingType', 'DEFAULT', MENU],
  ['/app/tenants', 'tenants', 'NONE'],
  ['/app/tenants/group', 'group', 'DEFAULT', MENU],
  ['/app/tenants/groupType', 'groupType', 'DEFAULT', MENU],
  ['/app/tenants/sitesConfiguration', 'sitesConfiguration', 'DEFAULT', MENU],
  ['/app/tenants/devicesConfiguration', 'devicesConfiguration', 'DEFAULT', MENU],
  ['/app/tenants/user', 'user', 'DEFAULT', MENU],
  ['/app/tenants/role', 'role', 'DEFAULT', MENU],
  ['/app/tenants/resource', 'resource', 'NONE', MENU],
  ['/app/tenants/license', 'license', 'NONE', MENU],
  ['/app/tenants/settings', 'settings', 'NONE', MENU],
  ['/app/tenants/rulesAttributes', 'rulesAttributes', 'DEFAULT', MENU],
  ['/app/tenants/group/config/:id', 'group', 'GROUP_CONFIG'],
  ['/app/tenants/devicesConfiguration/:id', 'devicesConfiguration', 'DEVICE_CONFIG'],
  ['/app/tenants/sitesConfiguration/list', 'sitesConfiguration', 'NONE'],
  ['/app/tenants/sitesConfiguration/new', 'sitesConfiguration', 'NONE'],
  ['/app/tenants/sitesConfiguration/edit/:id', 'sitesConfiguration', 'NONE'],
  ['/app/gateway', 'gateway', 'NONE'],
  ['/app/gateway/edgebox', 'edgeboxes', 'DEFAULT', MENU],
  ['/app/gateway/scheduledRule', 'scheduledRule', 'DEFAULT', MENU],
  ['/app/gateway/streamApp', 'streamApp', 'DEFAULT', MENU],
  ['/app/model', 'model', 'NONE'],
  ['/app/model/mapmaker', 'mapMaker', 'NONE', { menu: true, beta: true }],
  ['/app/model/zone', 'zone', 'DEFAULT', MENU],
  ['/app/model/zoneType', 'zoneType', 'DEFAULT', MENU],
  ['/app/model/zoneGroup', 'zoneGroup', 'DEFAULT', MENU],
  ['/app/model/logicalReader', 'logicalReader', 'DEFAULT', MENU],
  ['/app/model/zone/builder', 'zone', 'NONE'],
  ['/app/services', 'services', 'NONE'],
  ['/app/services/importExport', 'importExport', 'IMPORT_EXPORT', MENU],
  ['/app/services/connection', 'connection', 'DEFAULT', MENU],
  ['/app/services/license', 'licenseGenerator', 'NONE', MENU],
  ['/app/services/versioning', 'versioning', 'NONE', MENU],
  ['/app/services/apiExplorer', 'apiExplorer', 'NONE', MENU],
  ['/app/services/endpoint', 'endpoint', 'DEFAULT', MENU],
  ['/app/services/dataRetentionPolicy', 'dataRetentionPolicy', 'DEFAULT', MENU],
  ['/app/services/subscription', 'subscription', 'DEFAULT', MENU],
  ['/app/services/importExport/:id', 'importExport', 'IMPORT_EXPORT'],
  ['/app/services/versioning/definition', 'versioning', 'BLANK'],
  ['/app/services/logs', 'services', 'NONE', { menu: true, label: 'logs', requires: 'auditlog:r' }],
  ['/app/analytics', 'analytics', 'NONE'],
  ['/app/analytics/report', 'reportDefinition', 'REPORTS', { menu: true, label: 'reportFolders' }],
  ['/app/analytics/report/list', 'reportDefinition', 'REPORTS', MENU],
  ['/app/analytics/report/create', 'reportDefinition', 'REPORTS'],
  ['/app/analytics/report/edit/:id', 'reportDefinition', 'REPORTS'],
  ['/app/analytics/report/execution/:id', 'reportDefinition', 'REPORTS'],
  [
    '/app/applicationTab/:tabId/menu/:menuId',
    null,
    'APPLICATION_TABS',
    { label: 'applicationTab' },
  ],
  [
    '/app/applicationTab/:tabId/menu/:menuId/report/:reportId',
    null,
    'APPLICATION_TABS',
    { label: 'applicationTab' },
  ],
  ['/app/machinelearning', null, 'NONE', { label: 'machinelearning' }],
  ['/app/healthandstatus', null, 'NONE', { label: 'healthandstatus' }],
];

/** The parameter name of a record address, and what it accepts: a row id or `new`. */
export const RECORD_PARAM = 'recordId';
const RECORD_ID = /^(?:new|[1-9]\d{0,15})$/;

/** Resource list pages whose rows have addresses: list path → record route pattern. */
const RECORD_PAGES: readonly (readonly [list: string, record: string])[] = [
  ...[
    '/app/things/thing',
    '/app/things/thingType',
    '/app/tenants/group',
    '/app/tenants/groupType',
    '/app/tenants/user',
    '/app/tenants/role',
    '/app/tenants/resource',
    '/app/gateway/edgebox',
    '/app/model/zone',
    '/app/model/zoneType',
    '/app/model/zoneGroup',
    '/app/model/logicalReader',
    '/app/services/connection',
    // the trained models of the machine learning page
    '/app/machinelearning',
  ].map((list) => [list, `${list}/:${RECORD_PARAM}`] as const),
  ['/app/analytics/report', `/app/analytics/report/folder/:${RECORD_PARAM}`],
];

const RECORD_SPECS: readonly RouteSpec[] = RECORD_PAGES.map(([list, record]) => {
  const spec = ROUTE_SPECS.find(([path]) => path === list) as RouteSpec;
  return [record, spec[1], spec[2], { label: spec[3]?.label ?? String(spec[1]) }];
});

/** Every route of spec §2, modules first within each module, then pages, then other routes; record routes last. */
export const APP_ROUTES: readonly AppRoute[] = [...ROUTE_SPECS, ...RECORD_SPECS].map(
  ([path, tab, sidebar, options = {}]) => {
    const [, , module = '', featureModule = null, ...rest] = path.split('/');
    return {
      path,
      module: module as RouteModule,
      page: featureModule === null ? null : [featureModule, ...rest].join('/'),
      featureModule,
      tab,
      labelKey: `tabs.${String(options.label ?? tab)}`,
      labelName: String(options.label ?? tab),
      sidebar,
      menu: options.menu === true,
      legacy: true,
      beta: options.beta === true,
      requires: options.requires ?? null,
    };
  },
);

/** The modules in index order (spec §1), each with its landing path and tab. */
export const MODULES: readonly AppModule[] = MODULE_NAMES.map((name) => ({
  name,
  path: `/app/${name}`,
  tab: name,
  labelKey: `tabs.${name}`,
}));

/** True for one of {@link MODULE_NAMES}. */
export function isModuleName(value: unknown): value is ModuleName {
  return typeof value === 'string' && (MODULE_NAMES as readonly string[]).includes(value);
}

/** The menu items (sub-pages of the spec §2 module table) of a module, in table order; [] for anything else. */
export function getModulePages(module: string): AppRoute[] {
  return APP_ROUTES.filter((route) => route.menu && route.module === module);
}

/** A URL matched against the route table. */
export interface AppRouteMatch {
  /** The normalised path (no `#`, query or trailing `/`). */
  readonly path: string;
  readonly route: AppRoute;
  readonly module: RouteModule;
  /** The first segment after the module as written (`report`; the tab id of an application tab). */
  readonly featureModule: string | null;
  /** The sub-page pattern (`report/edit/:id`), null on a module landing page. */
  readonly page: string | null;
  readonly params: Readonly<Record<string, string>>;
  readonly tab: TabName | null;
  readonly sidebar: SidebarState;
}

/** Strips a leading `#`, the query string and trailing slashes; `''` for non-text. */
export function normalizePath(url: unknown): string {
  if (typeof url !== 'string') return '';
  let path = url.trim();
  if (path.startsWith('#')) path = path.slice(1);
  const query = path.search(/[?#]/);
  if (query >= 0) path = path.slice(0, query);
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

const COMPILED = APP_ROUTES.map((route) => ({ route, segments: route.path.split('/').slice(1) }));

/** Every route whose pattern matches `path` (the table is unambiguous: at most one; a test asserts it). */
export function matchAllRoutes(url: string): AppRouteMatch[] {
  const path = normalizePath(url);
  const segments = path.split('/').slice(1);
  const matches: AppRouteMatch[] = [];
  for (const { route, segments: pattern } of COMPILED) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((part, index) => {
      const actual = segments[index] as string;
      if (!part.startsWith(':')) return part === actual;
      if (actual === '') return false;
      if (part === `:${RECORD_PARAM}` && !RECORD_ID.test(actual)) return false;
      params[part.slice(1)] = decodeUriLenient(actual);
      return true;
    });
    if (fits) {
      matches.push({
        path,
        route,
        module: route.module,
        featureModule: route.featureModule === null ? null : (segments[2] as string),
        page: route.page,
        params,
        tab: route.tab,
        sidebar: route.sidebar,
      });
    }
  }
  return matches;
}

/**
 * Matches a URL (`/app/...`, optionally with `#`, a query or a trailing slash) against the route
 * table: module, feature module, page, parameters, guarding tab and sidebar state; null when it is
 * not a page of spec §2.
 */
export function parseAppRoute(url: string): AppRouteMatch | null {
  return matchAllRoutes(url)[0] ?? null;
}

/** Spec §2 "Sidebar state per route": the state of the matching route, DEFAULT otherwise. */
export function getSidebarState(url: string): SidebarState {
  return parseAppRoute(url)?.sidebar ?? 'DEFAULT';
}

/** How a sidebar state shapes the shell's sidebar (see the decisions above). */
export interface SidebarLayout {
  /** The module's pages stand beside the page (a drawer behind the Pages button on a phone). */
  readonly standing: boolean;
  /** The module's pages are behind a Pages button (the drawer), whatever the width. */
  readonly drawer: boolean;
}

const SIDEBAR_LAYOUTS: Readonly<Record<SidebarState, SidebarLayout>> = {
  NONE: { standing: false, drawer: true },
  BLANK: { standing: false, drawer: false },
  GROUP_CONFIG: { standing: true, drawer: false },
  DEVICE_CONFIG: { standing: true, drawer: false },
  IMPORT_EXPORT: { standing: true, drawer: false },
  REPORTS: { standing: true, drawer: false },
  APPLICATION_TABS: { standing: true, drawer: false },
  DEFAULT: { standing: true, drawer: false },
};

/** What a sidebar state (or the state of a URL, {@link getSidebarState}) does to the sidebar. */
export function getSidebarLayout(stateOrUrl: SidebarState | string): SidebarLayout {
  const state = (SIDEBAR_STATES as readonly string[]).includes(stateOrUrl)
    ? (stateOrUrl as SidebarState)
    : getSidebarState(stateOrUrl);
  return SIDEBAR_LAYOUTS[state];
}

/** The legacy interface's route for a console route: `/app/things/thing` → `/things/thing`, `/app` → `/`. */
export function toLegacyPath(url: string): string {
  const path = normalizePath(url);
  if (path === '/app') return '/';
  return path.startsWith('/app/') ? path.slice(4) : path;
}

/**
 * The legacy location for a console URL, query string kept: `/app/things/thing?sort=name:desc` →
 * `/things/thing?sort=name:desc` (a list's sort, filters and page live in the query).
 */
export function toLegacyLocation(url: string): string {
  const text = typeof url === 'string' ? url.trim().replace(/^#/, '') : '';
  const index = text.indexOf('?');
  const query = index >= 0 ? text.slice(index).split('#')[0] : '';
  return `${toLegacyPath(text)}${query === '?' ? '' : query}`;
}

/** The record route of a list page (`/app/things/thing` → `/app/things/thing/:recordId`); null when its rows have no address. */
export function getRecordRoute(listPath: string): string | null {
  const path = normalizePath(listPath);
  return RECORD_PAGES.find(([list]) => list === path)?.[1] ?? null;
}

/**
 * Spec §2 placeholder rule: true when `path` (without `/app`) is a route of the legacy interface,
 * such as `/things/thing` or `/tenants/group/config/4`.
 */
export function isLegacyPath(path: unknown): boolean {
  const normalized = normalizePath(path);
  if (!normalized.startsWith('/') || normalized === '/' || isAppPath(normalized)) return false;
  return parseAppRoute(`/app${normalized}`) !== null;
}

/** True for `/app` or a path under it (`/apple` is not). */
export function isAppPath(url: unknown): boolean {
  const path = normalizePath(url);
  return path === '/app' || path.startsWith('/app/');
}
