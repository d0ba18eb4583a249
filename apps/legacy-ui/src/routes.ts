// The legacy UI's route table: exactly the spec §2 app routes without the `/app` prefix (the console
// validates every path the frame reports against the same table in @portico/core).
import type { MessageKey } from './i18n.ts';
import { RESOURCES } from './resources.ts';
import type { ResourceDef } from './resources.ts';

/**
 * A page of a module, as listed on its landing page (who may open it is core's rule,
 * `isAppRouteAllowed`, asked with the console's address of the page).
 */
export interface SubPage {
  path: string;
  /** A resource key of RESOURCES when the page is a resource list. */
  resource?: string;
  /** Title for pages that are not resource lists. */
  title?: MessageKey;
  /** Vocabulary concept naming the page, when the tenant may rename it. */
  concept?: string;
  beta?: boolean;
}

/** One module (a console tab). */
export interface ModuleDef {
  key: string;
  label: MessageKey;
  concept: string;
  pages: SubPage[];
}

/** A resource's list page: its route is the catalog's (through RESOURCES). */
const r = (resource: string): SubPage => ({ path: resourceListPath(resource), resource });
function resourceListPath(resource: string): string {
  const def = RESOURCES[resource];
  if (!def) throw new Error(`no resource ${resource}`);
  return def.listPath;
}
/** A page of its own; a catalog resource's list route is that resource's list page. */
const p = (path: string, title: MessageKey, extra: Partial<SubPage> = {}): SubPage => {
  const resource = Object.values(RESOURCES).find((candidate) => candidate.listPath === path);
  return resource ? r(resource.api) : { path, title, ...extra };
};

/** Modules and their sub-pages, in tab order (spec §2 "Modules and pages"). */
export const MODULES: ModuleDef[] = [
  {
    key: 'home',
    label: 'module.home',
    concept: 'Home',
    pages: [
      p('/home/welcome', 'page.welcome'),
      p('/home/support', 'page.support'),
      p('/home/quickGuides', 'page.quickGuides'),
      p('/home/videoTutorials', 'page.videoTutorials'),
      p('/home/documentation', 'page.documentation'),
    ],
  },
  {
    key: 'things',
    label: 'module.things',
    concept: 'Things',
    pages: [r('thing'), r('thingType')],
  },
  {
    key: 'tenants',
    label: 'module.tenants',
    concept: 'Tenants',
    pages: [
      r('group'),
      r('groupType'),
      p('/tenants/sitesConfiguration', 'page.sitesConfiguration', {
        concept: 'SitesConfiguration',
      }),
      r('deviceProfile'),
      r('user'),
      r('role'),
      r('resource'),
      p('/tenants/license', 'page.license', { concept: 'Licenses' }),
      p('/tenants/settings', 'page.settings', { concept: 'Settings' }),
      p('/tenants/rulesAttributes', 'page.rulesAttributes', { concept: 'RulesAttributes' }),
    ],
  },
  {
    key: 'gateway',
    label: 'module.gateway',
    concept: 'Gateway',
    pages: [r('edgebox'), r('scheduledRule'), r('streamApp')],
  },
  {
    key: 'model',
    label: 'module.model',
    concept: 'Model',
    pages: [
      p('/model/mapmaker', 'page.mapmaker', {
        concept: 'MapMaker',
        beta: true,
      }),
      r('zone'),
      r('zoneType'),
      r('zoneGroup'),
      r('logicalReader'),
    ],
  },
  {
    key: 'services',
    label: 'module.services',
    concept: 'Services',
    pages: [
      p('/services/importExport', 'page.importExport', {
        concept: 'ImportExport',
      }),
      r('connection'),
      p('/services/license', 'page.licenseGenerator', {
        concept: 'LicenseGenerator',
      }),
      p('/services/versioning', 'page.versioning', {
        concept: 'Versioning',
      }),
      p('/services/apiExplorer', 'page.apiExplorer', { concept: 'ApiExplorer' }),
      r('endpoint'),
      p('/services/dataRetentionPolicy', 'page.dataRetentionPolicy', {
        concept: 'DataRetentionPolicies',
      }),
      r('subscription'),
      p('/services/logs', 'page.logs', { concept: 'Logs' }),
    ],
  },
  {
    key: 'analytics',
    label: 'module.analytics',
    concept: 'Analytics',
    pages: [r('folder'), r('reportDefinition')],
  },
];

