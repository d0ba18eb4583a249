// Every screen in every language: a tenant administrator of Acme walks every route of spec §2 (the
// shell and the page in the frame, a record form, the palette, the user menu and Settings) in
// each of the five languages and the test fails on
// - an English leftover: a word of the English strings (console and legacy UI) that no string of
//   that language uses and that is not in the short list of words the language shares with
//   English (below, with the reason for each);
// - a raw concept word: the built-in name of a concept Acme renames in that language (Acme calls
//   things "Actifs" in French, so "Objets" must never be shown).
// Data is not language: table cells, codes, choices of a list, the map maker's zone names, the
// user's and the tenant's names are left out. One browser context per language, one page reused:
// the walk moves by address (a hash change), never by reloading.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { API, NEW_ACCOUNT_PASSWORD, apiLogin, createAcmeAccount, signIn } from './helpers.ts';
import { APPLICATION_TAB_ROUTES, routeRecords, specRoutes } from './spec-routes.ts';

type Language = 'en' | 'es' | 'pt-BR' | 'fr' | 'it';
const LANGUAGES: Language[] = ['en', 'es', 'pt-BR', 'fr', 'it'];

// a sign-in and some sixty pages per language on a shared two-core machine
test.describe.configure({ timeout: 300_000 });
test.use({ serviceWorkers: 'block' });

/** Words a language shares with English, each for a reason (the rest of English must not show). */
const SAME_AS_ENGLISH: Record<Exclude<Language, 'en'>, readonly string[]> = {
  es: [
    'beta', // the release-stage tag, as the console's es tabs.beta
    'endpoints', // the loan word of Spanish API documentation, as the legacy UI's es resource.endpoint
    'visible', // the Spanish word, as the console's es settings.accessVisible
  ],
  'pt-BR': [
    'beta', // the release-stage tag
    'endpoints', // the loan word of Brazilian API documentation, as the legacy UI's pt-BR resource.endpoint
    'gateway', // the usual Brazilian term, as the console's pt-BR tabs.gateway
  ],
  fr: [
    'description', // the French word, as the legacy UI's field.description
  ],
  it: [
    'beta', // the release-stage tag
    'gateway', // the usual Italian term, as the console's it tabs.gateway
  ],
};
/**
 * Phrases where a concept's built-in word means something else (a time zone is not a zone), left
 * out of the raw-concept check.
 */
const HOMONYMS: Record<Language, RegExp> = {
  en: /time zones?/giu,
  es: /zonas? horarias?/giu,
  'pt-BR': /fusos? horários?/giu,
  fr: /fuseaux? horaires?/giu,
  it: /fus[oi] orari[oi]?/giu,
};
/** In every language: the product, codes and names no language translates. */
const EVERYWHERE = [
  'portico',
  'api',
  'csv',
  'json',
  'rfid',
  'mqtt',
  'kafka',
  'rest',
  'sql',
  'ftp',
  'url',
];

function flat(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node))
      flat(value, prefix === '' ? key : `${prefix}.${key}`, out);
  return out;
}

