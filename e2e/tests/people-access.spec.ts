// People and access, as a new tenant administrator does it: create a colleague with a role and a
// password the rules accept after one clear message, sign in as that colleague and see the modules
// the role grants; a role's permissions as a grid and its members. At 1440 and 390 px, axe clean.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { chooseReference, legacyFrame, moduleTabs, signIn, signOut } from './helpers.ts';
import {
  expectNoFrameAxeViolations,
  expectNoHorizontalOverflow,
  expectNoShellAxeViolations,
} from './shell-helpers.ts';

// A shared two-core machine: axe over the frame takes seconds under load. Waits for events, no sleeps.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ serviceWorkers: 'block' });

const PASSWORD = 'Harbour-Lantern-2026';

async function createColleague(page: Page, username: string): Promise<void> {
  await signIn(page, 'admin');
  await page.goto('/#/app/tenants/user');
  const frame = legacyFrame(page);
  await frame.getByRole('link', { name: 'New', exact: true }).click();
  const dialog = frame.getByRole('dialog', { name: 'New staff member' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: /Username/ }).fill(username);
  await chooseReference(
    dialog.getByRole('combobox', { name: /Site/ }),
    'Acme Log',
    /^Acme Logistics/,
  );
  const roles = dialog.getByRole('group', { name: 'Roles' });
  await roles.getByRole('searchbox', { name: 'Search roles' }).fill('oper');
  // keyboard: Space ticks the role
  await roles.getByRole('checkbox', { name: 'Operator' }).focus();
  await page.keyboard.press('Space');
  await expect(roles.getByRole('checkbox', { name: 'Operator' })).toBeChecked();
  await expect(roles.getByText('1 selected: Operator')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoFrameAxeViolations(page, 'new user dialog: ');

  // one clear message naming the rule, then a password the rules accept
  const password = dialog.getByLabel(/^Password/);
  await password.fill('short');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Use at least 8 characters.')).toBeVisible();
  await expectNoFrameAxeViolations(page, 'refused password: ');
  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(frame.getByRole('link', { name: username })).toBeVisible();
  await signOut(page);
}

for (const [label, viewport] of [
  ['1440 px', { width: 1440, height: 900 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  test.describe(`people and access at ${label}`, () => {
    test.use({ viewport });

    test('an administrator creates a colleague with a role and a password; the colleague sees the role’s modules', async ({
      page,
    }) => {
      const username = `colleague-${viewport.width}-${Date.now()}`;
      await createColleague(page, username);
      await signIn(page, username, PASSWORD);
      // the Operator role: things:x, model:x, analytics:x (the tenant calls things Assets)
      const modules = page.getByRole('navigation', { name: 'Modules' });
      const toggle = modules.getByRole('button', { name: /^Modules: / });
      // on a phone the tabs fold into the Modules menu
      if (viewport.width < 600) {
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      }
      // and Acme's application tabs (the Operator role reads report definitions)
      await expect
        .poll(() => moduleTabs(page))
        .toEqual(['Home', 'Assets', 'Model', 'Analytics', 'Operations', 'Compliance']);
      await expectNoShellAxeViolations(page, 'the colleague’s shell: ');
      if (viewport.width < 600) await page.keyboard.press('Escape');

      // the colleague (no user:u, no Settings) changes the password the administrator gave
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Password' });
      await dialog.getByLabel('Current password').fill(PASSWORD);
      await dialog.getByLabel('New password').fill('password1');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await expect(
        dialog.getByText('This is one of the most common passwords. Choose another.'),
      ).toBeVisible();
      await expectNoShellAxeViolations(page, 'password dialog: ');
      await dialog.getByLabel('New password').fill(`${PASSWORD}-own`);
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Your password is changed.', { exact: false })).toBeVisible();
      await signOut(page);
      await signIn(page, username, `${PASSWORD}-own`);
    });

    test('a role’s permissions are a grid of named checkboxes; its members are listed', async ({
      page,
    }) => {
      await signIn(page, 'admin');
      await page.goto('/#/app/tenants/role');
      const frame = legacyFrame(page);
      await frame.getByRole('link', { name: 'Operator' }).click();
      const dialog = frame.getByRole('dialog', { name: 'Edit role' });
      const grid = dialog.getByRole('group', { name: 'Permissions' });
      await expect(grid.getByRole('checkbox', { name: 'Asset: read' })).toBeChecked();
      await expect(grid.getByRole('checkbox', { name: 'Asset: delete' })).not.toBeChecked();
      await expect(grid.getByRole('checkbox', { name: 'Assets module' })).toBeChecked();
      const members = dialog.getByRole('region', { name: 'Members' });
      await expect(members.getByText('operator', { exact: false }).first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoFrameAxeViolations(page, 'role dialog: ');

      await grid.getByRole('button', { name: 'Show as text' }).click();
      const text = grid.getByRole('textbox', { name: 'Permissions, one per line' });
      await text.fill('thing:r\nzone read');
      await expect(
        grid.getByText('Line 2: “zone read” is not a permission such as zone:r.'),
      ).toBeVisible();
      await expectNoFrameAxeViolations(page, 'role text view: ');
      await dialog.getByRole('button', { name: 'Cancel' }).dispatchEvent('click');
      await expect(dialog).toBeHidden();
    });
  });
}
