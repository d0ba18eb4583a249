/**
 * Navigation rules (spec §2 "Top-level routing", "Navigation rules"; §4 "Routing state"; §5).
 */
import { isTabVisible, toTabName } from '../permissions/tab-visibility.ts';
import type { TabName } from '../permissions/tab-visibility.ts';
import { toPermissionSet } from '../permissions/permission-string.ts';
import { evaluatePermissionExpression } from '../permissions/permission-expression.ts';
import { WELCOME_ROUTE } from '../session/redirect.ts';
import { findApplicationTabMenu, getUsableApplicationTabs } from '../config/application-tabs.ts';
import type { ApplicationTab } from '../config/application-tabs.ts';
import {
  MODULE_NAMES,
  getModulePages,
  isAppPath,
  isLegacyPath,
  isModuleName,
  normalizePath,
  parseAppRoute,
} from './app-routes.ts';
import type { AppRoute, AppRouteMatch, ModuleName } from './app-routes.ts';

/** The outcome of {@link validateNavigationTarget}. */
export type NavigationValidation =
  { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

/**
 * Spec §5: "Navigation refuses a path that is empty or not text, or that has undefined or null route
 * parameters." A target is a path string or a list of segments (`['/app', 'tenants', 'group',
 * 'config', id]`); a segment that is `undefined`, `null`, empty, or the text `undefined`/`null` (an
 * interpolated missing value) is refused.
 */
export function validateNavigationTarget(target: unknown): NavigationValidation {
  let path: string;
  if (typeof target === 'string') {
    path = target.trim();
  } else if (Array.isArray(target)) {
    if (target.length === 0) return { ok: false, reason: 'empty path' };
    const parts: string[] = [];
    for (const segment of target as unknown[]) {
      if (segment === undefined || segment === null)
        return { ok: false, reason: 'undefined or null route parameter' };
      if (typeof segment === 'number' && Number.isFinite(segment)) parts.push(String(segment));
      else if (typeof segment === 'string' && segment.trim() !== '') parts.push(segment.trim());
      else return { ok: false, reason: 'route parameter is not text' };
    }
    path = parts.join('/').replace(/\/{2,}/g, '/');
  } else {
    return { ok: false, reason: 'path is not text' };
  }
  if (path === '') return { ok: false, reason: 'empty path' };
  const segments = normalizePath(path).split('/');
  if (segments.some((segment) => segment === 'undefined' || segment === 'null')) {
    return { ok: false, reason: 'undefined or null route parameter' };
  }
  return { ok: true, path };
}

/** True when {@link validateNavigationTarget} accepts the target. */
export function isValidNavigationTarget(target: unknown): boolean {
  return validateNavigationTarget(target).ok;
}

/** The decision of the placeholder route (spec §2 item 3). */
export type PlaceholderDecision =
  | { readonly kind: 'pass'; readonly to: string }
  | { readonly kind: 'redirect'; readonly to: string };

/**
 * Spec §2 "Any other path": a path starting with /app passes; a path valid for the legacy interface
 * is redirected to /app plus that path; anything else goes to /app/home/welcome.
 * ("Starting with /app" means `/app` or `/app/…`; `/apple` does not.)
 */
export function resolvePlaceholderRoute(path: string): PlaceholderDecision {
  if (isAppPath(path)) return { kind: 'pass', to: normalizePath(path) };
  if (isLegacyPath(path)) return { kind: 'redirect', to: `/app${normalizePath(path)}` };
  return { kind: 'redirect', to: WELCOME_ROUTE };
}

/** True for the group setting autoLoadTabMenus switched on (`"true"`, any case, or `true`). */
export function isAutoLoadEnabled(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/** What the access-dependent navigation rules need. */
export interface AccessContext {
  readonly permissions: Iterable<string>;
  readonly hiddenTabs?: readonly string[] | undefined;
  /** The tenant's application tabs (its group field, {@link readApplicationTabs}); none when absent. */
  readonly applicationTabs?: readonly ApplicationTab[] | undefined;
}

/**
 * True when the user may open the route: its guarding tab is visible, for a page of a module the
 * module's tab too, and the permissions satisfy the route's own `requires` expression (the audit
 * log's `auditlog:r`). An application tab's page needs a tab and menu of the tenant's application
 * tabs that the user may use (`report_definition:r`, {@link getUsableApplicationTabs}): an unknown
 * id is refused like an unknown page. machinelearning and healthandstatus are open to any signed-in
 * user; unknown routes to nobody. This is the one rule of "may open":
 * the console's guards, sidebar and palette and the legacy UI's landing pages all ask it.
 */
export function isAppRouteAllowed(route: AppRouteMatch | string, access: AccessContext): boolean {
  const match = typeof route === 'string' ? parseAppRoute(route) : route;
  if (match === null) return false;
  const permissions = toPermissionSet(access.permissions);
  const hiddenTabs = access.hiddenTabs ?? undefined;
  if (isModuleName(match.module) && !isTabVisible(match.module, permissions, hiddenTabs))
    return false;
  if (match.tab !== null && !isTabVisible(match.tab, permissions, hiddenTabs)) return false;
  if (
    match.module === 'applicationTab' &&
    findApplicationTabMenu(
      getUsableApplicationTabs(access.applicationTabs ?? [], permissions),
      String(match.params.tabId),
      String(match.params.menuId),
    ) === null
  )
    return false;
  return (
    match.route.requires === null || evaluatePermissionExpression(match.route.requires, permissions)
  );
}

/** The menu items of a module (sidebar, landing page, palette) the user may open, in table order. */
export function getAllowedModulePages(module: string, access: AccessContext): AppRoute[] {
  const context: AccessContext = {
    permissions: toPermissionSet(access.permissions),
    hiddenTabs: access.hiddenTabs,
  };
  return getModulePages(module).filter((page) => isAppRouteAllowed(page.path, context));
}

/** Options of {@link getAutoLoadTarget}. */
export interface AutoLoadContext extends AccessContext {
  /** The group setting autoLoadTabMenus (spec §2). */
  readonly autoLoadTabMenus: unknown;
}

/**
 * Spec §2: "If a module is opened with no sub-page and the group setting autoLoadTabMenus is "true",
 * the first menu item the user may access is opened." The path of that item, or null (setting off,
 * not a module, or no accessible item).
 */
export function getAutoLoadTarget(module: string, context: AutoLoadContext): string | null {
  if (!isAutoLoadEnabled(context.autoLoadTabMenus)) return null;
  const access: AccessContext = {
    permissions: toPermissionSet(context.permissions),
    hiddenTabs: context.hiddenTabs,
  };
  const page = getModulePages(module).find((candidate) =>
    isAppRouteAllowed(candidate.path, access),
  );
  return page?.path ?? null;
}

/** Options of {@link getDefaultLandingUrl}. */
export interface LandingContext extends AccessContext {
  /** The group setting defaultNavBar: a tab name (`things`, `zone`) or an `/app/…` path. */
  readonly defaultNavBar?: unknown;
  /** The group setting autoLoadTabMenus; when on, a module landing opens its first accessible item. */
  readonly autoLoadTabMenus?: unknown;
}

/**
 * Spec §2 "The default landing page after login": defaultNavBar if the user has that tab's
 * permission and has not hidden it; otherwise the first module, in index order, that the user has
 * permission for and has not hidden; otherwise the welcome page.
 *
 * Decisions: home is always shown and needs no permission, so it is not a candidate of the
 * index-order fallback (otherwise it would always win and the rule would be void); it is where a
 * user with no module lands (`/app/home/welcome`), and a defaultNavBar of `home` lands there too.
 * A module lands on `/app/{module}`, or on its first accessible item when autoLoadTabMenus is on.
 * A defaultNavBar naming a page tab (`zone`) lands on that page when both its tab and its module
 * are visible; one naming a tab without a page (`edge`) falls back.
 */
export function getDefaultLandingUrl(context: LandingContext): string {
  const access: AccessContext = {
    permissions: toPermissionSet(context.permissions),
    hiddenTabs: context.hiddenTabs,
    applicationTabs: context.applicationTabs,
  };
  const preferred = landingFor(context.defaultNavBar, access, context.autoLoadTabMenus);
  if (preferred !== null) return preferred;
  for (const module of MODULE_NAMES) {
    if (module === 'home') continue;
    const url = moduleLanding(module, access, context.autoLoadTabMenus);
    if (url !== null) return url;
  }
  return WELCOME_ROUTE;
}

function landingFor(
  defaultNavBar: unknown,
  access: AccessContext,
  autoLoadTabMenus: unknown,
): string | null {
  if (typeof defaultNavBar !== 'string') return null;
  const value = defaultNavBar.trim().replace(/^"(.*)"$/, '$1');
  if (isAppPath(value)) {
    const match = parseAppRoute(value);
    return match !== null && isAppRouteAllowed(match, access) ? match.path : null;
  }
  const tab: TabName | null = toTabName(value);
  if (tab === null) return null;
  if (tab === 'home') return WELCOME_ROUTE;
  if (isModuleName(tab)) return moduleLanding(tab, access, autoLoadTabMenus);
  for (const module of MODULE_NAMES) {
    const page = getModulePages(module).find((candidate) => candidate.tab === tab);
    if (page) return isAppRouteAllowed(page.path, access) ? page.path : null;
  }
  return null;
}

function moduleLanding(
  module: ModuleName,
  access: AccessContext,
  autoLoadTabMenus: unknown,
): string | null {
  if (!isTabVisible(module, access.permissions, access.hiddenTabs ?? undefined)) return null;
  return getAutoLoadTarget(module, { ...access, autoLoadTabMenus }) ?? `/app/${module}`;
}

/** CHANGED when the part differs from the previous route, UPDATED when it is the same (spec §4). */
export type RoutingChange = 'CHANGED' | 'UPDATED';

/** The parts of a route the routing state compares. */
export interface RoutingParts {
  readonly path: string;
  readonly module: string | null;
  readonly featureModule: string | null;
  /** The page pattern (`report/edit/:id`) of a known route; the remaining segments otherwise. */
  readonly page: string | null;
  readonly params: Readonly<Record<string, string>>;
}

/** Splits a URL into module, feature module and page (any `/app` URL, known to the table or not). */
export function getRoutingParts(url: string): RoutingParts {
  const match = parseAppRoute(url);
  if (match !== null) {
    return {
      path: match.path,
      module: match.module,
      featureModule: match.featureModule,
      page: match.page,
      params: match.params,
    };
  }
  const path = normalizePath(url);
  const segments = path.split('/').filter((segment) => segment !== '');
  const start = segments[0] === 'app' ? 1 : 0;
  const rest = segments.slice(start + 2);
  return {
    path,
    module: segments[start] ?? null,
    featureModule: segments[start + 1] ?? null,
    page: rest.length > 0 ? rest.join('/') : null,
    params: {},
  };
}

/** How module, feature module and page moved between two navigations. */
export interface RoutingDiff {
  readonly module: RoutingChange;
  readonly featureModule: RoutingChange;
  readonly page: RoutingChange;
}

/**
 * Spec §4 "Routing state": module, feature module and page are each marked CHANGED or UPDATED
 * relative to the previous route. With no previous route everything is CHANGED. A part is UPDATED
 * only when it and every part above it are unchanged (the same page of another module is a
 * different page); parameters and query strings do not change a part (`edit/4` → `edit/5` is an
 * UPDATE of the same page).
 */
export function diffRoutingState(previous: string | null | undefined, next: string): RoutingDiff {
  const after = getRoutingParts(next);
  if (previous === null || previous === undefined)
    return { module: 'CHANGED', featureModule: 'CHANGED', page: 'CHANGED' };
  const before = getRoutingParts(previous);
  const module: RoutingChange = before.module === after.module ? 'UPDATED' : 'CHANGED';
  const featureModule: RoutingChange =
    module === 'UPDATED' && before.featureModule === after.featureModule ? 'UPDATED' : 'CHANGED';
  const page: RoutingChange =
    featureModule === 'UPDATED' && before.page === after.page ? 'UPDATED' : 'CHANGED';
  return { module, featureModule, page };
}

/**
 * The application tab open at `url` with the menus the user may use (what the APPLICATION_TABS
 * sidebar lists); null when `url` is not an application tab page the user may open.
 */
export function getOpenApplicationTab(url: string, access: AccessContext): ApplicationTab | null {
  const match = parseAppRoute(url);
  if (match === null || !isAppRouteAllowed(match, access)) return null;
  const usable = getUsableApplicationTabs(access.applicationTabs ?? [], access.permissions);
  return (
    usable.find(
      (tab) => match.module === 'applicationTab' && String(tab.id) === match.params.tabId,
    ) ?? null
  );
}
