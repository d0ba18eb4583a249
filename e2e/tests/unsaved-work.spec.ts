// Never losing work: the warning before a one-minute session ends (set through the API as a tenant
// administrator would), "Stay signed in" extending it on the services, the session running out with
// a half-typed form (the draft kept, the exact place returned to), a sign-out in another tab, and a
// second user on the same browser who never sees the first one's draft. A fake clock (page.clock)
// stands in for the minute.
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import {
  API,
  NEW_ACCOUNT_PASSWORD,
  apiCreate,
  apiLogin,
  createAcmeAccount,
  createOwnTenant,
  landed,
  legacyFrame,
  signIn,
} from './helpers.ts';
import {
  attachScreenshot,
  expectInViewport,
  expectNoFrameAxeViolations,
  expectNoShellAxeViolations,
} from './shell-helpers.ts';

test.describe.configure({ timeout: 120_000 });

interface Thing {
  id: number;
  name: string;
}

/** A thing of Acme's to edit, reached through a filtered list: its exact place has a query. */
async function someThing(request: APIRequestContext, token: string): Promise<Thing> {
  const response = await request.get(`${API}/thing?pageSize=1&pageNumber=1`, {
    headers: { token },
  });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: Thing[] };
  expect(results[0]).toBeDefined();
  return results[0]!;
}

/**
 * A group of its own under Acme with a one-minute `sessionTimeout` (so that no other test's session
 * changes), and a tenant administrator in it. Returns the account and the group.
 */
async function oneMinuteAccount(request: APIRequestContext): Promise<{
  username: string;
  groupId: number;
  adminToken: string;
}> {
  const adminToken = await apiLogin(request, 'admin');
  const headers = { token: adminToken };
  const me = (await (await request.get(`${API}/user/whoami`, { headers })).json()) as {
    groupId: number;
  };
  const code = `safety-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const group = await request.post(`${API}/group`, {
    headers,
    data: { name: `Safety ${code}`, code, parentId: me.groupId },
  });
  expect(group.status(), await group.text()).toBe(201);
  const { id: groupId } = (await group.json()) as { id: number };
  // as a tenant administrator would, through the API the settings page uses
  const set = await request.put(`${API}/group/${groupId}/field/sessionTimeout`, {
    headers,
    data: { value: 1 },
  });
  expect(set.status(), await set.text()).toBe(200);
  const roles = (await (await request.get(`${API}/role?pageSize=100`, { headers })).json()) as {
    results: Array<{ id: number; name: string }>;
  };
  const role = roles.results.find((candidate) => candidate.name === 'Tenant Administrator')!;
  const username = `one-minute-${code}`;
  const created = await request.post(`${API}/user`, {
    headers,
    data: { username, password: NEW_ACCOUNT_PASSWORD, roleIds: [role.id], groupId },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { username, groupId, adminToken };
}

/** A thing in `groupId` for the one-minute account to edit. */
async function thingIn(request: APIRequestContext, token: string, groupId: number) {
  const types = (await (
    await request.get(`${API}/thingType?pageSize=1`, { headers: { token } })
  ).json()) as { results: Array<{ id: number }> };
  const name = `Pallet ${Date.now()}`;
  const created = await request.post(`${API}/thing`, {
    headers: { token },
    data: { name, serial: `SN-${Date.now()}`, thingTypeId: types.results[0]!.id, groupId },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { ...((await created.json()) as { id: number }), name };
}

/**
 * Opens the record as a person does: the list filtered by its name, then its link. Its exact place
 * is the record's address with the list's filter (the query is part of it); returned.
 */
async function openRecord(page: Page, thing: Thing): Promise<string> {
  // every step inside the application (no typed address), so that each history entry is the
  // shell's own and Back can be held
  if (!new URL(page.url()).hash.startsWith('#/app/things/thing')) {
    await page
      .getByRole('navigation', { name: 'Modules' })
      .getByRole('link', { name: /Assets|Things/ })
      .click();
  }
  const frame = legacyFrame(page);
  await frame.getByLabel('Filter', { exact: true }).fill(thing.name);
  await expect(page).toHaveURL(/#\/app\/things\/thing\?q=/);
  await frame.getByRole('link', { name: thing.name, exact: true }).click();
  const name = legacyFrame(page).getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue(thing.name);
  await expect(page).toHaveURL(new RegExp(`#/app/things/thing/${thing.id}\\?q=`));
  return decodeURIComponent(new URL(page.url()).hash.slice(1));
}

