/**
 * Application tabs (spec §2 module `applicationTab`, sidebar state APPLICATION_TABS): a tenant's
 * own tabs, each holding menus of report definitions. They are the tenant's configuration: the
 * group field {@link APPLICATION_TABS_FIELD}, inherited like every group field and edited with
 * `settings:u`. Its value is a JSON list:
 *
 * ```json
 * [{ "id": 1, "order": 1, "labels": { "en": "Operations", "es": "Operaciones" },
 *    "menus": [{ "id": 1, "labels": { "en": "Daily" }, "reportIds": [4, 5] }] }]
 * ```
 *
 * Decisions where the spec is silent:
 * - Ids are positive integers (the bridge's `openCustomTabModal` names a tab by an integer id),
 *   so every id is safe in a URL path; tab ids are unique in the list, menu ids within their tab.
 * - Labels are label maps (known languages only) resolved like vocabulary labels: the user's
 *   language, its base language, then English ({@link resolveLabelMap}).
 * - A person may use a tab's menu when they hold `report_definition:r` and the menu names at least
 *   one report; a tab with no such menu is not offered. Which of those reports they may read is
 *   the services' answer (each report id is checked against the tenant when the tabs are saved).
 */
import { parseLabelMap } from './label-map.ts';
import { resolveLabelMap } from './vocabulary.ts';
import { hasPermission } from '../permissions/permission-string.ts';

/** The group field that holds a tenant's application tabs. */
export const APPLICATION_TABS_FIELD = 'applicationTabs';
/** The most application tabs a tenant keeps. */
export const MAX_APPLICATION_TABS = 12;
/** The most menus one tab holds. */
export const MAX_APPLICATION_TAB_MENUS = 20;
/** The most reports one menu lists. */
export const MAX_APPLICATION_MENU_REPORTS = 50;
/** The largest id (of a tab, a menu or a report): a 32-bit signed integer. */
export const MAX_APPLICATION_TAB_ID = 2 ** 31 - 1;
/** The permission an application tab needs: its menus list report definitions. */
export const APPLICATION_TAB_PERMISSION = 'report_definition:r';

/** One menu of an application tab: the report definitions it lists. */
export interface ApplicationTabMenu {
  readonly id: number;
  readonly labels: Readonly<Record<string, string>>;
  readonly reportIds: readonly number[];
}

/** One application tab. */
export interface ApplicationTab {
  readonly id: number;
  readonly order: number;
  readonly labels: Readonly<Record<string, string>>;
  readonly menus: readonly ApplicationTabMenu[];
}

/** The outcome of {@link parseApplicationTabs}. */
export type ApplicationTabsCheck =
  | { readonly ok: true; readonly tabs: ApplicationTab[] }
  | { readonly ok: false; readonly message: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= 1 &&
  value <= MAX_APPLICATION_TAB_ID;

const TAB_KEYS = new Set(['id', 'order', 'labels', 'menus']);
const MENU_KEYS = new Set(['id', 'labels', 'reportIds']);

function unknownKey(value: Record<string, unknown>, known: Set<string>): string | undefined {
  return Object.keys(value).find((key) => !known.has(key));
}

function parseMenu(
  value: unknown,
  where: string,
): { ok: true; menu: ApplicationTabMenu } | { ok: false; message: string } {
  if (!isObject(value)) return { ok: false, message: `${where} must be an object` };
  const extra = unknownKey(value, MENU_KEYS);
  if (extra !== undefined) return { ok: false, message: `${where} has an unknown field ${extra}` };
  if (!isId(value.id))
    return { ok: false, message: `${where}: id must be a whole number from 1 to 2147483647` };
  const labels = parseLabelMap(value.labels ?? null);
  if (!labels.ok) return { ok: false, message: `${where}: labels: ${labels.message}` };
  const reportIds = value.reportIds;
  if (!Array.isArray(reportIds))
    return { ok: false, message: `${where}: reportIds must be a list of report ids` };
  if (reportIds.length === 0)
    return { ok: false, message: `${where}: reportIds must name at least one report` };
  if (reportIds.length > MAX_APPLICATION_MENU_REPORTS)
    return { ok: false, message: `${where}: at most ${MAX_APPLICATION_MENU_REPORTS} reports` };
  const bad = reportIds.find((id) => !isId(id));
  if (bad !== undefined)
    return {
      ok: false,
      message: `${where}: report id ${JSON.stringify(bad)} is not a positive whole number`,
    };
  const ids = reportIds as number[];
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined)
    return { ok: false, message: `${where}: report ${repeated} is listed twice` };
  return { ok: true, menu: { id: value.id, labels: labels.labels, reportIds: [...ids] } };
}

