// The audit trail as a tenant administrator uses it: make a change in the work area, find it in the
// tenant's log (filters, the record's link, its History, the CSV), at 1440 and at 390 px; axe on
// every screen of it.
import { expect as baseExpect, test } from '@playwright/test';
import { legacyFrame, signIn } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });
test.use({ serviceWorkers: 'block' });

// each size edits its own record: the two run side by side
for (const [row, viewport] of [
  [5, { width: 1440, height: 900 }],
  [6, { width: 390, height: 844 }],
] as const) {
  test(`a change made in the work area is in the log, with who, what and from where (${viewport.width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin');
    const frame = legacyFrame(page);

    // the change, made as a person makes it
    await page.goto('/#/app/things/thing');
    const first = frame.getByRole('table').getByRole('link').nth(row);
    await expect(first).toBeVisible();
    const name = (await first.textContent())!.trim();
    const renamed = `${name} (audited ${viewport.width})`;
    await first.click();
    const edit = frame.getByRole('dialog');
    await edit.getByRole('textbox', { name: /^Name/ }).fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();

    // the log, filtered to changed assets
    await page.goto('/#/app/services/logs');
    await expect(frame.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
    await frame.getByRole('combobox', { name: 'Record type' }).selectOption({ label: 'Asset' });
    await frame.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Changed' });
    await frame.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/#\/app\/services\/logs\?resource=thing&action=update$/);
    const table = frame.getByRole('table', { name: 'Log entries' });
    const entry = table
      .getByRole('row')
      .filter({ hasText: `→ ${renamed}` })
      .first();
    await expect(entry).toContainText(`name: ${name} → ${renamed}`);
    await expect(entry).toContainText('admin');
    await expect(entry).toContainText('Changed');
    await testInfo.attach(`audit log (${viewport.width})`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await expectNoFrameAxeViolations(page, `audit log (${viewport.width}): `);
    if (viewport.width === 390) await expectNoHorizontalOverflow(page);

    // the address keeps the filter: a reload shows the same entries
    await page.reload();
    await expect(
      frame
        .getByRole('table', { name: 'Log entries' })
        .getByRole('row')
        .filter({ hasText: renamed }),
    ).not.toHaveCount(0, { timeout: 45_000 });

    // the CSV of the filtered trail
    const download = page.waitForEvent('download');
    await frame.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe('audit.csv');

    // the record's own History
    await frame
      .getByRole('table', { name: 'Log entries' })
      .getByRole('row')
      .filter({ hasText: renamed })
      .first()
      .getByRole('link', { name: renamed })
      .click();
    const record = frame.getByRole('dialog');
    await expect(record).toBeVisible();
    await record.getByText('History', { exact: true }).click();
    await expect(
      record
        .getByRole('table', { name: 'Log entries' })
        .getByRole('row')
        .filter({ hasText: renamed }),
    ).not.toHaveCount(0);
    await testInfo.attach(`record history (${viewport.width})`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await expectNoFrameAxeViolations(page, `record history (${viewport.width}): `);
  });
}

test('a sign-in that failed is in the log, without the password that was tried', async ({
  page,
}) => {
  await page.goto('/#/login');
  await page.getByRole('textbox', { name: 'Username' }).fill('operator');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await signIn(page, 'admin');
  await page.goto('/#/app/services/logs?action=login.failed&user=operator');
  const frame = legacyFrame(page);
  const row = frame.getByRole('table', { name: 'Log entries' }).getByRole('row').nth(1);
  await expect(row).toContainText('Sign-in failed');
  await expect(row).toContainText('reason: invalid credentials');
  expect(await frame.locator('body').innerText()).not.toContain('not-the-password-123');
});
