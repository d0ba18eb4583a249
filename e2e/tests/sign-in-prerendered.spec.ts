// The sign-in form is in index.html (pre-rendered at build time, in the browser's language): usable
// before any script runs, and taken over by React without a layout shift, a lost keystroke, a lost
// focus or a lost submit. The console's code is held back here (routed and released on cue), as a
// slow network would.
import { expect, test, type Page } from '@playwright/test';

test.describe.configure({ timeout: 90_000 });

/** The console's React entry (main-<hash>.js), fetched by the page's first script on first input. */
const REACT_ENTRY = /\/assets\/main-[\w-]+\.js$/;

/** Holds the React entry until `release()`; `requested` settles when the page asks for it. */
async function holdReactEntry(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(REACT_ENTRY, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, requested: asked };
}

/** Every layout shift of the page (input or not), summed, from the first paint on. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as { __shifts: number[] };
    state.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        state.__shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);

/** True once React owns the element (hydrated): its fiber key is on the node. */
const hydrated = (page: Page) =>
  page
    .getByRole('textbox', { name: 'Username' })
    .evaluate((input) => Object.keys(input).some((key) => key.startsWith('__reactFiber')));

function hydrationWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

test('typing and a submit before the script arrives are kept, and sent when it does', async ({
  page,
}) => {
  const warnings = hydrationWarnings(page);
  const entry = await holdReactEntry(page);
  await page.goto('/#/app/model/zone');
  const username = page.getByRole('textbox', { name: 'Username' });
  // the deep link is remembered and the address shows the sign-in page (spec §2, guards (a), (c))
  await expect(page).toHaveURL(/#\/login$/);
  await expect(username).toBeFocused();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type('demo');
  await page.keyboard.press('Enter');
  await entry.requested;
  // nothing happened yet: no navigation, no password in the address, the fields as typed
  expect(await hydrated(page)).toBe(false);
  expect(page.url()).not.toContain('demo');
  await expect(username).toHaveValue('admin');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('demo');
  entry.release();
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible({ timeout: 30_000 });
  // signed in, and taken to the page the link asked for
  await expect(page).toHaveURL(/#\/app\/model\/zone/);
  expect(warnings).toEqual([]);
});

test('React takes the form over where it stands: same elements, focus, text, no layout shift', async ({
  page,
}) => {
  const warnings = hydrationWarnings(page);
  await recordLayoutShifts(page);
  const entry = await holdReactEntry(page);
  await page.goto('/#/login');
  const username = page.getByRole('textbox', { name: 'Username' });
  await expect(username).toBeFocused();
  await page.keyboard.type('adm');
  await entry.requested;
  await username.evaluate((input) => ((input as unknown as { __mark: number }).__mark = 1));
  entry.release();
  await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
  // the same element (hydrated, not replaced), still focused, and typing goes on into it
  expect(await username.evaluate((input) => (input as unknown as { __mark?: number }).__mark)).toBe(
    1,
  );
  await expect(username).toBeFocused();
  await page.keyboard.type('in');
  await expect(username).toHaveValue('admin');
  // a shift would be counted even right after typing (CLS leaves those out; this test does not)
  expect(await layoutShifts(page)).toEqual([]);
  // React's own validation runs on the taken-over form (its message moves the card: not counted)
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your password.')).toBeVisible();
  await expect(username).toHaveValue('admin');
  expect(warnings).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'es-ES' });

  test("the form is there in the browser's language, takes typing, and a submit goes nowhere", async ({
    page,
  }) => {
    await page.goto('/#/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    const username = page.getByRole('textbox', { name: 'Nombre de usuario' });
    await expect(username).toBeFocused();
    await page.keyboard.type('admin');
    await page.getByLabel('Contraseña', { exact: true }).fill('secreto');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    // method="dialog": no request, no password in the address, nothing typed lost
    await expect(username).toHaveValue('admin');
    expect(page.url()).not.toContain('secreto');
    expect(new URL(page.url()).search).toBe('');
  });
});
