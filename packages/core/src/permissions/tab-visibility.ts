/**
 * Tab visibility (spec §6 "Tab visibility", "Required permissions"; spec §2 "The home tab is always shown").
 *
 * Every tab's rule is a permission expression, so the console can show it ("Why can't I see this?").
 * Decisions where the spec is silent (each one is also a row of the test table):
 *
 * - `thing` (the things list page) needs `thing:r`: the spec lists no rule for it, and reading
 *   things is what the page does, as for every other list page in the r-only list.
 * - Module tabs need their plain x string: things `things:x`, tenants `tenants:x`, gateway
 *   `gateway:x`, model `model:x`, services `services:x`, analytics `analytics:x`, edge `edge:x`
 *   (spec §3 plain strings; §6 "not shown beyond the plain x strings above").
 * - `subscription` (a services page) needs `services:x`, and `rulesAttributes` (a tenants page)
 *   needs `tenants:x`: the x string of the module they live in, the only permission the spec ties
 *   them to.
 * - `edgeboxes` needs `edgebox:r`, `reportDefinition` needs `report_definition:x` (the r-only and x
 *   lists name the resources, not the tabs).
 * - hiddenTabs (spec §3: "list of tab permissions") hides a tab when it holds the tab's name or, for a
 *   tab whose rule is one term, that term (e.g. `gateway` or `gateway:x`), compared case-insensitively.
 *   Home is always shown, whatever hiddenTabs says.
 * - The settings menu item (user menu) follows the tenants permission `tenants:x` only; hiding the
 *   tenants tab does not remove it (it is not a tab).
 */
import {
  evaluatePermissionExpression,
  explainPermissionExpression,
} from './permission-expression.ts';

/** Every tab of spec §6, in the spec's order. */
export const TAB_NAMES = [
  'home',
  'things',
  'thing',
  'thingType',
  'tenants',
  'edge',
  'group',
  'groupType',
  'sitesConfiguration',
  'devicesConfiguration',
  'user',
  'role',
  'resource',
  'license',
  'settings',
  'rulesAttributes',
  'gateway',
  'edgeboxes',
  'scheduledRule',
  'streamApp',
  'model',
  'mapMaker',
  'zone',
  'zoneType',
  'zoneGroup',
  'logicalReader',
  'services',
  'importExport',
  'connection',
  'licenseGenerator',
  'versioning',
  'apiExplorer',
  'endpoint',
  'dataRetentionPolicy',
  'subscription',
  'analytics',
  'reportDefinition',
] as const;

/** A tab name of spec §6. */
export type TabName = (typeof TAB_NAMES)[number];

/** The required-permission rule of every tab, as a permission expression (`1`: always). */
export const TAB_PERMISSION_RULES: Readonly<Record<TabName, string>> = {
  home: '1',
  things: 'things:x',
  thing: 'thing:r',
  thingType: 'thingtype:x',
  tenants: 'tenants:x',
  edge: 'edge:x',
  group: 'group:r',
  groupType: 'grouptype:r',
  sitesConfiguration: 'sites_configuration_dashboard:x',
  devicesConfiguration: 'devices_configuration_dashboard:x',
  user: 'user:r',
  role: 'role:r',
  resource: 'resource:r',
  license: 'license:r && license:u',
  settings: 'settings:r && settings:u',
  rulesAttributes: 'tenants:x',
  gateway: 'gateway:x',
  edgeboxes: 'edgebox:r',
  scheduledRule: 'scheduledrule:r',
  streamApp: 'streamapp:r',
  model: 'model:x',
  mapMaker: 'mapmaker:x && (zone:r || localmap:r)',
  zone: 'zone:r && (zone:i || zone:u || zone:d || zone:a)',
  zoneType: 'zonetype:r',
  zoneGroup: 'zonegroup:r',
  logicalReader: 'logicalreader:r',
  services: 'services:x',
  importExport: 'importexport:x',
  connection: 'connection:r',
  licenseGenerator: 'license_generator:u',
  versioning: 'versioning:r',
  apiExplorer: 'things:x && tenants:x && gateway:x && model:x && services:x && analytics:x',
  endpoint: 'endpoint:r',
  dataRetentionPolicy: 'dataretentionpolicy:x',
  subscription: 'services:x',
  analytics: 'analytics:x',
  reportDefinition: 'report_definition:x',
};

