import { expect, test, type Page } from '@playwright/test';
import { API, openUserMenuItem, signIn } from './helpers.ts';
import {
  attachScreenshot,
  expectNoHorizontalOverflow,
  expectNoShellAxeViolations,
} from './shell-helpers.ts';

// Personal API keys in Settings: a person creates a key by keyboard (a name, an expiry, one
// permission of their own), copies it once, a script uses it, and the person revokes it after a
// confirmation; the script is refused at once. At 1440 and 390 px, axe clean in every state.

async function keysSection(page: Page) {
  await openUserMenuItem(page, 'Settings');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const section = dialog.getByRole('region', { name: 'API keys' });
  // the list has been read (the tests of this file run side by side: other keys may be listed)
  await expect(section.getByText(/You have no API keys\.|Revoke/).first()).toBeVisible();
  return { dialog, section };
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`API keys: create by keyboard, copy once, use, revoke with confirmation (${width} px)`, async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // the viewer holds tenants:x (Settings is in its user menu) and read permissions only
    await signIn(page, 'viewer');
    const { dialog, section } = await keysSection(page);
    const name = `Nightly export ${width}`;

    // by keyboard: the name, Tab to the expiry, Tab on to the permissions, Space, Enter
    await section.getByLabel('Key name').focus();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await expect(section.getByLabel('Expires after')).toBeFocused();
    await section.getByLabel('Expires after').selectOption({ label: '90 days' });
    const thingRead = section.getByRole('checkbox', { name: 'Asset: read' });
    await thingRead.focus();
    await page.keyboard.press('Space');
    await expect(thingRead).toBeChecked();
    // the viewer may not be given what it does not hold: no update box at all
    await expect(section.getByRole('checkbox', { name: 'Asset: update' })).toHaveCount(0);
    await section.getByRole('button', { name: 'Create key' }).focus();
    await page.keyboard.press('Enter');

    const keyBox = section.getByRole('textbox', { name: `Your new key “${name}”` });
    await expect(keyBox).toBeFocused();
    const key = await keyBox.inputValue();
    expect(key).toMatch(/^ptk_[A-Za-z0-9_-]{43}$/);
    await expect(section.getByText('this is the only time it is shown')).toBeVisible();
    await section.getByRole('button', { name: 'Copy key' }).click();
    await expect(section.getByText('Key copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectNoShellAxeViolations(page, `key shown ${width}: `);
    await expectNoHorizontalOverflow(page);
    await attachScreenshot(page, testInfo, `api-key-shown-${width}`);

    // a script uses the key: what it was given, nothing more
    const asScript = (path: string) =>
      page.request.get(`${API}${path}`, { headers: { api_key: key } });
    expect((await asScript('/thing?pageSize=1')).status()).toBe(200);
    expect((await asScript('/zone?pageSize=1')).status()).toBe(403);

    await section.getByRole('button', { name: 'I have copied the key' }).click();
    await expect(keyBox).toHaveCount(0);
    const item = section.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText('Last used');
    await expect(item).toContainText(`${key.slice(0, 12)}…`);
    await expect(item).not.toContainText(key);

    // revoke: a confirmation first (focus on it), then refused at once
    await item.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = item.getByRole('group', { name: `Confirm revoking ${name}` });
    await expect(confirm.getByRole('button', { name: 'Revoke key' })).toBeFocused();
    await expectNoShellAxeViolations(page, `confirm ${width}: `);
    await attachScreenshot(page, testInfo, `api-key-confirm-${width}`);
    await page.keyboard.press('Enter');
    await expect(section.getByText(`Key “${name}” revoked.`)).toBeVisible();
    await expect(item).toHaveCount(0);
    await expect(section.getByRole('heading', { name: 'Your keys' })).toBeFocused();
    expect((await asScript('/thing?pageSize=1')).status()).toBe(401);
    await expect(dialog).toBeVisible();
  });
}

test('API keys: a key needs a name and a permission, and says so', async ({ page }) => {
  await signIn(page, 'viewer');
  const { section } = await keysSection(page);
  await section.getByRole('button', { name: 'Create key' }).click();
  await expect(section.getByText('Give the key a name')).toBeVisible();
  await expect(section.getByText('Choose at least one permission.')).toBeVisible();
  await expect(section.getByLabel('Key name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoShellAxeViolations(page, 'errors: ');
});