/** The page's address is exactly `place` (path and query). */
async function expectAt(page: Page, place: string): Promise<void> {
  await expect
    .poll(() => decodeURIComponent(new URL(page.url()).hash.slice(1)), { timeout: 15_000 })
    .toBe(place);
}

async function typeHalf(page: Page, text: string): Promise<void> {
  const name = legacyFrame(page).getByRole('textbox', { name: 'Name', exact: true });
  await name.fill(text);
  // the frame's dirtyState has reached the shell
  await expect(page.locator('[data-unsaved-changes]')).toHaveCount(1);
}

async function expectRestored(page: Page, text: string): Promise<void> {
  const frame = legacyFrame(page);
  await expect(frame.getByText('Restore your unsaved changes?')).toBeVisible();
  await expectNoFrameAxeViolations(page, 'draft offer: ');
  await frame.getByRole('button', { name: 'Restore' }).click();
  await expect(frame.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(text);
}

function keptDrafts(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Object.keys(sessionStorage)
        .filter((key) => key.startsWith('UNSAVED_DRAFT.'))
        .map((key) => [key, sessionStorage.getItem(key) ?? '']),
    ),
  );
}

test('a one-minute session: the warning, Stay signed in extends it on the services, running out keeps the draft and the place', async ({
  page,
  request,
}, testInfo) => {
  const { username, groupId } = await oneMinuteAccount(request);
  const ownToken = await apiLogin(request, username, NEW_ACCOUNT_PASSWORD);
  const thing = await thingIn(request, ownToken, groupId);
  await page.clock.install();
  await signIn(page, username, NEW_ACCOUNT_PASSWORD);
  await landed(page);
  const place = await openRecord(page, thing);
  await typeHalf(page, `${thing.name} (half typed)`);

  // 30 s before the end of a one-minute session (half of it: two minutes would be at once)
  await page.clock.fastForward(31_000);
  const dialog = page.getByRole('alertdialog', { name: 'Your session is about to end' });
  await expect(dialog).toBeVisible();
  const stay = dialog.getByRole('button', { name: 'Stay signed in' });
  await expect(stay).toBeFocused();
  await expect(dialog.getByRole('status')).toHaveText(/less than 30 s/);
  await expectNoShellAxeViolations(page, 'expiry warning: ');
  // on a phone and on a desktop, the whole dialog on screen
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectInViewport(page, dialog);
    await attachScreenshot(page, testInfo, `expiry warning ${width}px`);
  }

  // Stay signed in is the platform's token login, answered by the services
  const token = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
  const extension = page.waitForResponse(
    (response) => response.url().endsWith('/user/login') && response.request().method() === 'POST',
  );
  await page.keyboard.press('Enter');
  const answer = await extension;
  expect(answer.request().postDataJSON()).toEqual({ token });
  expect(answer.status()).toBe(200);
  await expect(dialog).toBeHidden();
  const stillValid = await request.get(`${API}/user/whoami`, { headers: { token: token! } });
  expect(stillValid.status()).toBe(200);

  // left alone, the minute runs out: signed out as expired, the draft kept in the tab
  await page.clock.fastForward(61_000);
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByText(/session has expired/i).first()).toBeVisible();
  const drafts = await keptDrafts(page);
  expect(Object.values(drafts).join()).toContain('(half typed)');
  expect(Object.values(drafts).join()).not.toContain(token!);
  // the console ended the session on the services too
  expect((await request.get(`${API}/user/whoami`, { headers: { token: token! } })).status()).toBe(
    401,
  );

  // the same user signs in again: the exact place, and the offer to restore
  await signIn(page, username, NEW_ACCOUNT_PASSWORD);
  await expectAt(page, place);
  await expectRestored(page, `${thing.name} (half typed)`);
  expect(await keptDrafts(page)).toEqual({});

  // the restored form is dirty again: signing out from the warning asks first, and a sign-out the
  // user confirms keeps nothing (it was their choice)
  await page.clock.fastForward(31_000);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'You have unsaved changes' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Sign out without saving' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  expect(await keptDrafts(page)).toEqual({});
});

