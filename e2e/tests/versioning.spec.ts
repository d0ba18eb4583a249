// Configuration versions as a tenant's administrator uses them: take a snapshot, rename a thing
// type, compare the snapshot with now and see the change, restore it (the plan said first) and see
// the old name again. At 1440 px in English and 390 px in French, axe on every screen. Each test
// runs on a tenant of its own: a restore on Acme would undo what the specs beside it write there.
import { test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API,
  NEW_ACCOUNT_PASSWORD,
  apiLogin,
  createOwnTenant,
  landed,
  longTaskSpec,
  signIn,
} from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = longTaskSpec(180_000);

/** A tenant with a thing type and an administrator of its configuration versions. */
function newTenant(request: APIRequestContext, language?: string) {
  return createOwnTenant(request, {
    prefix: 'versioned',
    name: 'Versioned',
    roleName: 'Configuration keeper',
    permissions: ['services:x', 'model:x', 'versioning:*', 'thingtype:*'],
    language,
  });
}

async function rename(request: APIRequestContext, username: string, id: number, name: string) {
  const token = await apiLogin(request, username, NEW_ACCOUNT_PASSWORD);
  const response = await request.patch(`${API}/thingType/${id}`, {
    headers: { token },
    data: { name },
  });
  expect(response.status(), await response.text()).toBe(200);
}

type WordKey =
  | 'title'
  | 'empty'
  | 'note'
  | 'take'
  | 'taken'
  | 'compare'
  | 'comparison'
  | 'restore'
  | 'plan'
  | 'restoreNow'
  | 'restored'
  | 'same'
  | 'definition'
  | 'groupFields';

async function walk(
  page: Page,
  request: APIRequestContext,
  tenant: { username: string; typeId: number },
  words: Record<WordKey, string | RegExp>,
) {
  const frame = page.frameLocator('main iframe');
  await signIn(page, tenant.username, NEW_ACCOUNT_PASSWORD);
  await landed(page);
  await page.goto('/#/app/services/versioning');
  await expect(frame.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
  await expect(frame.getByText(words.empty)).toBeVisible();
  await expectNoFrameAxeViolations(page, `${String(words.title)} empty: `, 'main iframe');

  await frame.getByRole('textbox', { name: words.note }).fill('Before the rename');
  await frame.getByRole('button', { name: words.take }).click();
  await expect(frame.getByRole('status')).toHaveText(words.taken);

  await rename(request, tenant.username, tenant.typeId, 'Skid');

  await frame.getByRole('button', { name: words.compare }).first().click();
  const comparison = frame.getByRole('region', { name: words.comparison });
  await expect(comparison.getByRole('row', { name: /Skid/ })).toContainText('Pallet');
  await expect(comparison.getByRole('row', { name: /Skid/ })).toContainText('name');
  await expectNoHorizontalOverflow(page);
  await expectNoFrameAxeViolations(page, `${String(words.title)} compared: `, 'main iframe');

  await frame.getByRole('button', { name: words.restore }).first().click();
  await expect(frame.getByText(words.plan)).toBeVisible();
  await expectNoFrameAxeViolations(page, `${String(words.title)} plan: `, 'main iframe');
  await frame.getByRole('button', { name: words.restoreNow }).click();
  await expect(frame.getByRole('status')).toHaveText(words.restored);

  // the old name is back
  await frame.getByRole('button', { name: words.compare }).last().click();
  await expect(frame.getByText(words.same)).toBeVisible();
  // the automatic "before restore" snapshot compared with now: Skid is Pallet again
  await frame.getByRole('button', { name: words.compare }).first().click();
  await expect(comparison.getByRole('row', { name: /Pallet/ })).toContainText('Skid');
  const token = await apiLogin(request, tenant.username, NEW_ACCOUNT_PASSWORD);
  const type = (await (
    await request.get(`${API}/thingType/${tenant.typeId}`, { headers: { token } })
  ).json()) as { name: string };
  expect(type.name).toBe('Pallet');

  await page.goto('/#/app/services/versioning/definition');
  await expect(frame.getByRole('heading', { level: 1, name: words.definition })).toBeVisible();
  await expect(frame.getByRole('rowheader', { name: words.groupFields })).toBeVisible();
  await expectNoFrameAxeViolations(page, `${String(words.definition)}: `, 'main iframe');
}

test('a snapshot taken, a rename compared with now, restored (1440 px, English)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await walk(page, request, await newTenant(request), {
    title: 'Versioning',
    empty: /No snapshot yet/,
    note: 'Note',
    take: 'Take a snapshot',
    taken: /^Snapshot #\d+ taken\.$/,
    compare: /^Compare .* with now$/,
    comparison: /^Comparison of/,
    restore: /^Restore #\d+ Before the rename/,
    plan: /A restore now: 1 updated, 0 re-created/,
    restoreNow: 'Restore now',
    restored: /^Snapshot #\d+ restored .* snapshot #\d+\.$/,
    same: 'No difference: the configuration is the same.',
    definition: 'Version definition',
    groupFields: 'Settings and vocabulary',
  });
});

test('the same in French (390 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await walk(page, request, await newTenant(request, 'fr'), {
    title: /./,
    empty: /Aucun instantané pour l’instant/,
    note: 'Commentaire',
    take: 'Prendre un instantané',
    taken: /^Instantané n° \d+ pris\.$/,
    compare: /^Comparer .* à la configuration actuelle$/,
    comparison: /^Comparaison de/,
    restore: /^Restaurer n° \d+ Before the rename/,
    plan: /Une restauration maintenant : 1 mis à jour, 0 recréés/,
    restoreNow: 'Restaurer maintenant',
    restored: /^Instantané n° \d+ restauré .* n° \d+\.$/,
    same: 'Aucune différence : la configuration est identique.',
    definition: /./,
    groupFields: 'Paramètres et vocabulaire',
  });
});