function parseTab(
  value: unknown,
  where: string,
): { ok: true; tab: ApplicationTab } | { ok: false; message: string } {
  if (!isObject(value)) return { ok: false, message: `${where} must be an object` };
  const extra = unknownKey(value, TAB_KEYS);
  if (extra !== undefined) return { ok: false, message: `${where} has an unknown field ${extra}` };
  if (!isId(value.id))
    return { ok: false, message: `${where}: id must be a whole number from 1 to 2147483647` };
  const order = value.order ?? 0;
  if (typeof order !== 'number' || !Number.isInteger(order) || order < 0 || order > 10_000)
    return { ok: false, message: `${where}: order must be a whole number from 0 to 10000` };
  const labels = parseLabelMap(value.labels ?? null);
  if (!labels.ok) return { ok: false, message: `${where}: labels: ${labels.message}` };
  if (!Array.isArray(value.menus) || value.menus.length === 0)
    return { ok: false, message: `${where}: menus must be a list of at least one menu` };
  if (value.menus.length > MAX_APPLICATION_TAB_MENUS)
    return { ok: false, message: `${where}: at most ${MAX_APPLICATION_TAB_MENUS} menus` };
  const menus: ApplicationTabMenu[] = [];
  for (const [index, item] of value.menus.entries()) {
    const id = isObject(item) && isId(item.id) ? item.id : null;
    const menu = parseMenu(item, `${where}, menu ${id ?? index + 1}`);
    if (!menu.ok) return menu;
    if (menus.some((other) => other.id === menu.menu.id))
      return { ok: false, message: `${where}: two menus have the id ${menu.menu.id}` };
    menus.push(menu.menu);
  }
  return { ok: true, tab: { id: value.id, order, labels: labels.labels, menus } };
}

/**
 * Checks a tenant's application tabs (the list, or its JSON text) and answers them with trimmed
 * labels, sorted by order then id; or says in plain words what is wrong ("tab 2, menu 1: labels:
 * unknown language de"). An empty list is valid (no tabs).
 */
export function parseApplicationTabs(value: unknown): ApplicationTabsCheck {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value) as unknown;
    } catch {
      return { ok: false, message: 'not valid JSON' };
    }
  }
  if (!Array.isArray(list)) return { ok: false, message: 'must be a list of tabs' };
  if (list.length > MAX_APPLICATION_TABS)
    return { ok: false, message: `at most ${MAX_APPLICATION_TABS} tabs` };
  const tabs: ApplicationTab[] = [];
  for (const [index, item] of list.entries()) {
    const id = isObject(item) && isId(item.id) ? item.id : null;
    const tab = parseTab(item, `tab ${id ?? index + 1}`);
    if (!tab.ok) return tab;
    if (tabs.some((other) => other.id === tab.tab.id))
      return { ok: false, message: `two tabs have the id ${tab.tab.id}` };
    tabs.push(tab.tab);
  }
  tabs.sort((a, b) => a.order - b.order || a.id - b.id);
  return { ok: true, tabs };
}

/**
 * The application tabs a group field holds (the parsed value or its text); none when the value is
 * absent or not a valid definition (the services refuse one, so only a hand-edited store has it).
 */
export function readApplicationTabs(value: unknown): ApplicationTab[] {
  if (value === null || value === undefined) return [];
  const check = parseApplicationTabs(value);
  return check.ok ? check.tabs : [];
}

/**
 * The tabs a person may use, each with only the menus they may use: none without
 * {@link APPLICATION_TAB_PERMISSION}; given the report ids they may read, each menu keeps only
 * those, and a menu left with none (then a tab left with no menu) is left out.
 */
export function getUsableApplicationTabs(
  tabs: readonly ApplicationTab[],
  permissions: Iterable<string>,
  visibleReportIds?: ReadonlySet<number>,
): ApplicationTab[] {
  if (!hasPermission(permissions, APPLICATION_TAB_PERMISSION)) return [];
  return tabs
    .map((tab) => ({
      ...tab,
      menus: tab.menus
        .map((menu) => ({
          ...menu,
          reportIds: visibleReportIds
            ? menu.reportIds.filter((id) => visibleReportIds.has(id))
            : menu.reportIds,
        }))
        .filter((menu) => menu.reportIds.length > 0),
    }))
    .filter((tab) => tab.menus.length > 0);
}

/** The tab `tabId` and its menu `menuId` (ids as written in a path), or null when either is unknown. */
export function findApplicationTabMenu(
  tabs: readonly ApplicationTab[],
  tabId: string | number,
  menuId: string | number,
): { tab: ApplicationTab; menu: ApplicationTabMenu } | null {
  const tab = tabs.find((candidate) => String(candidate.id) === String(tabId));
  const menu = tab?.menus.find((candidate) => String(candidate.id) === String(menuId));
  return tab && menu ? { tab, menu } : null;
}

/** The console address of a tab's menu (its first menu when none is named). */
export function applicationTabPath(tab: ApplicationTab, menuId?: number): string {
  const menu = menuId ?? tab.menus[0]?.id ?? 0;
  return `/app/applicationTab/${tab.id}/menu/${menu}`;
}

/** A tab's or menu's label in `language` (vocabulary rule: language, base language, English). */
export function applicationTabLabel(
  item: ApplicationTab | ApplicationTabMenu,
  language: string,
): string {
  return resolveLabelMap(item.labels, language) ?? Object.values(item.labels)[0] ?? String(item.id);
}