test('signed out in another tab with a half-typed form: asked before leaving, then the draft and the place come back', async ({
  browser,
  request,
}) => {
  const username = await createAcmeAccount(request, { prefix: 'safety-tabs' });
  const thing = await someThing(request, await apiLogin(request, 'admin'));
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, NEW_ACCOUNT_PASSWORD);
  await landed(page);
  const place = await openRecord(page, thing);
  await typeHalf(page, `${thing.name} edited`);

  // Back and the shell's own sign-out ask first; staying keeps the work
  await page.goBack();
  const leave = page.getByRole('alertdialog', { name: 'You have unsaved changes' });
  await expect(leave).toBeVisible();
  await expect(leave.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await expectNoShellAxeViolations(page, 'leave guard: ');
  await page.keyboard.press('Enter');
  await expect(leave).toBeHidden();
  await expectAt(page, place);
  await expect(legacyFrame(page).getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    `${thing.name} edited`,
  );

  // closing or reloading the tab: the browser's own warning
  const beforeUnload = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  await page.evaluate(() => document.body.click()); // a page needs a user gesture to warn
  void page.reload().catch(() => undefined);
  expect(await beforeUnload).toBe('beforeunload');

  // another tab signs out
  const other = await context.newPage();
  await other.goto('/#/app');
  await landed(other);
  await other.getByRole('button', { name: 'User menu' }).click();
  await other.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(other).toHaveURL(/#\/login$/);
  await expect(page).toHaveURL(/#\/login$/);

  await signIn(page, username, NEW_ACCOUNT_PASSWORD);
  await expectAt(page, place);
  await expectRestored(page, `${thing.name} edited`);
  await context.close();
});

test('a second user on the same browser never sees the first one’s draft (and it is deleted)', async ({
  browser,
  request,
}) => {
  const first = await createAcmeAccount(request, { prefix: 'safety-first' });
  const second = await createAcmeAccount(request, { prefix: 'safety-second' });
  const thing = await someThing(request, await apiLogin(request, 'admin'));
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, first, NEW_ACCOUNT_PASSWORD);
  await landed(page);
  const place = await openRecord(page, thing);
  await typeHalf(page, `${thing.name} private`);
  const other = await context.newPage();
  await other.goto('/#/app');
  await landed(other);
  await other.getByRole('button', { name: 'User menu' }).click();
  await other.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  expect(Object.keys(await keptDrafts(page))).toHaveLength(1);

  await signIn(page, second, NEW_ACCOUNT_PASSWORD);
  // not the first user's place, and their draft is gone from the tab
  await landed(page);
  expect(decodeURIComponent(new URL(page.url()).hash.slice(1))).not.toBe(place);
  expect(await keptDrafts(page)).toEqual({});
  await openRecord(page, thing);
  await expect(legacyFrame(page).getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    thing.name,
  );
  await expect(legacyFrame(page).getByText('Restore your unsaved changes?')).toHaveCount(0);
  await context.close();
});

test('a half-typed record keeps what was typed when the tenant renames its things meanwhile: the frame relabels, reloads nothing', async ({
  browser,
  request,
}) => {
  // a tenant of its own: the vocabulary it changes must not reach the tests beside it
  const tenant = await createOwnTenant(request, {
    prefix: 'safety-push',
    name: 'Push tenant',
    roleName: 'Push editor',
    permissions: ['things:x', 'thing:*', 'thingtype:r'],
  });
  const created = await apiCreate(request, tenant.token, '/thing', {
    name: 'Pallet 1',
    serial: `PP1-${tenant.id}`,
    groupId: tenant.id,
    thingTypeId: tenant.typeId,
  });
  const thing: Thing = { id: created.id, name: 'Pallet 1' };
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, tenant.username, NEW_ACCOUNT_PASSWORD);
  await landed(page);
  await page.goto('/#/app/things/thing');
  await expect(legacyFrame(page).getByRole('heading', { level: 1, name: 'Things' })).toBeVisible();
  const place = await openRecord(page, thing);
  await typeHalf(page, 'Pallet 1 edited');

  // the tenant's things are renamed elsewhere (its configuration's event reaches this console,
  // which reads the configuration again and pushes the new vocabulary to the frame)
  const renamed = await request.put(`${API}/group/${tenant.id}/field/vizixVocabularyLabelThings`, {
    headers: { token: tenant.token },
    data: { value: '{"en":"Crates"}' },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);

  // the frame speaks the new word and the form still holds what was typed, unsaved, in place
  const frame = legacyFrame(page);
  await expect(
    frame.getByRole('heading', { level: 1, name: 'Crates', includeHidden: true }),
  ).toHaveCount(1);
  await expect(frame.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    'Pallet 1 edited',
  );
  await expect(page.locator('[data-unsaved-changes]')).toHaveCount(1);
  await expectAt(page, place);
  await context.close();
});
