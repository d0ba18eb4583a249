import { expect, test } from '@playwright/test';
import { API, apiLogin, signIn } from './helpers.ts';

test.describe('guards and the OAuth return (spec §2)', () => {
  test('(c) a protected page without a token goes to /login; (a) it is remembered and opened after sign-in', async ({
    page,
  }) => {
    await page.goto('/#/app/model/zone');
    await expect(page).toHaveURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('REDIRECT_URL'))).toBe('/app/model/zone');
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/#\/app\/model\/zone$/);
    expect(await page.evaluate(() => localStorage.getItem('REDIRECT_URL'))).toBeNull();
  });

  test('(a) a redirect remembered for another user of this tab is not followed', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.goto('/#/app/tenants/user');
    await expect(page).toHaveURL(/#\/login$/);
    await signIn(page, 'admin');
    // LAST_ID is operator's: admin lands on its default page (Acme's defaultNavBar is things)
    await expect(page).toHaveURL(/#\/app\/things\/thing$/);
  });

  test('(d) /app goes to the default landing page; an allowed deep link stays', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/#/app');
    await expect(page).toHaveURL(/#\/app\/things\/thing$/);
    await page.goto('/#/app/tenants/role');
    await expect(page).toHaveURL(/#\/app\/tenants\/role$/);
  });

  test('/login when already signed in goes to the application', async ({ page }) => {
    await signIn(page, 'viewer');
    await page.goto('/#/login');
    await expect(page).toHaveURL(/#\/app\//);
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
  });

  test('placeholder: a valid legacy path goes to /app + path, anything else to the welcome page', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/#/model/zoneType');
    await expect(page).toHaveURL(/#\/app\/model\/zoneType$/);
    await page.goto('/#/no/such/place');
    await expect(page).toHaveURL(/#\/app\/home\/welcome$/);
  });

  test('a typed address with an undefined or null parameter is refused with a warning; the page stays', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await signIn(page, 'admin');
    await page.goto('/#/app/model/zoneGroup');
    await expect(page).toHaveURL(/#\/app\/model\/zoneGroup$/);
    for (const target of [
      '/app/tenants/group/config/undefined',
      '/app/analytics/report/edit/null',
    ]) {
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, `#${target}`);
      await expect(page).toHaveURL(/#\/app\/model\/zoneGroup$/);
      await expect
        .poll(() => warnings.some((line) => line.includes(`navigation to "${target}" refused`)))
        .toBe(true);
    }
  });

  test('a page the user may not open is refused on its own address, which the explanation shows', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    await page.goto('/#/app/services/connection');
    // viewer hides the Services tab: the page is not shown, its address stays and is explained
    const explanation = page.getByTestId('forbidden-page');
    await expect(explanation).toContainText('#/app/services/connection');
    await expect(page).toHaveURL(/#\/app\/services\/connection$/);
    await expect(page.locator('iframe[title="Legacy interface"]')).toBeHidden();
  });

  test('OAuth return with a token signs in; without one goes to /login; both cookies are cleared', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await apiLogin(request, 'admin');
    const url = new URL(baseURL!);
    // the tab left for the identity provider with a state, which the platform echoes back
    const state = 'guards-spec-state-0123456789abcdefghijkl';
    await page.goto('/#/login');
    await page.evaluate((value) => sessionStorage.setItem('OAUTH_STATE', value), state);
    await context.addCookies([
      { name: '$oauth_status', value: 'ok', domain: url.hostname, path: '/' },
      { name: '$oauth_state', value: state, domain: url.hostname, path: '/' },
      { name: 'token', value: token, domain: url.hostname, path: '/' },
    ]);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
    await expect(page).toHaveURL(/#\/app\//);
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('$oauth_status');
    expect(names).not.toContain('token');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await context.addCookies([
      { name: '$oauth_status', value: 'failed', domain: url.hostname, path: '/' },
    ]);
    await page.goto('/#/app/things/thing');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('the API refuses a request without a token with 401', async ({ request }) => {
    const response = await request.get(`${API}/user/whoami`);
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({
      error: 'Not Authenticated, Access Denied',
      requestId: response.headers()['x-request-id'],
    });
  });

  test('services unreachable: a clear screen, the session kept, and Try again recovers', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.route('**/riot-core-services/api/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'The services cannot be reached' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).not.toBeNull();
    await page.unroute('**/riot-core-services/api/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
  });

  test('services unreachable at sign-in reads differently from a wrong password', async ({
    page,
  }) => {
    await page.goto('/#/login');
    await page.route('**/riot-core-services/api/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('textbox', { name: 'Username' }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The services cannot be reached. Check your connection and try again.',
    );
  });
});
