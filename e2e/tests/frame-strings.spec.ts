// No developer string reaches a person. The main screens of the work area — a
// list, an editor, a save refused field by field, a refused delete, a server error and a page the
// reference UI does not have — are walked in English and in French, and every text shown (text
// nodes, and the labels a screen reader reads: aria-label, title, placeholder, alt) in the frame
// and in the shell around it must be a translation of that language (the legacy UI's
// apps/legacy-ui/src/locales, the console's apps/console/src/i18n/locales; placeholders match
// anything) or data the page received from the API (names, serials, numbers, the tenant's
// vocabulary; dates as the user's format writes them).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import {
  API,
  NEW_ACCOUNT_PASSWORD,
  chooseReference,
  createAcmeAccount,
  signIn,
} from './helpers.ts';

// sign-in, several screens and two languages on a shared two-core machine
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });
// the console's service worker would answer some requests itself, out of page.route's reach
test.use({ serviceWorkers: 'block' });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function leaves(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object')
    for (const value of Object.values(node)) leaves(value, out);
  return out;
}

function localeFile(path: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8'));
}

/** Every message of one language, both apps, each a pattern whose placeholders match anything. */
function translationPatterns(language: string): RegExp[] {
  const legacy = leaves(localeFile(`../../apps/legacy-ui/src/locales/${language}.json`));
  const console = leaves(localeFile(`../../apps/console/src/i18n/locales/${language}.json`));
  const pattern = (message: string, placeholder: RegExp) =>
    new RegExp(
      `^${message.replace(/\s+/g, ' ').trim().split(placeholder).map(escapeRegExp).join('.+')}$`,
      'su',
    );
  return [
    ...legacy.map((message) => pattern(message, /\{\w+\}/)),
    ...console.map((message) => pattern(message, /\{\{\s*[\w.]+\s*\}\}/)),
  ];
}

/** Every string and number in a JSON answer; JSON held in a string (vocabulary maps) opened too. */
function dataValues(node: unknown, out: Set<string>): void {
  if (typeof node === 'number') out.add(String(node));
  else if (typeof node === 'string') {
    out.add(node.replace(/\s+/g, ' ').trim());
    if (/^\s*[[{]/.test(node)) {
      try {
        dataValues(JSON.parse(node) as unknown, out);
      } catch {
        // not JSON after all: the string itself is the value
      }
    }
  } else if (Array.isArray(node)) for (const item of node) dataValues(item, out);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    // a person is shown by name, and by initials in the user menu's avatar
    if (typeof record.firstName === 'string' && typeof record.lastName === 'string') {
      const { firstName, lastName } = record as { firstName: string; lastName: string };
      out.add(`${firstName} ${lastName}`.trim());
      const initials = [firstName, lastName].map((name) => [...name][0] ?? '');
      out.add(initials[0]!.toLocaleUpperCase());
      out.add(initials.join('').toLocaleUpperCase());
    }
    for (const value of Object.values(record)) dataValues(value, out);
  }
}

/**
 * The data the page was given: every value of every successful API answer (an error's body is
 * exactly what must not be shown, so it never counts as data).
 */
function recordApiData(page: Page): { data: Set<string>; read(): Promise<unknown> } {
  const data = new Set<string>();
  const reading = new Set<Promise<void>>();
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith(API) || !response.ok()) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const body = response
      .json()
      .then((json: unknown) => dataValues(json, data))
      .catch(() => undefined)
      .finally(() => reading.delete(body));
    reading.add(body);
  });
  // the answers' bodies are read from the browser after they arrived: wait for those in hand
  return { data, read: () => Promise.all([...reading]) };
}

/** What a person sees or hears in `root`'s document: visible text nodes and accessible labels. */
async function shownTexts(root: Locator): Promise<string[]> {
  return root.evaluate((top) => {
    const out: string[] = [];
    const shown = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const add = (text: string | null | undefined, where: string) => {
      const clean = (text ?? '').replace(/\s+/g, ' ').trim();
      if (clean !== '') out.push(`${where}\u0000${clean}`);
    };
    const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template, option')) continue;
      if (!shown(parent)) continue;
      add(node.textContent, parent.tagName.toLowerCase());
    }
    for (const element of top.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt], [aria-roledescription], select',
    )) {
      if (!shown(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription'])
        add(element.getAttribute(name), `${element.tagName.toLowerCase()}[${name}]`);
      // a closed select shows its chosen option
      if (element instanceof HTMLSelectElement)
        add(element.selectedOptions[0]?.textContent, 'select option');
    }
    return out;
  });
}

/** Dates and times as the user's formats write them ("11/21/2026 2:05 PM", "21.11.2026 14:05"). */
const DATE_TIME = /^(\d{2}[./-]\d{2}[./-]\d{4}|\d{4}-\d{2}-\d{2})( \d{1,2}:\d{2}( ?(AM|PM))?)?$/;
/** Punctuation and symbols alone (a separator, an asterisk marking a required field). */
const SYMBOLS = /^[\p{P}\p{S}\s]+$/u;

interface Checker {
  check(where: string): Promise<void>;
  unknown: string[];
}

