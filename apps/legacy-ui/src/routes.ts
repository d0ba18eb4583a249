// The legacy UI's route table: exactly the spec §2 app routes without the `/app` prefix (the console
// validates every path the frame reports against the same table in @portico/core).
import type { MessageKey } from './i18n.ts';
import { RESOURCES } from './resources.ts';
import type { ResourceDef } from './resources.ts';

/** A page of a module, as listed on its landing page. */
export interface SubPage {
  path: string;
  /** A resource key of RESOURCES when the page is a resource list. */
  resource?: string;
  /** Title for pages that are not resource lists. */
  title?: string;
  /** Permission term(s) the page needs to be linked from the landing page (any of them). */
  permission?: string[];
  beta?: boolean;
}

/** One module (a console tab). */
export interface ModuleDef {
  key: string;
  label: MessageKey;
  concept: string;
  pages: SubPage[];
}

const r = (path: string, resource: string): SubPage => ({ path, resource });
const p = (path: string, title: string, extra: Partial<SubPage> = {}): SubPage => ({ path, title, ...extra });

/** Modules and their sub-pages, in tab order (spec §2 "Modules and pages"). */
export const MODULES: ModuleDef[] = [
  {
    key: 'home',
    label: 'module.home',
    concept: 'Home',
    pages: [
      p('/home/welcome', 'Welcome'),
      p('/home/support', 'Support'),
      p('/home/quickGuides', 'Quick guides'),
      p('/home/videoTutorials', 'Video tutorials'),
      p('/home/documentation', 'Documentation'),
    ],
  },
  { key: 'things', label: 'module.things', concept: 'Things', pages: [r('/things/thing', 'thing'), r('/things/thingType', 'thingType')] },
  {
    key: 'tenants',
    label: 'module.tenants',
    concept: 'Tenants',
    pages: [
      r('/tenants/group', 'group'),
      r('/tenants/groupType', 'groupType'),
      p('/tenants/sitesConfiguration', 'Sites configuration', { permission: ['sites_configuration_dashboard:x'] }),
      p('/tenants/devicesConfiguration', 'Devices configuration', { permission: ['devices_configuration_dashboard:x'] }),
      r('/tenants/user', 'user'),
      r('/tenants/role', 'role'),
      r('/tenants/resource', 'resource'),
      p('/tenants/license', 'License manager', { permission: ['license:r'] }),
      p('/tenants/settings', 'Settings', { permission: ['settings:r'] }),
      p('/tenants/rulesAttributes', 'Rules attributes'),
    ],
  },
  {
    key: 'gateway',
    label: 'module.gateway',
    concept: 'Gateway',
    pages: [
      r('/gateway/edgebox', 'edgebox'),
      p('/gateway/scheduledRule', 'Scheduled rules', { permission: ['scheduledrule:r'] }),
      p('/gateway/streamApp', 'Stream apps', { permission: ['streamapp:r'] }),
    ],
  },
  {
    key: 'model',
    label: 'module.model',
    concept: 'Model',
    pages: [
      p('/model/mapmaker', 'Map maker', { permission: ['mapmaker:x'], beta: true }),
      r('/model/zone', 'zone'),
      r('/model/zoneType', 'zoneType'),
      r('/model/zoneGroup', 'zoneGroup'),
      r('/model/logicalReader', 'logicalReader'),
    ],
  },
  {
    key: 'services',
    label: 'module.services',
    concept: 'Services',
    pages: [
      p('/services/importExport', 'Import / export', { permission: ['importexport:x'] }),
      r('/services/connection', 'connection'),
      p('/services/license', 'License generator', { permission: ['license_generator:u'] }),
      p('/services/versioning', 'Versioning', { permission: ['versioning:r'] }),
      p('/services/apiExplorer', 'API explorer'),
      p('/services/endpoint', 'Endpoints', { permission: ['endpoint:r'] }),
      p('/services/dataRetentionPolicy', 'Data retention policy', { permission: ['dataretentionpolicy:x'] }),
      p('/services/subscription', 'Subscriptions'),
    ],
  },
  { key: 'analytics', label: 'module.analytics', concept: 'Analytics', pages: [r('/analytics/report', 'folder'), r('/analytics/report/list', 'reportDefinition')] },
];

/** Pages outside the module menus (spec §2 "Other routes"), shown as placeholders. */
const OTHER_PAGES: { pattern: RegExp; title: string }[] = [
  { pattern: /^\/tenants\/group\/config\/\d+$/, title: 'Group configuration' },
  { pattern: /^\/tenants\/devicesConfiguration\/\d+$/, title: 'Device configuration' },
  { pattern: /^\/tenants\/sitesConfiguration\/(list|new|edit\/\d+)$/, title: 'Sites configuration' },
  { pattern: /^\/services\/importExport\/\d+$/, title: 'Import / export job' },
  { pattern: /^\/analytics\/report\/execution\/\d+$/, title: 'Report execution' },
  { pattern: /^\/model\/zone\/builder$/, title: 'Zone builder' },
  { pattern: /^\/services\/logs$/, title: 'Logs' },
  { pattern: /^\/services\/versioning\/definition$/, title: 'Versioning definition' },
  { pattern: /^\/machinelearning$/, title: 'Machine learning' },
  { pattern: /^\/healthandstatus$/, title: 'Health and status' },
  { pattern: /^\/applicationTab\/[\w-]+\/menu\/[\w-]+(\/report\/\d+)?$/, title: 'Application tab' },
];

/** What a legacy path shows. */
export type RouteMatch =
  | { kind: 'welcome' }
  | { kind: 'landing'; module: ModuleDef }
  | { kind: 'list'; resource: ResourceDef }
  | { kind: 'detail'; resource: ResourceDef; id: number | 'new' }
  | { kind: 'placeholder'; title: string; beta?: boolean }
  | { kind: 'notFound' };

/** The path shown when the frame starts without one. */
export const DEFAULT_PATH = '/home/welcome';

/** Normalizes a hash or path: `#/things/thing/` → `/things/thing`; empty → {@link DEFAULT_PATH}. */
export function normalizePath(raw: string): string {
  const path = raw.replace(/^#/, '').split('?')[0] ?? '';
  if (!path.startsWith('/') || path === '/') return DEFAULT_PATH;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Resolves a legacy path to the page it shows. */
export function matchRoute(path: string): RouteMatch {
  if (path === '/home/welcome') return { kind: 'welcome' };
  const module = MODULES.find((candidate) => path === `/${candidate.key}`);
  if (module) return { kind: 'landing', module };
  for (const candidate of MODULES) {
    for (const page of candidate.pages) {
      if (page.path !== path) continue;
      const resource = page.resource ? RESOURCES[page.resource] : undefined;
      if (resource) return { kind: 'list', resource };
      return { kind: 'placeholder', title: page.title ?? path, ...(page.beta ? { beta: true } : {}) };
    }
  }
  for (const resource of Object.values(RESOURCES)) {
    if (resource.editor !== 'page') continue;
    if (path === resource.newPath) return { kind: 'detail', resource, id: 'new' };
    const rest = path.startsWith(`${resource.detailPath}/`) ? path.slice(resource.detailPath.length + 1) : '';
    if (/^[1-9]\d{0,15}$/.test(rest)) return { kind: 'detail', resource, id: Number(rest) };
  }
  const other = OTHER_PAGES.find((candidate) => candidate.pattern.test(path));
  if (other) return { kind: 'placeholder', title: other.title };
  return { kind: 'notFound' };
}

/** The path of a row's detail page. */
export function detailPathOf(resource: ResourceDef, id: number): string {
  return `${resource.detailPath}/${id}`;
}