function messages(language: Language): Map<string, string> {
  const read = (path: string) =>
    JSON.parse(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')) as unknown;
  const out = new Map<string, string>();
  for (const [key, value] of flat(read(`../../apps/console/src/i18n/locales/${language}.json`)))
    out.set(`console:${key}`, value);
  for (const [key, value] of flat(read(`../../apps/legacy-ui/src/locales/${language}.json`)))
    out.set(`legacy:${key}`, value);
  return out;
}

/** The words of a text: letters only, placeholders dropped, lower case, three letters or more. */
function words(text: string): string[] {
  return (
    text
      .replace(/\{\{?\s*\w+\s*\}?\}/g, ' ')
      .toLocaleLowerCase('en')
      .match(/\p{L}{3,}/gu) ?? []
  );
}

/** English words no string of `language` uses, less the words the language shares with English. */
function englishOnlyWords(language: Exclude<Language, 'en'>): Set<string> {
  const english = messages('en');
  const translated = messages(language);
  const own = new Set<string>();
  for (const [key, value] of translated)
    if (value !== english.get(key)) for (const word of words(value)) own.add(word);
  const allowed = new Set([...SAME_AS_ENGLISH[language], ...EVERYWHERE]);
  const out = new Set<string>();
  for (const value of english.values())
    for (const word of words(value)) if (!own.has(word) && !allowed.has(word)) out.add(word);
  return out;
}

/** What a document shows a person: visible text and the names it gives (aria-label, title, placeholder). */
async function shownText(target: Page | Frame): Promise<string[]> {
  return target.evaluate(() => {
    // data, not language: cells, codes, choices, the route probe, the map maker's zones
    const DATA =
      'td, code, option, select, textarea, script, style, [aria-hidden="true"], [data-testid="legacy-route"], .zone-map, iframe';
    const out: string[] = [];
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        style.display !== 'none' &&
        style.visibility !== 'hidden' &&
        element.getClientRects().length > 0
      );
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (!parent || text === '' || parent.closest(DATA) || !visible(parent)) continue;
      out.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (element.closest(DATA) && element.tagName !== 'IFRAME') continue;
      for (const name of ['aria-label', 'title', 'placeholder'])
        if (element.getAttribute(name)) out.push(element.getAttribute(name) ?? '');
    }
    return out;
  });
}

