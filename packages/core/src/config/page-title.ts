/**
 * The document title of a console page: the page's name, then the platform title
 * (spec §2: the platform vocabulary label, else the product title) — "Assets · Acme Track".
 */

/** The separator between the page and the platform in a document title. */
export const TITLE_SEPARATOR = ' · ';

/**
 * `Assets · Acme Track`; the platform title alone when there is no page name (sign-in, loading) or
 * when the page is named like the platform. Blank parts are ignored.
 */
export function composePageTitle(
  pageLabel: string | null | undefined,
  platformTitle: string,
): string {
  const page = (pageLabel ?? '').trim();
  const platform = platformTitle.trim();
  if (page === '' || page === platform) return platform;
  if (platform === '') return page;
  return `${page}${TITLE_SEPARATOR}${platform}`;
}
