// What the command palette lists and how it filters. Which pages a user may
// open is core's rule (isAppRouteAllowed); this file only picks, labels and matches them.
import {
  APP_ROUTES,
  MODULES,
  applicationTabLabel,
  applicationTabPath,
  getUsableApplicationTabs,
  isAppRouteAllowed,
  type AppRoute,
  type ApplicationTab,
} from '@portico/core';

export interface PalettePage {
  path: string;
  /** The page's name in the current language with the tenant vocabulary ("Assets"). */
  label: string;
  /** The module it belongs to, for context ("Tenants"); '' for routes outside the modules. */
  context: string;
  beta: boolean;
  /**
   * Other names it is found by: the built-in name when the tenant renamed the page (a tenant that
   * calls zones "Areas" still finds them by typing "zone").
   */
  aliases: string[];
}

export type LabelFn = (tab: string | null, labelKey?: string) => string;

/**
 * The pages worth jumping to: every menu page of the module table and every other route with a
 * name of its own (logs, machine learning, health and status). Not listed: routes with `:params`
 * (they need an id), module landing pages (the Modules navigation holds them) and the sub-pages
 * that would repeat their page's name (sitesConfiguration/list, zone/builder, report/create, …).
 */
function isListed(route: AppRoute): boolean {
  if (route.path.includes(':')) return false;
  if (route.menu) return true;
  return route.page !== null
    ? route.labelKey !== `tabs.${String(route.tab)}`
    : !MODULES.some((module) => module.path === route.path);
}

/**
 * The tenant's application tabs as palette pages: each menu the user may use, named by the tenant
 * in `language`, found by its tab's name too ("Operations › Daily").
 */
export function listApplicationTabPages(
  tabs: readonly ApplicationTab[],
  permissions: readonly string[],
  language: string,
): PalettePage[] {
  return getUsableApplicationTabs(tabs, permissions).flatMap((tab) =>
    tab.menus.map((menu) => ({
      path: applicationTabPath(tab, menu.id),
      label: applicationTabLabel(menu, language),
      context: applicationTabLabel(tab, language),
      beta: false,
      aliases: [],
    })),
  );
}

export function listPalettePages(
  access: { permissions: readonly string[]; hiddenTabs: readonly string[] },
  label: LabelFn,
): PalettePage[] {
  const moduleLabels = new Map(
    MODULES.map((module) => [module.name as string, label(module.tab, module.labelKey)]),
  );
  return APP_ROUTES.filter(
    (route) =>
      isListed(route) &&
      isAppRouteAllowed(route.path, {
        permissions: [...access.permissions],
        hiddenTabs: [...access.hiddenTabs],
      }),
  ).map((route) => {
    const shown = label(route.labelName, route.labelKey);
    const builtIn = label(null, route.labelKey);
    return {
      path: route.path,
      label: shown,
      context: moduleLabels.get(route.module) ?? '',
      beta: route.beta,
      aliases: builtIn === shown ? [] : [builtIn],
    };
  });
}

/** Lower case without accents, so "zona" finds "Zonas" and "geracao" finds "Geração". */
export function foldText(text: string, language: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase(language);
}

/**
 * Pages whose label (or module, or built-in name) contains every word typed, case- and
 * accent-insensitively; pages whose label starts with the query come first, then other label
 * matches, then matches by module or built-in name; otherwise the table order is kept.
 */
export function filterPalettePages(
  pages: readonly PalettePage[],
  query: string,
  language: string,
): PalettePage[] {
  const folded = foldText(query.trim(), language);
  if (folded === '') return [...pages];
  const words = folded.split(/\s+/);
  const scored = pages.flatMap((page, index) => {
    const label = foldText(page.label, language);
    const aliases = page.aliases.map((alias) => foldText(alias, language));
    const haystack = `${label} ${foldText(page.context, language)} ${aliases.join(' ')}`;
    if (!words.every((word) => haystack.includes(word))) return [];
    const rank = label.startsWith(folded)
      ? 0
      : label.includes(folded)
        ? 1
        : aliases.some((alias) => alias.includes(folded))
          ? 2
          : 3;
    return [{ page, rank, index }];
  });
  return scored.sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.page);
}
