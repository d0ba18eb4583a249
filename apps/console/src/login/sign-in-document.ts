// Builds the pages the services serve at `/` from the index.html Vite wrote: the stylesheet inlined
// (the first paint needs no second request), and, for a visitor without a session, one page per
// language with the sign-in form already in #root. Pure string work, run at build time.
import type { Language } from '@portico/core';
import type { ConfigLinks } from './light-sign-in.tsx';

/** Where the pre-rendered pages go in the build, per language (the services pick one). */
export function signInPagePath(language: Language): string {
  return `sign-in/${language}.html`;
}

const ROOT_ELEMENT = '<div id="root"></div>';

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** index.html with each linked stylesheet the build holds (`/assets/….css`) in a <style> element. */
export function inlineStylesheets(html: string, readCss: (file: string) => string | undefined) {
  return html.replace(
    /<link rel="stylesheet"[^>]*?href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const css = readCss(file);
      return css === undefined || css.includes('</style') ? tag : `<style>${css.trim()}</style>`;
    },
  );
}

/** index.html with links that fetch `files` (site paths) with the document, each once. */
export function addModulePreloads(html: string, files: readonly string[]): string {
  const links = [...new Set(files)]
    .filter((file) => !html.includes(`href="${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`)
    .join('');
  return html.replace('</head>', `${links}</head>`);
}

export interface SignInPageParts {
  language: Language;
  /** The form's markup (React's renderToString of the light sign-in entry). */
  markup: string;
  title: string;
  /** The links the markup was rendered with: the page hydrates it with the same. */
  links: ConfigLinks;
}

/** The sign-in page in one language: index.html with the form in #root, its language and title. */
export function signInDocument(html: string, parts: SignInPageParts): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT}`);
  const root =
    `<div id="root" data-sign-in="${escapeAttribute(parts.language)}" ` +
    `data-sign-in-links="${escapeAttribute(JSON.stringify(parts.links))}">${parts.markup}</div>`;
  return html
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeAttribute(parts.language)}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(parts.title)}</title>`)
    .replace(ROOT_ELEMENT, () => root);
}