function checker(page: Page, language: string, api: ReturnType<typeof recordApiData>): Checker {
  const { data } = api;
  const patterns = translationPatterns(language);
  // enumeration codes come in the API's answers ("active", "maintenance") but are shown translated
  const enumCodes = new Set(
    Object.keys(localeFile('../../apps/legacy-ui/src/locales/en.json') as object)
      .filter((key) => key.startsWith('enum.'))
      .map((key) => key.slice('enum.'.length)),
  );
  const unknown = new Set<string>();
  const allowed = (text: string) =>
    (data.has(text) && !enumCodes.has(text)) ||
    DATE_TIME.test(text) ||
    SYMBOLS.test(text) ||
    patterns.some((pattern) => pattern.test(text));
  return {
    unknown: [] as string[],
    async check(where: string) {
      await api.read();
      const frame = page.frameLocator('main iframe').locator('body');
      for (const [part, root] of [
        ['shell', page.locator('body')],
        ['frame', frame],
      ] as const) {
        for (const entry of await shownTexts(root)) {
          const [element, text] = entry.split('\u0000') as [string, string];
          // a <code> shows data as it is (a metric's name, an event, a field's code): not words
          if (element !== 'code' && !allowed(text))
            unknown.add(`${where}, ${part} ${element}: ${JSON.stringify(text)}`);
        }
      }
      this.unknown = [...unknown];
    },
  };
}

const LANGUAGES = [
  {
    language: 'en',
    save: 'Save',
    remove: 'Delete',
    confirm: 'Yes, delete',
    retry: 'Try again',
    newThing: 'New asset',
    editThing: 'Edit asset',
    required: 'This field is required.',
    duplicate: 'Another record already uses this value. Enter a different one.',
    deleteSelf: "You can't delete your own account. Ask another administrator if it must go.",
    server: 'The server ran into a problem.',
    models: /^Trained models$/i,
  },
  {
    language: 'fr',
    save: 'Enregistrer',
    remove: 'Supprimer',
    confirm: 'Oui, supprimer',
    retry: 'Réessayer',
    newThing: 'Actif : création',
    editThing: 'Actif : modification',
    required: 'Ce champ est obligatoire.',
    duplicate: null,
    deleteSelf: null,
    server: null,
    models: null,
  },
] as const;

for (const words of LANGUAGES) {
  test(`item 2 (${words.language}): every text the frame and the shell show is a translation or API data`, async ({
    page,
  }) => {
    const api = recordApiData(page);
    const username = await createAcmeAccount(page.request, {
      prefix: `strings-${words.language}`,
      language: words.language,
    });
    await signIn(page, username, NEW_ACCOUNT_PASSWORD);
    const frame = page.frameLocator('main iframe');
    const strings = checker(page, words.language, api);
    const settled = async () => {
      await expect(frame.locator('[aria-busy="true"]')).toHaveCount(0);
    };

    // a list, with its filters, badges and pages
    await page.goto('/#/app/things/thing');
    const firstLink = frame.getByRole('table').getByRole('link').first();
    await expect(firstLink).toBeVisible();
    await settled();
    await strings.check('the assets list');

    // an editor
    await firstLink.click();
    const edit = frame.getByRole('dialog', { name: words.editThing });
    await expect(edit).toBeVisible();
    await settled();
    await strings.check('the edit dialog');

    // a save refused field by field: required, then a serial another record uses
    const taken = await page.request.get(`${API}/thing?pageSize=1&order=id:asc`, {
      headers: { token: (await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))) ?? '' },
    });
    const takenSerial = String(
      ((await taken.json()) as { results: Array<{ serial: string }> }).results[0]!.serial,
    );
    await page.goto('/#/app/things/thing/new');
    const create = frame.getByRole('dialog', { name: words.newThing });
    await expect(create).toBeVisible();
    await settled();
    await create.getByRole('button', { name: words.save }).click();
    await expect(create.getByText(words.required).first()).toBeVisible();
    await strings.check('a save refused: required fields');
    const textboxes = create.getByRole('textbox');
    await textboxes.nth(0).fill('Strings check');
    await textboxes.nth(1).fill(takenSerial);
    await chooseReference(create.getByRole('combobox').first());
    await create.getByRole('button', { name: words.save }).click();
    await expect(create.getByRole('alert')).toBeVisible();
    if (words.duplicate) await expect(create.getByText(words.duplicate)).toBeVisible();
    await expect(create.locator('[aria-invalid="true"]')).toHaveCount(1);
    await strings.check('a save refused: a duplicate serial');

    // a refused action: deleting one's own account
    const me = (await (
      await page.request.get(`${API}/user/whoami`, {
        headers: { token: (await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))) ?? '' },
      })
    ).json()) as { id: number };
    await page.goto(`/#/app/tenants/user/${me.id}`);
    const self = frame.getByRole('dialog');
    await expect(self.getByRole('button', { name: words.remove })).toBeVisible();
    await settled();
    await self.getByRole('button', { name: words.remove }).click();
    await self.getByRole('button', { name: words.confirm }).click();
    await expect(self.getByRole('alert')).toBeVisible();
    if (words.deleteSelf) await expect(self.getByText(words.deleteSelf)).toBeVisible();
    await strings.check('a refused delete');

    // the server fails: a message and a way to try again
    const zoneList = (url: URL) => url.pathname.endsWith(`${API}/zone`);
    await page.route(zoneList, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    await page.goto('/#/app/model/zone');
    const failed = frame.getByRole('alert');
    await expect(failed.getByRole('button', { name: words.retry })).toBeVisible();
    if (words.server) await expect(failed).toContainText(words.server);
    await strings.check('a server error');
    await page.unroute(zoneList);

    // a page outside the modules: the trained models list, with its rows
    await page.goto('/#/app/machinelearning');
    await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
    if (words.models)
      await expect(frame.getByRole('heading', { level: 1 })).toHaveText(words.models);
    await expect(frame.getByText('forklift-eta').first()).toBeVisible();
    await strings.check('the trained models page');

    expect(strings.unknown, 'strings that are neither a translation nor API data').toEqual([]);
  });
}