/**
 * Resource lists outside the module menus (spec §2 "Other routes"): the trained models of
 * `/machinelearning`.
 */
export const STANDALONE_PAGES: readonly SubPage[] = [r('trainedModel')];

/** The home module's help pages. */
export type HelpPage = 'support' | 'quickGuides' | 'videoTutorials' | 'documentation';
const HELP_PAGES: readonly HelpPage[] = [
  'support',
  'quickGuides',
  'videoTutorials',
  'documentation',
];

/** What a legacy path shows. */
export type RouteMatch =
  | { kind: 'welcome' }
  | { kind: 'landing'; module: ModuleDef }
  /** A list; `open` is the record shown over it (its address: `{listPath}/{id}` or `/new`). */
  | { kind: 'list'; resource: ResourceDef; open: number | 'new' | null }
  | { kind: 'detail'; resource: ResourceDef; id: number | 'new' }
  | { kind: 'mapmaker' }
  | { kind: 'logs' }
  | { kind: 'health' }
  | { kind: 'help'; page: HelpPage }
  /** A group's configuration: the signed-in user's own group (`null`, /tenants/settings) or group `groupId`. */
  | { kind: 'groupSettings'; groupId: number | null }
  | { kind: 'retention' }
  | { kind: 'rulesAttributes' }
  | { kind: 'zoneBuilder' }
  /** The sites configuration: the list (also the menu page), a new site, or one site's page. */
  | { kind: 'sites'; site: 'list' | 'new' | number }
  | { kind: 'importExport'; jobId: number | null }
  | { kind: 'license' }
  | { kind: 'licenseGenerator' }
  | { kind: 'apiExplorer' }
  | { kind: 'versioning' }
  | { kind: 'versioningDefinition' }
  /** An application tab's menu (`reportId` null) or one report of it. */
  | { kind: 'applicationTab'; tabId: number; menuId: number; reportId: number | null }
  /** A report run (`/analytics/report/execution/{id}`). */
  | { kind: 'reportExecution'; reportId: number }
  | { kind: 'notFound' };

/** The path shown when the frame starts without one. */
export const DEFAULT_PATH = '/home/welcome';

