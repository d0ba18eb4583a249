// A tenant's configuration as its administrator changes it: the settings page shows each field's own
// and inherited value; a renamed platform, a new landing tab and a refused session timeout, in
// English at 1440 px and in Spanish at 390 px, by keyboard where a person would; axe on each
// screen. Each test makes a tenant of its own (as root, through the API), so the demo tenants the
// other specs read keep their configuration.
import { expect as baseExpect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { API, NEW_ACCOUNT_PASSWORD, apiLogin, legacyFrame, signIn } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });
test.use({ serviceWorkers: 'block' });

interface Tenant {
  groupId: number;
  name: string;
  username: string;
  rootToken: string;
}

/** A new tenant under the root, with an administrator holding the demo tenant administrator's permissions. */
async function createTenant(
  request: APIRequestContext,
  prefix: string,
  language?: string,
): Promise<Tenant> {
  const rootToken = await apiLogin(request, 'root');
  const headers = { token: rootToken };
  const root = (await (
    await request.post(`${API}/user/login`, {
      data: { username: 'root', password: 'demo' },
    })
  ).json()) as { groupId: number };
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const name = `${prefix} ${stamp}`;
  const group = await request.post(`${API}/group`, {
    headers,
    data: { name, code: `${prefix.toLowerCase()}-${stamp}`, parentId: root.groupId },
  });
  expect(group.status(), await group.text()).toBe(201);
  const groupId = ((await group.json()) as { id: number }).id;
  const adminToken = await apiLogin(request, 'admin');
  const admin = (await (
    await request.post(`${API}/user/login`, {
      data: { username: 'admin', password: 'demo' },
    })
  ).json()) as { id: number };
  const held = (await (
    await request.get(`${API}/user/${admin.id}/permissions`, { headers: { token: adminToken } })
  ).json()) as { results: string[] };
  const role = await request.post(`${API}/role`, {
    headers,
    data: {
      name: `Administrator ${stamp}`,
      groupId,
      permissions: held.results.filter((permission) => !permission.startsWith('_')),
    },
  });
  expect(role.status(), await role.text()).toBe(201);
  const username = `${prefix.toLowerCase()}-${stamp}`;
  const user = await request.post(`${API}/user`, {
    headers,
    data: {
      username,
      firstName: 'Tess',
      lastName: 'Tenant',
      groupId,
      password: NEW_ACCOUNT_PASSWORD,
      roleIds: [((await role.json()) as { id: number }).id],
    },
  });
  expect(user.status(), await user.text()).toBe(201);
  if (language) {
    const userId = ((await user.json()) as { id: number }).id;
    const set = await request.put(`${API}/user/${userId}/field/language`, {
      headers,
      data: { value: language },
    });
    expect(set.ok(), await set.text()).toBe(true);
  }
  return { groupId, name, username, rootToken };
}

