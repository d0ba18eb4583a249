import { expect, test } from '@playwright/test';
import { API, apiLogin, landed, signIn } from './helpers.ts';

// Upstream mode: the console served by one Portico, the API forwarded to another that
// plays the platform. Runs in the `upstream` project only, whose setup sets these two.
const platformUrl = process.env.PORTICO_PLATFORM_URL;
const downUrl = process.env.PORTICO_DOWN_URL;

test.describe('upstream mode', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the console signs in through the proxy: the session lives on the platform', async ({
    page,
    request,
    baseURL,
  }) => {
    expect(baseURL).not.toBe(platformUrl);
    await signIn(page, 'admin');
    await landed(page);
    const token = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
    // the token the console got through the proxy is one the platform itself knows
    const direct = await request.get(`${platformUrl}${API}/user/whoami`, {
      headers: { token: token! },
    });
    expect(direct.status()).toBe(200);
    expect(((await direct.json()) as { username: string }).username).toBe('admin');
    // and a token from the platform works through the proxy
    const other = await apiLogin(request, 'viewer');
    expect(
      (
        await request.get(`${platformUrl}${API}/user/whoami`, { headers: { token: other } })
      ).status(),
    ).toBe(200);
  });

  test('with the platform down, sign-in says the services cannot be reached, and a session keeps its unreachable screen', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: downUrl });
    const page = await context.newPage();
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'Username' }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The services cannot be reached. Check your connection and try again.',
    );
    const answer = await page.request.get(`${API}/user/whoami`);
    expect(answer.status()).toBe(502);
    // the answer names no internal address (the server's log does)
    expect(await answer.json()).toEqual({ error: 'The platform could not be reached' });
    // a stored session is kept (not logged out) and the shell says why it cannot go on
    await page.evaluate(() =>
      localStorage.setItem('ACCESS_TOKEN', 'a-token-the-platform-would-check'),
    );
    await page.goto('/#/app/home/welcome');
    await expect(page.getByRole('heading', { name: 'The services cannot be reached' })).toBeVisible(
      { timeout: 15_000 },
    );
    expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBe(
      'a-token-the-platform-would-check',
    );
    await context.close();
  });
});
