/**
 * The permission catalog (spec §3 "Permissions", §6): every resource of the permission strings with
 * the operations it has, and every plain module string, grouped by the console module that uses
 * them. Role editors show it as a grid (resource × operation, module switches), and the text form of
 * a role is checked against it line by line.
 *
 * Decisions where the spec is silent (each is a row of the test table):
 * - Every resource has `r` (the demo viewer role reads everything). Records edited through lists
 *   have `r, i, u, d`; `zone` also has `a` (its tab rule names `zone:a`).
 * - `x` belongs to the resources whose tab needs it (spec §6: importexport, dataretentionpolicy,
 *   report_definition, thingtype) and to mapmaker (its tab needs `mapmaker:x`).
 * - license and settings are read and updated, never created or deleted; license_generator is `r, u`
 *   (its tab needs `license_generator:u`); `foldereditown` is `u` only (spec §6 folder rules).
 * - A resource sits in the module whose pages use it (spec §2 module table); report folders
 *   (`reportDefinitionfolder`) and the owner's folder edit sit with analytics.
 */
import { PERMISSION_LETTERS, parsePermission } from './permission-string.ts';
import type { PermissionLetter } from './permission-string.ts';
import { RESOURCE_CATALOG } from '../platform/resource-catalog.ts';
import type { CatalogPath } from '../platform/resource-catalog.ts';

/** One resource of permission strings: its name (`zone`), its operations and its vocabulary concept. */
export interface CatalogResource {
  readonly name: string;
  readonly operations: readonly PermissionLetter[];
  /** The singular vocabulary concept naming it (`Zone` → the tenant's "Area"), when it has one. */
  readonly concept?: string;
}

/** One module of the catalog: its plain strings (module switches) and its resources. */
export interface CatalogModule {
  /** The console module (`things`, `tenants`, …). */
  readonly name: string;
  /** Plain strings that switch the module's tabs on (`things:x`). */
  readonly switches: readonly string[];
  readonly resources: readonly CatalogResource[];
}

const CRUD: readonly PermissionLetter[] = ['r', 'i', 'u', 'd'];
const CRUDX: readonly PermissionLetter[] = ['r', 'i', 'u', 'd', 'x'];

/** A resource of the resource catalog: its permission resource and concept are the catalog's. */
function catalogResource(
  path: CatalogPath,
  operations: readonly PermissionLetter[],
): CatalogResource {
  const entry = RESOURCE_CATALOG[path];
  return { name: entry.permission, operations, concept: entry.oneConcept };
}

/** The catalog, in the console's module order. */
export const PERMISSION_CATALOG: readonly CatalogModule[] = [
  {
    name: 'things',
    switches: ['things:x'],
    resources: [catalogResource('thing', CRUD), catalogResource('thingType', CRUDX)],
  },
  {
    name: 'tenants',
    switches: ['tenants:x', 'sites_configuration_dashboard:x', 'devices_configuration_dashboard:x'],
    resources: [
      catalogResource('group', CRUD),
      catalogResource('groupType', CRUD),
      catalogResource('user', CRUD),
      catalogResource('role', CRUD),
      catalogResource('resource', CRUD),
      catalogResource('deviceProfile', CRUD),
      { name: 'license', operations: ['r', 'u'] },
      { name: 'settings', operations: ['r', 'u'] },
    ],
  },
  {
    name: 'gateway',
    switches: ['gateway:x', 'edge:x'],
    resources: [
      catalogResource('edgebox', CRUD),
      { name: 'edgeboxrule', operations: CRUD },
      catalogResource('scheduledRule', CRUD),
      catalogResource('streamApp', CRUD),
    ],
  },
  {
    name: 'model',
    switches: ['model:x'],
    resources: [
      catalogResource('zone', ['r', 'i', 'u', 'd', 'a']),
      catalogResource('zoneType', CRUD),
      catalogResource('zoneGroup', CRUD),
      catalogResource('logicalReader', CRUD),
      { name: 'mapmaker', operations: ['r', 'x'] },
      { name: 'localmap', operations: CRUD },
    ],
  },
  {
    name: 'services',
    switches: ['services:x'],
    resources: [
      { name: 'importexport', operations: ['r', 'x'] },
      catalogResource('connection', CRUD),
      { name: 'license_generator', operations: ['r', 'u'] },
      { name: 'versioning', operations: CRUD },
      { name: 'endpoint', operations: CRUD },
      { name: 'dataretentionpolicy', operations: ['r', 'u', 'x'] },
      // the audit trail (Services → Logs): read only; no one changes an entry
      { name: 'auditlog', operations: ['r'] },
    ],
  },
  {
    name: 'analytics',
    switches: ['analytics:x'],
    resources: [
      catalogResource('reportDefinition', CRUDX),
      catalogResource('folder', CRUD),
      { name: 'foldereditown', operations: ['u'] },
      // the trained models of /machinelearning (a page of no module: it sits with analytics)
      catalogResource('trainedModel', CRUD),
    ],
  },
];

const RESOURCE_BY_NAME = new Map<string, CatalogResource>(
  PERMISSION_CATALOG.flatMap((module) =>
    module.resources.map((resource) => [resource.name.toLowerCase(), resource] as const),
  ),
);
const SWITCH_BY_RESOURCE = new Map<string, string>(
  PERMISSION_CATALOG.flatMap((module) =>
    module.switches.map((entry) => [entry.slice(0, entry.indexOf(':')).toLowerCase(), entry]),
  ),
);

/** Every plain module string, in catalog order. */
export const PERMISSION_SWITCHES: readonly string[] = PERMISSION_CATALOG.flatMap(
  (module) => module.switches,
);