test('an administrator renames the platform and changes the landing tab; a bad timeout is refused (1440 px, English)', async ({
  page,
  request,
  browser,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const tenant = await createTenant(request, 'Settings');
  // another console of the tenant, open in another browser before the change
  const elsewhere = await browser.newContext({ serviceWorkers: 'block' });
  const other = await elsewhere.newPage();
  await signIn(other, tenant.username, NEW_ACCOUNT_PASSWORD);
  await expect(other).toHaveTitle(/Portico/);
  await signIn(page, tenant.username, NEW_ACCOUNT_PASSWORD);
  const frame = legacyFrame(page);

  await page.goto('/#/app/tenants/settings');
  await expect(
    frame.getByRole('heading', { level: 1, name: `Settings of ${tenant.name}` }),
  ).toBeVisible();
  // the root's session timeout is inherited, and said to be
  const timeout = frame.getByRole('form', { name: 'Session timeout (minutes)' });
  await expect(timeout).toContainText('This group uses the inherited value');
  await expect(timeout).toContainText('inherited from Root: 60 minutes');
  await expectNoFrameAxeViolations(page, 'settings (1440): ');

  // a timeout of no minutes: refused with the reason, nothing saved
  await timeout.getByRole('spinbutton').fill('0');
  await timeout.getByRole('button', { name: 'Save Session timeout (minutes)' }).click();
  await expect(timeout.getByRole('alert')).toContainText('Enter whole minutes, from 1 to');
  // by keyboard: type a valid value and press Enter in the field
  await timeout.getByRole('spinbutton').fill('45');
  await timeout.getByRole('spinbutton').press('Enter');
  await expect(timeout.getByRole('status')).toHaveText('Saved.');
  await expect(timeout).toContainText('This group: 45 minutes');

  // the landing tab: Model
  const landing = frame.getByRole('form', { name: 'Landing tab after sign-in' });
  await landing.getByRole('combobox').selectOption('model');
  await landing.getByRole('button', { name: /^Save/ }).click();
  await expect(landing.getByRole('status')).toHaveText('Saved.');

  // the platform's name, in English and French: the shell's title follows at once
  await frame.getByRole('button', { name: 'Vocabulary' }).click();
  await frame.getByRole('searchbox', { name: 'Find a concept' }).fill('Platform');
  const platform = frame.getByRole('form', { name: 'Platform name' });
  await platform.getByRole('textbox', { name: 'English' }).fill('Orbit Console');
  await platform.getByRole('textbox', { name: 'French' }).fill('Console Orbite');
  await platform.getByRole('button', { name: 'Save Platform name' }).click();
  await expect(platform.getByRole('status')).toHaveText('Saved.');
  await expect(page).toHaveTitle(/Orbit Console/);
  // the other console follows at once, without a reload
  await expect(other).toHaveTitle(/Orbit Console/, { timeout: 10_000 });
  await elsewhere.close();
  await testInfo.attach('settings (1440)', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await expectNoFrameAxeViolations(page, 'settings vocabulary (1440): ');

  // stored as the services keep it, audited
  const fields = await request.get(`${API}/group/${tenant.groupId}/fields`, {
    headers: { token: tenant.rootToken },
  });
  const rows = ((await fields.json()) as { results: { name: string; value: string | null }[] })
    .results;
  expect(rows.find((row) => row.name === 'vizixVocabularyLabelPlatform')?.value).toBe(
    '{"en":"Orbit Console","fr":"Console Orbite"}',
  );
  expect(rows.find((row) => row.name === 'sessionTimeout')?.value).toBe('45');

  // back to the inherited timeout
  await frame.getByRole('button', { name: 'Console behaviour' }).click();
  await timeout.getByRole('button', { name: 'Use the inherited value' }).click();
  await expect(timeout.getByRole('status')).toHaveText('Now uses the inherited value.');
  await expect(timeout).toContainText('This group uses the inherited value');

  // a new sign-in lands on the tab the tenant chose
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signIn(page, tenant.username, NEW_ACCOUNT_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/model/);
});

test('a group below the tenant inherits, and a label in Spanish is saved (390 px, Spanish)', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tenant = await createTenant(request, 'Ajustes', 'es');
  const child = await request.post(`${API}/group`, {
    headers: { token: tenant.rootToken },
    data: {
      name: `Almacén ${tenant.groupId}`,
      code: `alm-${tenant.groupId}`,
      parentId: tenant.groupId,
    },
  });
  expect(child.status(), await child.text()).toBe(201);
  const childId = ((await child.json()) as { id: number }).id;
  await signIn(page, tenant.username, NEW_ACCOUNT_PASSWORD);
  // the frame's title is Spanish too
  const frame = page.frameLocator('main iframe');

  // the tenant's own time zone first
  await page.goto('/#/app/tenants/settings');
  await expect(
    frame.getByRole('heading', { level: 1, name: `Configuración de ${tenant.name}` }),
  ).toBeVisible();
  await frame.getByRole('button', { name: 'Idioma y formatos' }).click();
  const zone = frame.getByRole('form', { name: 'Zona horaria' });
  await zone.getByRole('textbox').fill('Europe/Madrid');
  await zone.getByRole('button', { name: 'Guardar Zona horaria' }).click();
  await expect(zone.getByRole('status')).toHaveText('Guardado.');

  // the group below inherits it, and says from where
  await page.goto(`/#/app/tenants/group/config/${childId}`);
  await expect(
    frame.getByRole('heading', { level: 1, name: `Configuración de Almacén ${tenant.groupId}` }),
  ).toBeVisible();
  await frame.getByRole('button', { name: 'Idioma y formatos' }).click();
  await expect(frame.getByRole('form', { name: 'Zona horaria' })).toContainText(
    `heredado de ${tenant.name}: Europe/Madrid`,
  );
  await expect(
    frame.getByRole('link', { name: `Ajustes del grupo padre: ${tenant.name}` }),
  ).toBeVisible();

  // a vocabulary label in Spanish for the group below
  await frame.getByRole('button', { name: 'Vocabulario' }).click();
  // concepts are named in the user's language ("Zonas", not the key "Zones")
  await frame.getByRole('searchbox', { name: 'Buscar un concepto' }).fill('Zonas');
  const zones = frame.getByRole('form', { name: 'Zonas', exact: true });
  await zones.getByRole('textbox', { name: 'Español' }).fill('Almacenes');
  await zones.getByRole('button', { name: 'Guardar Zonas' }).click();
  await expect(zones.getByRole('status')).toHaveText('Guardado.');
  await expect(zones).toContainText('Este grupo: Almacenes');
  await testInfo.attach('settings (390, es)', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await expectNoFrameAxeViolations(page, 'settings (390, es): ', 'main iframe');
  await expectNoHorizontalOverflow(page);
});
