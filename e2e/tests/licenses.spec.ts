// Licenses as root and a tenant's administrator use them: root generates a license in Services →
// License generator, the tenant's administrator installs it in Tenants → License (a tampered copy
// is refused), sees the use of each limit, and creating one thing too many is refused with the
// limit said in words. At 1440 px in English and 390 px in French, axe on every screen.
//
// The limit of one thing is set on a tenant of the test's own: a limit that low on Acme would
// refuse the things the specs running beside this one create there. Acme gets a license with room.
import { test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  API,
  NEW_ACCOUNT_PASSWORD,
  apiCreate,
  apiLogin,
  chooseReference,
  createAcmeAccount,
  createOwnTenant,
  longTaskSpec,
  landed,
  legacyFrame,
  signIn,
  signOut,
} from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = longTaskSpec();

/** A tenant of its own (a thing type, an administrator of things and of the license), root's token. */
function newTenant(request: APIRequestContext) {
  return createOwnTenant(request, {
    prefix: 'licensee',
    name: 'Licensee',
    roleName: 'Licensee administrator',
    permissions: ['tenants:x', 'things:x', 'license:r', 'license:u', 'thing:*', 'thingtype:r'],
  });
}

test('root generates a license, the tenant installs it and is held to it (1440 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const tenant = await newTenant(request);
  const frame = legacyFrame(page);

  // root: Services → License generator
  await signIn(page, 'root');
  await landed(page);
  await page.goto('/#/app/services/license');
  await expect(frame.getByRole('heading', { level: 1, name: 'License generator' })).toBeVisible();
  await frame.getByRole('button', { name: 'Generate' }).click();
  await expect(frame.getByText('Choose a tenant.')).toBeVisible();
  await frame.getByRole('combobox', { name: 'Tenant' }).selectOption({ label: tenant.name });
  await frame.getByRole('textbox', { name: /^Maximum things/ }).fill('1');
  await frame.getByRole('checkbox', { name: 'Gateway' }).uncheck();
  await frame.getByRole('button', { name: 'Generate' }).click();
  const text = frame.getByRole('textbox', { name: 'License text' });
  await expect(text).toHaveValue(/^PORTICO-LICENSE-1\./);
  const license = await text.inputValue();
  await expect(frame.getByRole('table', { name: 'Generated licenses' })).toContainText(tenant.name);
  await expectNoFrameAxeViolations(page, 'license generator: ');
  await signOut(page);

  // the tenant's administrator: Tenants → License
  await signIn(page, tenant.username, NEW_ACCOUNT_PASSWORD);
  await landed(page);
  await page.goto('/#/app/tenants/license');
  await expect(frame.getByRole('heading', { level: 1, name: 'License manager' })).toBeVisible();
  await expect(
    frame.getByText(`No license is installed: ${tenant.name} has no limits.`),
  ).toBeVisible();
  const box = frame.getByRole('textbox', { name: 'License text' });
  // one character changed: refused, and said why
  const at = license.length - 12;
  await box.fill(
    `${license.slice(0, at)}${license[at] === 'A' ? 'B' : 'A'}${license.slice(at + 1)}`,
  );
  await frame.getByRole('button', { name: 'Install license' }).click();
  await expect(frame.getByText(/its signature does not match/)).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await box.fill(license);
  await frame.getByRole('button', { name: 'Install license' }).click();
  await expect(frame.getByRole('status')).toHaveText('License installed.');
  const usage = frame.getByRole('table', { name: 'Use of the license' });
  await expect(usage.getByRole('row', { name: /^Things/ })).toHaveText(/Things\s*0\s*1\s*1/);
  await expect(frame.getByText('Valid', { exact: true })).toBeVisible();
  await expect(
    frame.getByText('Things, Tenants, Model, Services, Analytics', { exact: true }),
  ).toBeVisible();
  await expectNoFrameAxeViolations(page, 'license manager: ');

  // the one thing the license allows, then one too many
  await apiCreate(request, tenant.token, '/thing', {
    name: 'Pallet 1',
    serial: `P1-${tenant.id}`,
    groupId: tenant.id,
    thingTypeId: (
      (await (
        await request.get(`${API}/thingType?pageSize=1`, {
          headers: { token: await apiLogin(request, tenant.username, NEW_ACCOUNT_PASSWORD) },
        })
      ).json()) as { results: Array<{ id: number }> }
    ).results[0]!.id,
  });
  await page.reload();
  await expect(usage.getByRole('row', { name: /^Things/ })).toHaveText(/Things\s*1\s*1\s*0/);
  await page.goto('/#/app/things/thing/new');
  const create = frame.getByRole('dialog');
  await expect(create).toBeVisible();
  const textboxes = create.getByRole('textbox');
  await textboxes.nth(0).fill('Pallet 2');
  await textboxes.nth(1).fill(`P2-${tenant.id}`);
  await chooseReference(create.getByRole('combobox').first());
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByRole('alert')).toContainText(
    'License limit reached: your license allows only 1 of these. Ask for a license with more, or delete one you no longer need.',
  );
  await expectNoFrameAxeViolations(page, 'one thing too many: ');
});

