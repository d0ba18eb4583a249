// Analytics on a production build: exactly one 'Portal Load' per login, read back from the
// services' capture endpoint; a blocked analytics host changes nothing a user sees. Each test runs
// its own server (fresh database) so other specs' sign-ins never count here.
import { expect, test as base, type APIRequestContext } from '@playwright/test';
import { API, DEMO_PASSWORD, signIn, signOut } from './helpers.ts';
import { privateSite, type PrivateSite } from './private-site.ts';
// the analytics client drops events of automated and headless browsers (PostHog's bot list,
// navigator.webdriver):
// the visitor here is a person's Chrome
const PERSON_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
function looksLikeAPerson(): void {
  Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
  Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
}

const test = base.extend<{ site: PrivateSite }>({
  site: privateSite('analytics', {
    options: { userAgent: PERSON_USER_AGENT },
    init: async (context) => {
      await context.addInitScript(looksLikeAPerson);
    },
  }),
});

test.describe.configure({ timeout: 90_000 });

interface RecordedEvent {
  event: string;
  distinctId: string;
  properties: Record<string, unknown>;
}

async function portalLoads(request: APIRequestContext, baseUrl: string): Promise<RecordedEvent[]> {
  const login = await request.post(`${baseUrl}${API}/user/login`, {
    data: { username: 'root', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const response = await request.get(
    `${baseUrl}${API}/analytics/events?event=Portal%20Load&pageSize=100&pageNumber=1`,
    { headers: { token } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: RecordedEvent[] }).results;
}

test('one login, two reloads and a second tab record exactly one "Portal Load"; a second login a second one', async ({
  site,
  request,
}) => {
  const context = await site.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin');
  await expect
    .poll(async () => (await portalLoads(request, site.url)).length, { timeout: 15_000 })
    .toBe(1);

  const [event] = await portalLoads(request, site.url);
  expect(event?.distinctId).toBe('admin@Acme Logistics');
  expect(event?.properties).toMatchObject({
    origin: 'legacy',
    tenant: 'Acme Logistics',
    username: 'admin',
    tokenHash: expect.any(Number),
  });
  expect(typeof event?.properties.clientId).toBe('string');
  expect(JSON.stringify(event)).not.toContain(
    await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN') ?? 'no token'),
  );

  for (let reload = 0; reload < 2; reload += 1) {
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
  }
  const second = await context.newPage();
  await second.goto('/#/app/things/thing');
  await expect(second.getByRole('navigation', { name: 'Modules' })).toBeVisible();
  await second.close();

  // a new login: sign out and in again; its event arrives after anything the reloads could have sent
  await signOut(page);
  await signIn(page, 'admin');
  await expect
    .poll(async () => (await portalLoads(request, site.url)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const events = await portalLoads(request, site.url);
  expect(events).toHaveLength(2);
  expect(events[0]?.properties.tokenHash).not.toBe(events[1]?.properties.tokenHash);
  expect(events.every((recorded) => recorded.event === 'Portal Load')).toBe(true);
});

test('with /analytics/** blocked the console works exactly the same', async ({ site }) => {
  const context = await site.newContext();
  const blocked: string[] = [];
  await context.route('**/analytics/**', (route) => {
    blocked.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, 'admin');
  await expect.poll(() => blocked.length, { timeout: 15_000 }).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link').nth(1).click();
  await expect(page.locator('iframe[title="Legacy interface"]')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'About' }).click();
  await expect(page.getByRole('dialog').getByTestId('version-newUi')).toContainText(
    /\d+\.\d+\.\d+/,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
  await signOut(page);
});
