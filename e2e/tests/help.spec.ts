// Help that helps: the support page shows the tenant's contacts and copies diagnostics (versions,
// browser, time zone, the request id of the last error — never the session); video tutorials list
// the tenant's links or say where an administrator adds them; the user guide is searchable and its
// links open the pages it describes. English at 1440 px, Spanish at 390 px; axe on each page.
import { expect as baseExpect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { API, apiLogin, legacyFrame, signIn, signInNewAcmeAccount } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });
test.use({ serviceWorkers: 'block' });

/** Every cookie and stored value of the page long enough to be a secret. */
async function storedSecrets(page: Page): Promise<string[]> {
  const cookies = (await page.context().cookies()).map((cookie) => cookie.value);
  const stored = await page.evaluate(() => [
    ...Object.values(localStorage),
    ...Object.values(sessionStorage),
  ]);
  return [...cookies, ...stored].filter((value) => value.length >= 20);
}

test('support, diagnostics, videos, quick guides and the guide (1440 px, English)', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // Globex's support contact and one video (no other spec reads these fields)
  const globex = (await (
    await request.post(`${API}/user/login`, { data: { username: 'globex', password: 'demo' } })
  ).json()) as { token: string; groupId: number };
  const headers = { token: await apiLogin(request, 'root') };
  for (const [field, value] of [
    ['supportEmail', 'help@globex.example'],
    ['videoTutorials', [{ title: 'Getting started at Globex', url: 'https://video.example/g1' }]],
  ] as const) {
    const set = await request.put(`${API}/group/${globex.groupId}/field/${field}`, {
      headers,
      data: { value },
    });
    expect(set.status(), await set.text()).toBe(200);
  }

  await signIn(page, 'globex');
  const frame = legacyFrame(page);
  // an error to report: a record that does not exist
  await page.goto('/#/app/things/thing/999999');
  await expect(frame.getByRole('alert').first()).toBeVisible();

  await page.goto('/#/app/home/support');
  await expect(frame.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(frame.getByRole('link', { name: 'help@globex.example' })).toHaveAttribute(
    'href',
    'mailto:help@globex.example',
  );
  await expect(frame.getByRole('definition').filter({ hasText: /^v\d/ }).first()).toBeVisible();
  await frame.getByRole('button', { name: 'Copy diagnostics' }).click();
  await expect(frame.getByRole('status')).toHaveText(
    'Copied: paste it into your message to support.',
  );
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^services: v\d/m);
  expect(copied).toMatch(/^time zone: Europe\/Berlin/m);
  expect(copied).toMatch(/ 404 \/riot-core-services\/api\/thing\/999999 request [0-9a-f-]{36}$/m);
  for (const secret of await storedSecrets(page)) expect(copied).not.toContain(secret);
  await expectNoFrameAxeViolations(page, 'support (1440): ');

  await page.goto('/#/app/home/videoTutorials');
  await expect(frame.getByRole('link', { name: /^Getting started at Globex/ })).toHaveAttribute(
    'href',
    'https://video.example/g1',
  );
  await expectNoFrameAxeViolations(page, 'videos (1440): ');

  await page.goto('/#/app/home/quickGuides');
  await expect(frame.getByRole('heading', { level: 2 })).toHaveCount(4);
  await expect(
    frame.getByRole('heading', { level: 2, name: 'Give a colleague access' }),
  ).toBeVisible();
  await expectNoFrameAxeViolations(page, 'quick guides (1440): ');

  await page.goto('/#/app/home/documentation');
  await frame.getByRole('searchbox', { name: 'Search the guide' }).fill('audit');
  await expect(frame.getByRole('status')).toHaveText('Sections found: 1');
  await expect(frame.getByRole('heading', { level: 2 })).toHaveText(['The audit log']);
  await expectNoFrameAxeViolations(page, 'documentation (1440): ');
  await testInfo.attach('documentation (1440)', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  // the deep link, by keyboard
  await frame.getByRole('link', { name: 'Go to The audit log' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/app\/services\/logs$/);
  await expect(frame.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();

  await request.put(`${API}/group/${globex.groupId}/field/videoTutorials`, {
    headers,
    data: { value: null },
  });
});

test('no videos yet says where they are added; the guide searched in Spanish (390 px)', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInNewAcmeAccount(page, request, { prefix: 'ayuda', language: 'es' });
  const frame = page.frameLocator('main iframe');
  await page.goto('/#/app/home/videoTutorials');
  await expect(frame.getByText('Aún no hay tutoriales en vídeo.')).toBeVisible();
  await expect(
    frame.getByText(
      'Un administrador añade sus enlaces en Configuración, en la sección Ayuda y soporte.',
    ),
  ).toBeVisible();
  // a tenant administrator is shown the way there
  await frame.getByRole('link', { name: /^Añádalos en Configuración/ }).click();
  await expect(page).toHaveURL(/#\/app\/tenants\/settings$/);
  await expectNoHorizontalOverflow(page);

  await page.goto('/#/app/home/documentation');
  await frame.getByRole('searchbox', { name: 'Buscar en la guía' }).fill('auditoría');
  await expect(frame.getByRole('heading', { level: 2 })).toHaveText(['El registro de auditoría']);
  // the guide speaks Acme's words: "Activos", not "objetos"
  await frame.getByRole('searchbox', { name: 'Buscar en la guía' }).fill('activos');
  await expect(frame.getByRole('heading', { level: 2 })).toHaveText(['Activos y Tipos de activo']);
  await frame.getByRole('searchbox', { name: 'Buscar en la guía' }).fill('zzzz');
  await expect(frame.getByText('Ninguna sección menciona «zzzz».')).toBeVisible();
  await testInfo.attach('documentation (390, es)', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await expectNoFrameAxeViolations(page, 'documentation (390, es): ', 'main iframe');
  await expectNoHorizontalOverflow(page);
});