test('Acme’s administrator installs the license root generated, in French (390 px)', async ({
  page: generatorPage,
  browser,
  request,
}) => {
  const viewport = { width: 390, height: 844 };
  await generatorPage.setViewportSize(viewport);
  // the frame's title is in French too
  let page = generatorPage;
  let frame = page.frameLocator('main iframe');
  const root = await apiLogin(request, 'root');
  const acme = (await (
    await request.get(`${API}/group?pageSize=5&treeLevel=2&filter=Acme`, {
      headers: { token: root },
    })
  ).json()) as { results: Array<{ id: number; name: string }> };
  const acmeId = acme.results.find((group) => group.name === 'Acme Logistics')!.id;

  // a root-level account of its own reading French (root's own language stays as other specs expect)
  const who = (await (
    await request.get(`${API}/user/whoami`, { headers: { token: root } })
  ).json()) as { group: { id: number } };
  const roles = (await (
    await request.get(`${API}/role?pageSize=100`, { headers: { token: root } })
  ).json()) as { results: Array<{ id: number; name: string }> };
  const rootRole = roles.results.find((role) => role.name === 'Root Administrator')!;
  const generatorName = `licence-fr-${Date.now()}`;
  const generator = await apiCreate(request, root, '/user', {
    username: generatorName,
    password: NEW_ACCOUNT_PASSWORD,
    groupId: who.group.id,
    roleIds: [rootRole.id],
  });
  const language = await request.put(`${API}/user/${generator.id}/field/language`, {
    headers: { token: root },
    data: { value: 'fr' },
  });
  expect(language.ok()).toBe(true);

  await signIn(page, generatorName, NEW_ACCOUNT_PASSWORD);
  await landed(page);
  await page.goto('/#/app/services/license');
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  await frame
    .getByRole('combobox', { name: 'Locataire' })
    .selectOption({ label: 'Acme Logistics' });
  // room for everything the other specs create in Acme
  await frame
    .getByRole('textbox', { name: /^Maximum de/ })
    .first()
    .fill('1000000');
  await frame.getByRole('button', { name: 'Générer' }).click();
  const text = frame.getByRole('textbox', { name: 'Texte de la licence' });
  await expect(text).toHaveValue(/^PORTICO-LICENSE-1\./);
  const license = await text.inputValue();
  await expectNoFrameAxeViolations(page, 'générateur de licences : ', 'main iframe');
  await expectNoHorizontalOverflow(page);

  // Acme's administrator, in a browser of their own
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  page = await context.newPage();
  frame = page.frameLocator('main iframe');
  const admin = await createAcmeAccount(request, { prefix: 'licence-fr', language: 'fr' });
  await signIn(page, admin, NEW_ACCOUNT_PASSWORD);
  await landed(page);
  await page.goto('/#/app/tenants/license');
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  const box = frame.getByRole('textbox', { name: 'Texte de la licence' });
  await box.fill('pas une licence');
  await frame.getByRole('button', { name: 'Installer la licence' }).click();
  await expect(
    frame.getByText(
      'Ce n’est pas le texte d’une licence : une licence commence par PORTICO-LICENSE-1.',
    ),
  ).toBeVisible();
  await box.fill(license);
  await frame.getByRole('button', { name: 'Installer la licence' }).click();
  await expect(frame.getByRole('status')).toHaveText('Licence installée.');
  const usage = frame.getByRole('table', { name: 'Utilisation de la licence' });
  await expect(usage).toContainText('1 000 000');
  await expect(frame.getByText('Valide', { exact: true })).toBeVisible();
  const shown = (await (
    await request.get(`${API}/license?tenantId=${acmeId}`, { headers: { token: root } })
  ).json()) as { license: { limits: Record<string, number> } };
  expect(shown.license.limits).toEqual({ maxThings: 1_000_000 });
  await expectNoFrameAxeViolations(page, 'licence : ', 'main iframe');
  await expectNoHorizontalOverflow(page);
  await context.close();
});