/** Normalizes a hash or path: `#/things/thing/` → `/things/thing`; empty → {@link DEFAULT_PATH}. */
export function normalizePath(raw: string): string {
  const path = raw.replace(/^#/, '').split('?')[0] ?? '';
  if (!path.startsWith('/') || path === '/') return DEFAULT_PATH;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Normalizes a hash or location keeping its query: `#/things/thing/?sort=name:desc` → `/things/thing?sort=name:desc`. */
export function normalizeLocation(raw: string): string {
  const text = raw.replace(/^#/, '');
  const index = text.indexOf('?');
  const query = index >= 0 ? text.slice(index + 1) : '';
  return query === '' ? normalizePath(text) : `${normalizePath(text)}?${query}`;
}

/** Splits a location into its path and its query. */
export function splitLocation(location: string): { path: string; query: URLSearchParams } {
  const index = location.indexOf('?');
  return {
    path: normalizePath(location),
    query: new URLSearchParams(index >= 0 ? location.slice(index + 1) : ''),
  };
}

/** The record route prefix of a list (core's `{list}/:recordId`; report folders under `/folder`). */
export function recordBase(resource: ResourceDef): string {
  return resource.api === 'folder' ? `${resource.listPath}/folder` : resource.listPath;
}

const RECORD_ID = /^(?:new|[1-9]\d{0,15})$/;

/** Resolves a legacy path (a query is ignored) to the page it shows. */
export function matchRoute(location: string): RouteMatch {
  const path = normalizePath(location);
  if (path === '/home/welcome') return { kind: 'welcome' };
  if (path === '/model/mapmaker') return { kind: 'mapmaker' };
  if (path === '/services/logs') return { kind: 'logs' };
  if (path === '/healthandstatus') return { kind: 'health' };
  const help = HELP_PAGES.find((page) => path === `/home/${page}`);
  if (help) return { kind: 'help', page: help };
  if (path === '/tenants/settings') return { kind: 'groupSettings', groupId: null };
  const groupConfig = /^\/tenants\/group\/config\/([1-9]\d{0,9})$/.exec(path);
  if (groupConfig) return { kind: 'groupSettings', groupId: Number(groupConfig[1]) };
  if (path === '/services/dataRetentionPolicy') return { kind: 'retention' };
  if (path === '/tenants/rulesAttributes') return { kind: 'rulesAttributes' };
  if (path === '/model/zone/builder') return { kind: 'zoneBuilder' };
  if (path === '/tenants/sitesConfiguration' || path === '/tenants/sitesConfiguration/list')
    return { kind: 'sites', site: 'list' };
  if (path === '/tenants/sitesConfiguration/new') return { kind: 'sites', site: 'new' };
  const siteEdit = /^\/tenants\/sitesConfiguration\/edit\/([1-9]\d{0,9})$/.exec(path);
  if (siteEdit) return { kind: 'sites', site: Number(siteEdit[1]) };
  if (path === '/services/importExport') return { kind: 'importExport', jobId: null };
  const importJob = /^\/services\/importExport\/([1-9]\d{0,9})$/.exec(path);
  if (importJob) return { kind: 'importExport', jobId: Number(importJob[1]) };
  if (path === '/tenants/license') return { kind: 'license' };
  if (path === '/services/license') return { kind: 'licenseGenerator' };
  if (path === '/services/apiExplorer') return { kind: 'apiExplorer' };
  if (path === '/services/versioning') return { kind: 'versioning' };
  if (path === '/services/versioning/definition') return { kind: 'versioningDefinition' };
  const applicationTab =
    /^\/applicationTab\/([1-9]\d{0,9})\/menu\/([1-9]\d{0,9})(?:\/report\/([1-9]\d{0,15}))?$/.exec(
      path,
    );
  if (applicationTab)
    return {
      kind: 'applicationTab',
      tabId: Number(applicationTab[1]),
      menuId: Number(applicationTab[2]),
      reportId: applicationTab[3] === undefined ? null : Number(applicationTab[3]),
    };
  const execution = /^\/analytics\/report\/execution\/([1-9]\d{0,9})$/.exec(path);
  if (execution) return { kind: 'reportExecution', reportId: Number(execution[1]) };
  const module = MODULES.find((candidate) => path === `/${candidate.key}`);
  if (module) return { kind: 'landing', module };
  for (const candidate of MODULES) {
    for (const page of candidate.pages) {
      if (page.path !== path) continue;
      // every other menu page has its own match above; one without is not found (routes-real.test.ts)
      const resource = page.resource ? RESOURCES[page.resource] : undefined;
      if (resource) return { kind: 'list', resource, open: null };
    }
  }
  const standalone = STANDALONE_PAGES.find((page) => page.path === path);
  const standaloneResource = standalone?.resource ? RESOURCES[standalone.resource] : undefined;
  if (standaloneResource) return { kind: 'list', resource: standaloneResource, open: null };
  for (const resource of Object.values(RESOURCES)) {
    if (resource.editor === 'dialog') {
      const base = `${recordBase(resource)}/`;
      const rest = path.startsWith(base) ? path.slice(base.length) : '';
      if (RECORD_ID.test(rest))
        return { kind: 'list', resource, open: rest === 'new' ? 'new' : Number(rest) };
      continue;
    }
    if (path === resource.newPath) return { kind: 'detail', resource, id: 'new' };
    const rest = path.startsWith(`${resource.detailPath}/`)
      ? path.slice(resource.detailPath.length + 1)
      : '';
    if (/^[1-9]\d{0,15}$/.test(rest)) return { kind: 'detail', resource, id: Number(rest) };
  }
  return { kind: 'notFound' };
}

/** The path of a row's detail page (its own page, or its address over the list). */
export function detailPathOf(resource: ResourceDef, id: number | 'new'): string {
  if (resource.editor === 'dialog') return `${recordBase(resource)}/${id}`;
  return id === 'new' ? resource.newPath : `${resource.detailPath}/${id}`;
}