/** The rule of the settings item of the user menu (spec §6: "uses the tenants permission"). */
export const SETTINGS_MENU_ITEM_RULE = 'tenants:x';

const TAB_LOOKUP = new Map<string, TabName>(TAB_NAMES.map((tab) => [tab.toLowerCase(), tab]));

/** True for one of {@link TAB_NAMES} (exact spelling). */
export function isTabName(value: unknown): value is TabName {
  return typeof value === 'string' && (TAB_NAMES as readonly string[]).includes(value);
}

/** The tab a name designates, compared case-insensitively (`'ThingType'` → `'thingType'`); null otherwise. */
export function toTabName(value: unknown): TabName | null {
  return typeof value === 'string' ? (TAB_LOOKUP.get(value.trim().toLowerCase()) ?? null) : null;
}

const SINGLE_TERM = new Map<TabName, string>(
  TAB_NAMES.filter((tab) => /^[a-z_]+:[riudax]$/.test(TAB_PERMISSION_RULES[tab])).map((tab) => [
    tab,
    TAB_PERMISSION_RULES[tab],
  ]),
);

/** True when the user hid `tab` with hiddenTabs (home can never be hidden). */
export function isTabHiddenByUser(
  tab: TabName,
  hiddenTabs: readonly string[] | null | undefined,
): boolean {
  if (tab === 'home' || !Array.isArray(hiddenTabs)) return false;
  const name = tab.toLowerCase();
  const term = SINGLE_TERM.get(tab);
  return hiddenTabs.some((entry) => {
    if (typeof entry !== 'string') return false;
    const value = entry.trim().toLowerCase();
    return value === name || value === term;
  });
}

/** True when the user's permissions satisfy the tab's rule (ignoring hiddenTabs). */
export function hasTabPermission(tab: TabName, permissions: Iterable<string>): boolean {
  return evaluatePermissionExpression(TAB_PERMISSION_RULES[tab], permissions);
}

/**
 * Spec §6: a tab is shown when the user's permissions satisfy its rule and the user has not hidden
 * it; home is always shown. Unknown tab names are never shown.
 */
export function isTabVisible(
  tab: TabName,
  permissions: Iterable<string>,
  hiddenTabs?: readonly string[],
): boolean {
  if (tab === 'home') return true;
  if (!isTabName(tab)) return false;
  return !isTabHiddenByUser(tab, hiddenTabs) && hasTabPermission(tab, permissions);
}

/** The visible tabs, in the order of {@link TAB_NAMES}. */
export function getVisibleTabs(
  permissions: Iterable<string>,
  hiddenTabs?: readonly string[],
): TabName[] {
  const list = [...permissions];
  return TAB_NAMES.filter((tab) => isTabVisible(tab, list, hiddenTabs));
}

/** Spec §6: the settings menu item is shown with the tenants permission. */
export function isSettingsMenuItemVisible(permissions: Iterable<string>): boolean {
  return evaluatePermissionExpression(SETTINGS_MENU_ITEM_RULE, permissions);
}

/** Why a tab is or is not shown. */
export interface TabVisibilityExplanation {
  readonly visible: boolean;
  /** The tab's rule (see {@link TAB_PERMISSION_RULES}). */
  readonly expression: string;
  /** The terms of the rule the user does not hold (some may be alternatives); empty when the rule is met. */
  readonly missingTerms: string[];
  /** True when the user's hiddenTabs hides the tab. */
  readonly hiddenByUser: boolean;
}

/** Explains {@link isTabVisible} for the console's "Why can't I see this?". */
export function explainTabVisibility(
  tab: TabName,
  permissions: Iterable<string>,
  hiddenTabs?: readonly string[],
): TabVisibilityExplanation {
  if (!isTabName(tab))
    return { visible: false, expression: '0', missingTerms: [], hiddenByUser: false };
  const expression = TAB_PERMISSION_RULES[tab];
  const explained = explainPermissionExpression(expression, permissions);
  const hiddenByUser = isTabHiddenByUser(tab, hiddenTabs);
  return {
    visible: tab === 'home' || (explained.result && !hiddenByUser),
    expression,
    missingTerms: [...explained.missingTerms],
    hiddenByUser,
  };
}