/** The built-in names (in `language`) of the concepts Acme renames there: never shown. */
function rawConceptWords(
  language: Language,
  labels: Record<string, Record<string, string>>,
): { word: string; concept: string; label: string }[] {
  const table = messages(language);
  // concept → the keys naming it in the console and in the legacy UI
  const KEYS: Record<string, string[]> = {
    Things: ['console:tabs.thing', 'legacy:resource.thing'],
    Thing: ['legacy:one.thing'],
    ThingTypes: ['console:tabs.thingType', 'legacy:resource.thingType'],
    Users: ['console:tabs.user', 'legacy:resource.user'],
    Groups: ['console:tabs.group', 'legacy:resource.group'],
    Zones: ['console:tabs.zone', 'legacy:resource.zone'],
    ZoneTypes: ['console:tabs.zoneType', 'legacy:resource.zoneType'],
    ZoneGroups: ['console:tabs.zoneGroup', 'legacy:resource.zoneGroup'],
    LogicalReaders: ['console:tabs.logicalReader', 'legacy:resource.logicalReader'],
  };
  const out: { word: string; concept: string; label: string }[] = [];
  for (const [concept, keys] of Object.entries(KEYS)) {
    const map = labels[concept];
    const label = map?.[language] ?? map?.[language.split('-')[0] ?? ''] ?? map?.en;
    if (!label) continue;
    for (const key of keys) {
      const builtIn = table.get(key);
      if (builtIn && builtIn.toLocaleLowerCase(language) !== label.toLocaleLowerCase(language))
        out.push({ word: builtIn, concept, label });
    }
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

for (const language of LANGUAGES) {
  test(`every screen in ${language}: no English leftover, no built-in word where Acme has its own`, async ({
    page,
    request,
  }) => {
    const headers = { token: await apiLogin(request, 'admin') };
    const row = async (resource: string, id: number) =>
      (await (await request.get(`${API}/${resource}/${id}`, { headers })).json()) as Record<
        string,
        unknown
      >;
    const records = await routeRecords(request, headers.token);
    const { groupId, reportId } = records;
    const fields = (await (
      await request.get(`${API}/group/${groupId}/inheritedFields?format=map`, { headers })
    ).json()) as Record<string, { value?: unknown } | unknown>;
    const labels: Record<string, Record<string, string>> = {};
    for (const [name, field] of Object.entries(fields)) {
      if (!name.startsWith('vizixVocabularyLabel')) continue;
      const value =
        field && typeof field === 'object' && 'value' in field ? field.value : (field as unknown);
      try {
        labels[name.slice('vizixVocabularyLabel'.length)] = JSON.parse(String(value)) as Record<
          string,
          string
        >;
      } catch {
        // a plain label: the same in every language
        labels[name.slice('vizixVocabularyLabel'.length)] = Object.fromEntries(
          LANGUAGES.map((code) => [code, String(value)]),
        );
      }
    }

    // every route of spec §2 (parameters filled with records that exist), and record forms
    const ROUTES = [...specRoutes(records), ...APPLICATION_TAB_ROUTES];

    const username = await createAcmeAccount(request, { prefix: `walk-${language}`, language });
    await signIn(page, username, NEW_ACCOUNT_PASSWORD);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const leftovers = language === 'en' ? new Set<string>() : englishOnlyWords(language);
    const raw = rawConceptWords(language, labels).map((entry) => ({
      ...entry,
      pattern: new RegExp(`(^|[^\\p{L}])${escapeRegExp(entry.word)}($|[^\\p{L}])`, 'iu'),
    }));
    // the user's and the tenant's names, and the report the walk opens, are data
    const report = await row('reportDefinition', reportId);
    // and so is the folder it sits in (its name fills the folder field and its clear button)
    const folder =
      typeof report.folderId === 'number' ? await row('folder', report.folderId) : undefined;
    const reportTexts = [report.name, report.description, folder?.name]
      .filter((text): text is string => typeof text === 'string' && text !== '')
      // the longest first: a description that starts with the report's name is data whole
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp);
    // Acme's own words are shown as they are ("Area Groups" holds "Groups" as part of its label)
    const acmeWords = Object.values(labels)
      .map((map) => map[language] ?? map[language.split('-')[0] ?? ''] ?? map.en)
      .filter((label): label is string => typeof label === 'string' && label !== '')
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp);
    const data = new RegExp(
      [
        ...reportTexts,
        escapeRegExp(username),
        'Test walk-\\S+',
        'Acme Logistics',
        'Acme Track',
      ].join('|'),
      'g',
    );
    const acme = new RegExp(`(^|[^\\p{L}])(${acmeWords.join('|')})(?=$|[^\\p{L}])`, 'giu');
    const found = new Set<string>();
    const inspect = (where: string, texts: string[]) => {
      for (const text of texts) {
        const shown = text.replace(data, ' ');
        for (const word of words(shown))
          if (leftovers.has(word))
            found.add(`${where}: English "${word}" in ${JSON.stringify(text)}`);
        const concepts = shown.replace(HOMONYMS[language], ' ').replace(acme, '$1 ');
        for (const entry of raw)
          if (entry.pattern.test(concepts))
            found.add(
              `${where}: "${entry.word}" where Acme says "${entry.label}" in ${JSON.stringify(text)}`,
            );
      }
    };
    const legacy = () => {
      const frame = page.frames().find((candidate) => candidate.url().includes('/legacy-ui/'));
      if (!frame) throw new Error('no legacy frame');
      return frame;
    };
    let walked = 0;

    for (const path of ROUTES) {
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, path);
      const explained = page.getByTestId('forbidden-page');
      // the frame confirmed the page the address settled on, or the shell explains why it may
      // not be opened
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              // where the address settled (a module landing auto-loads its first page)
              const shown = window.location.hash.slice(1).split('?')[0];
              const probe = document.querySelector('[data-route-url]');
              return (
                document.querySelector('[data-testid="forbidden-page"]') !== null ||
                (probe?.getAttribute('data-route-url') === shown &&
                  probe?.getAttribute('data-route-phase') === 'navigateSuccess')
              );
            }),
          { timeout: 20_000 },
        )
        .toBe(true);
      // the page's own loading is over (lists, forms, their choices)
      await expect(legacy().locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      inspect(`${path} (shell)`, await shownText(page));
      if (!(await explained.isVisible())) inspect(`${path} (frame)`, await shownText(legacy()));
      walked += 1;
    }

    // the palette, the user menu and Settings
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.type('zz');
    inspect('palette', await shownText(page));
    await page.keyboard.press('Escape');
    const shell = messages(language);
    await page.getByRole('button', { name: shell.get('console:shell.userMenu') }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    inspect('user menu', await shownText(page));
    await page.getByRole('menuitem', { name: shell.get('console:shell.settings') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    inspect('settings', await shownText(page));

    expect(walked).toBe(ROUTES.length);
    expect([...found]).toEqual([]);
  });
}