/** The catalog resource named `name` (compared without case), if any. */
export function findCatalogResource(name: string): CatalogResource | undefined {
  return RESOURCE_BY_NAME.get(name.toLowerCase());
}

/** The grid key of a resource's operation (`zone:u`); a switch's key is the switch itself. */
export function permissionCell(resource: string, letter: PermissionLetter): string {
  return `${resource}:${letter}`;
}

/** A role's permissions as a grid: the checked cells and switches, and what the grid cannot show. */
export interface PermissionGrid {
  /** Checked cells (`zone:u`, catalog spelling) and switches (`things:x`). */
  readonly checked: ReadonlySet<string>;
  /** Resources the role holds with `*`: kept as `resource:*` while every operation stays checked. */
  readonly wildcards: ReadonlySet<string>;
  /** Strings outside the grid (object-level grants, folder instances, other resources), kept as they are. */
  readonly others: readonly string[];
}

/** Spreads permission strings over the grid (`zone:*` checks every zone operation). */
export function toPermissionGrid(permissions: Iterable<string>): PermissionGrid {
  const checked = new Set<string>();
  const wildcards = new Set<string>();
  const others: string[] = [];
  const keep = (value: string) => {
    if (!others.includes(value)) others.push(value);
  };
  for (const raw of permissions) {
    const value = raw.trim();
    const parsed = parsePermission(value);
    if (!parsed || parsed.instance !== undefined) {
      keep(value);
      continue;
    }
    const key = parsed.resource.toLowerCase();
    const switchString = SWITCH_BY_RESOURCE.get(key);
    if (switchString && parsed.letters.includes('x')) {
      checked.add(switchString);
      const rest = parsed.letters.filter((letter) => letter !== 'x');
      if (!parsed.wildcard && rest.length > 0) keep(`${parsed.resource}:${rest.join('')}`);
      continue;
    }
    const resource = RESOURCE_BY_NAME.get(key);
    if (!resource) {
      keep(value);
      continue;
    }
    if (parsed.wildcard) wildcards.add(resource.name);
    for (const letter of resource.operations)
      if (parsed.letters.includes(letter)) checked.add(permissionCell(resource.name, letter));
    const rest = parsed.letters.filter((letter) => !resource.operations.includes(letter));
    if (!parsed.wildcard && rest.length > 0) keep(`${parsed.resource}:${rest.join('')}`);
  }
  return { checked, wildcards, others };
}

/**
 * The permission strings of a grid, one per operation (`zone:r`, `zone:u`, as the platform stores
 * them), in catalog order; a resource held with `*` whose operations are all still checked stays
 * `resource:*`; the strings the grid cannot show follow, unchanged.
 */
export function fromPermissionGrid(grid: PermissionGrid): string[] {
  const result: string[] = [];
  for (const module of PERMISSION_CATALOG) {
    for (const entry of module.switches) if (grid.checked.has(entry)) result.push(entry);
    for (const resource of module.resources) {
      const letters = resource.operations.filter((letter) =>
        grid.checked.has(permissionCell(resource.name, letter)),
      );
      if (grid.wildcards.has(resource.name) && letters.length === resource.operations.length)
        result.push(`${resource.name}:*`);
      else for (const letter of letters) result.push(permissionCell(resource.name, letter));
    }
  }
  for (const value of grid.others) if (!result.includes(value)) result.push(value);
  return result;
}

/** Why a line of a role's text form is refused. */
export type PermissionLineReason = 'format' | 'resource' | 'operation' | 'duplicate';

/** One refused line (1-based `line`, the text as written, the reason, and for `operation` the letters the resource has). */
export interface PermissionLineProblem {
  readonly line: number;
  readonly text: string;
  readonly reason: PermissionLineReason;
  readonly allowed?: string;
}

/** The text form of a role, checked: the permissions of its lines and the lines refused. */
export interface PermissionLines {
  readonly permissions: string[];
  readonly problems: PermissionLineProblem[];
}

const FOLDER_INSTANCE = /^_folderinstance_\d+$/;

/**
 * Checks the text form of a role, one permission a line (blank lines skipped): each line must be a
 * permission string (`format`), of a catalog resource, a module switch or a report-folder instance
 * (`resource`), with operations that resource has (`operation`), written once (`duplicate`).
 */
export function parsePermissionLines(text: string): PermissionLines {
  const permissions: string[] = [];
  const problems: PermissionLineProblem[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const value = raw.trim();
    if (value === '') continue;
    const line = index + 1;
    const parsed = parsePermission(value);
    if (!parsed) {
      problems.push({ line, text: value, reason: 'format' });
      continue;
    }
    const key = parsed.resource.toLowerCase();
    const resource = RESOURCE_BY_NAME.get(key);
    const switchString = SWITCH_BY_RESOURCE.get(key);
    const allowed = resource
      ? resource.operations
      : switchString
        ? (['x'] as const)
        : FOLDER_INSTANCE.test(parsed.resource)
          ? (['r', 'u', 'd'] as const)
          : undefined;
    if (!allowed) {
      problems.push({ line, text: value, reason: 'resource' });
      continue;
    }
    if (!parsed.wildcard && parsed.letters.some((letter) => !allowed.includes(letter))) {
      problems.push({
        line,
        text: value,
        reason: 'operation',
        allowed: PERMISSION_LETTERS.filter((letter) => allowed.includes(letter)).join(', '),
      });
      continue;
    }
    const normal = value.toLowerCase();
    if (seen.has(normal)) {
      problems.push({ line, text: value, reason: 'duplicate' });
      continue;
    }
    seen.add(normal);
    permissions.push(value);
  }
  return { permissions, problems };
}
