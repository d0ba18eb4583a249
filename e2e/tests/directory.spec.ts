// References, lookups, phone lists, bulk actions and paging as a tenant administrator meets them, at
// 1440 and 390 px, axe on every screen: look-alike areas told apart by their site in a searchable
// combobox chosen by keyboard, a list of cards on a phone with its filters folded, "select all
// matching" and a bulk change, a delete undone from its toast, and a page typed into the pager.
import { expect as baseExpect, test } from '@playwright/test';
import { API, apiLogin, legacyFrame, signIn } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });
test.use({ serviceWorkers: 'block' });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const) {
  const phone = viewport.width < 600;

  test(`an area chosen by its site, by keyboard, in a searchable combobox (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin');
    await page.goto('/#/app/model/logicalReader/new');
    const frame = legacyFrame(page);
    const dialog = frame.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const name = `Reader ${viewport.width}-${Date.now()}`;
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    const area = dialog.getByRole('combobox', { name: /^Area/ });
    await area.fill('Dock 1');
    // two docks named alike, told apart by their site; the count is announced
    const choices = dialog.getByRole('option', { name: /^Dock 1\b/ });
    await expect(choices).toHaveCount(2);
    await expect(dialog.getByRole('status').filter({ hasText: /choices/ })).toBeVisible();
    await expect(dialog.getByRole('option', { name: /Dock 1.*Acme \/ South DC/ })).toBeVisible();
    await expectNoFrameAxeViolations(page, `area combobox (${viewport.width}): `);
    // keyboard only: down to the South DC one, Enter
    await area.press('Home');
    const south = await choices.evaluateAll((options) =>
      options.findIndex((option) => /South DC/.test(option.textContent ?? '')),
    );
    for (let step = 0; step < south; step += 1) await area.press('ArrowDown');
    await area.press('Enter');
    await expect(area).toHaveValue('Dock 1 — Acme / South DC');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // the list says where each reader is (its Site column)
    await frame.getByRole('searchbox', { name: 'Filter' }).fill(name);
    const row = frame.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Dock 1');
    await expect(row).toContainText('Acme Logistics');
    if (phone) await expectNoHorizontalOverflow(page);
    await expectNoFrameAxeViolations(page, `reader list (${viewport.width}): `);
  });

  test(`select all matching, change a field on every one, delete them and undo (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const token = await apiLogin(request, 'admin');
    const stamp = `${viewport.width}x${Date.now()}`;
    const types = await request.get(`${API}/zoneType?pageSize=10`, { headers: { token } });
    const zoneTypeId = ((await types.json()) as { results: Array<{ id: number }> }).results[0]!.id;
    for (let n = 1; n <= 12; n += 1) {
      const created = await request.post(`${API}/zone`, {
        headers: { token },
        data: { name: `Bulk ${stamp} ${String(n).padStart(2, '0')}`, zoneTypeId },
      });
      expect(created.status()).toBe(201);
    }
    await signIn(page, 'admin');
    await page.goto(`/#/app/model/zone?q=Bulk+${stamp}&size=10`);
    const frame = legacyFrame(page);
    await expect(frame.getByTestId('list-total')).toHaveText('12 total');
    if (phone) {
      // cards, filters folded behind one button, no frame sidebar / About row
      await expect(frame.getByRole('button', { name: 'Filters (0)' })).toBeVisible();
      await expect(frame.getByRole('combobox', { name: /Area type/i })).toBeHidden();
      await frame.getByRole('button', { name: 'Filters (0)' }).click();
      await expect(frame.getByRole('combobox', { name: /Area type/i })).toBeVisible();
      await expect(frame.getByRole('button', { name: 'Toggle sidebar' })).toBeHidden();
      // the cards have no column headers: a select sorts them
      await frame.getByRole('combobox', { name: 'Sort by' }).selectOption({
        label: 'Name, descending',
      });
      await expect(frame.getByRole('link', { name: `Bulk ${stamp} 12` })).toBeVisible();
      await expect(page).toHaveURL(/sort=name%3Adesc/);
      await frame.getByRole('combobox', { name: 'Sort by' }).selectOption({
        label: 'Name, ascending',
      });
      await expect(frame.getByRole('link', { name: `Bulk ${stamp} 01` })).toBeVisible();
      await expectNoHorizontalOverflow(page);
    } else {
      await expect(frame.getByRole('combobox', { name: 'Sort by' })).toBeHidden();
    }
    await frame.getByRole('checkbox', { name: 'Select every row on this page' }).check();
    await frame.getByRole('button', { name: 'Select all 12 matching records' }).click();
    await expect(frame.getByText('All 12 matching records are selected.')).toBeVisible();
    await expectNoFrameAxeViolations(page, `all matching (${viewport.width}): `);

    // a field changed on all twelve, the two beyond the page included
    await frame.getByRole('button', { name: 'Change a field…' }).click();
    const change = frame.getByRole('dialog', { name: 'Change 12 records' });
    await change.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Description' });
    await change.getByRole('textbox', { name: 'New value' }).fill(`changed ${stamp}`);
    await expectNoFrameAxeViolations(page, `bulk change (${viewport.width}): `);
    await change.getByRole('button', { name: 'Apply the change' }).click();
    await expect(change).toBeHidden();
    const changed = await request.get(
      `${API}/zone?pageSize=50&filter=${encodeURIComponent(`changed ${stamp}`)}`,
      { headers: { token } },
    );
    expect(((await changed.json()) as { total: number }).total).toBe(12);

    // delete all twelve: the confirmation names them, the toast undoes
    await frame.getByRole('checkbox', { name: 'Select every row on this page' }).check();
    await frame.getByRole('button', { name: 'Select all 12 matching records' }).click();
    await frame.getByRole('button', { name: 'Delete 12 records' }).click();
    const confirm = frame.getByRole('dialog', {
      name: `Delete Bulk ${stamp} 01, Bulk ${stamp} 02, Bulk ${stamp} 03, and 9 more?`,
    });
    await expect(confirm).toContainText('you can undo it for 10 seconds');
    await expectNoFrameAxeViolations(page, `delete confirmation (${viewport.width}): `);
    await confirm.getByRole('button', { name: 'Delete 12 records' }).click();
    await expect(frame.getByTestId('list-total')).toHaveText('0 total');
    const undo = frame.getByRole('button', { name: /^Undo/ });
    await expect(undo).toBeFocused();
    await expect(frame.getByRole('status').filter({ hasText: '12 deleted' })).toBeVisible();
    await expectNoFrameAxeViolations(page, `undo toast (${viewport.width}): `);
    await page.keyboard.press('Enter');
    await expect(frame.getByTestId('list-total')).toHaveText('12 total');
    await expect(page.getByText('12 restored')).toBeVisible();
  });

  test(`paging: first, last and a typed page, kept in the address, back to the top (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin');
    await page.goto('/#/app/things/thing?size=10');
    const frame = legacyFrame(page);
    const pager = frame.getByRole('navigation', { name: 'List pages' });
    await expect(pager).toContainText(/Page 1 of \d+/);
    const pages = Number((await pager.textContent())!.match(/Page 1 of (\d+)/)![1]);
    await pager.getByRole('button', { name: 'Last page' }).click();
    await expect(page).toHaveURL(new RegExp(`page=${pages}`));
    await expect(pager).toContainText(`Page ${pages} of ${pages}`);
    // the view is back at the list's top
    await expect(frame.getByRole('heading', { level: 1 })).toBeInViewport();
    const box = pager.getByRole('textbox', { name: 'Go to page' });
    await box.fill(String(pages + 1));
    await box.press('Enter');
    await expect(pager.getByRole('alert')).toHaveText(`Enter a page number from 1 to ${pages}.`);
    await expectNoFrameAxeViolations(page, `pager refusal (${viewport.width}): `);
    await box.fill('2');
    await box.press('Enter');
    await expect(page).toHaveURL(/page=2/);
    await expect(pager).toContainText(`Page 2 of ${pages}`);
    await page.reload();
    await expect(legacyFrame(page).getByRole('navigation', { name: 'List pages' })).toContainText(
      `Page 2 of ${pages}`,
    );
    await legacyFrame(page)
      .getByRole('navigation', { name: 'List pages' })
      .getByRole('button', { name: 'First page' })
      .click();
    await expect(page).not.toHaveURL(/page=/);
    if (phone) await expectNoHorizontalOverflow(page);
  });
}
