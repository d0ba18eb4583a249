// People and access in the legacy UI: a user's roles, a role's permissions grid and text view, a
// role's members, and passwords named by the rule they break.
import { chooseReference } from '../../test/choose-reference.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import type { ApiRow } from '../api-client.ts';
import { RESOURCES } from '../resources.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ResourceForm } from './resource-form.tsx';

const userResource = RESOURCES.user!;
const roleResource = RESOURCES.role!;
const ROLES: ApiRow[] = [
  { id: 1, groupId: 2, name: 'Zone readers', permissions: ['zone:r'] },
  { id: 2, groupId: 2, name: 'Zone editors', permissions: ['zone:r', 'zone:u'] },
  { id: 3, groupId: 2, name: 'Auditors', permissions: ['zone:r', 'thing:r'] },
];
const GROUPS: ApiRow[] = [{ id: 2, groupId: 2, name: 'Acme' }];
/** An administrator holding zone:r and thing:r but not zone:u. */
const ADMIN = ['user:*', 'role:*', 'group:r', 'zone:r', 'thing:r', 'model:x'];

/** A new user's username, group (Acme) and a good password typed in its form, then Save. */
async function saveNewUser(user: UserEvent, username: string) {
  await user.type(screen.getByRole('textbox', { name: /Username/ }), username);
  await chooseReference(user, await screen.findByRole('combobox', { name: /Group/ }), 'Ac', 'Acme');
  await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse-42');
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('the roles of a user', { timeout: 30_000 }, () => {
  it('offers only the roles the administrator may grant, searchable, and sends their ids', async () => {
    const user = userEvent.setup();
    const { api, tables } = createFakeApi({ role: ROLES, group: GROUPS, user: [] });
    renderWithLegacy(<ResourceForm resource={userResource} id="new" onFinished={vi.fn()} />, {
      api,
      permissions: ADMIN,
    });
    const roles = screen.getByRole('group', { name: 'Roles' });
    await within(roles).findByRole('checkbox', { name: 'Zone readers' });
    expect(within(roles).getByRole('checkbox', { name: 'Auditors' })).toBeInTheDocument();
    // Zone editors carries zone:u, which the administrator does not hold
    expect(within(roles).queryByRole('checkbox', { name: 'Zone editors' })).toBeNull();
    expect(within(roles).getByText(/No role selected/)).toBeInTheDocument();

    const search = within(roles).getByRole('searchbox', { name: 'Search roles' });
    await user.type(search, 'audit{Enter}');
    expect(within(roles).queryByRole('checkbox', { name: 'Zone readers' })).toBeNull();
    await user.click(within(roles).getByRole('checkbox', { name: 'Auditors' }));
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(within(roles).getByText('No role matches “nothing like it”.')).toBeInTheDocument();
    await user.clear(search);
    // keyboard: Tab to the first role, Space ticks it
    search.focus();
    await user.tab();
    expect(document.activeElement).toBe(within(roles).getByRole('checkbox', { name: 'Auditors' }));
    await user.tab();
    await user.keyboard(' ');
    expect(within(roles).getByRole('checkbox', { name: 'Zone readers' })).toBeChecked();
    expect(within(roles).getByText('2 selected: Auditors, Zone readers')).toBeInTheDocument();

    await saveNewUser(user, 'new.colleague');
    await waitFor(() => expect(tables.user).toHaveLength(1));
    expect(tables.user?.[0]).toMatchObject({ username: 'new.colleague', roleIds: [3, 1] });
  });

  it('keeps a role the user holds but the administrator cannot grant, fixed and explained', async () => {
    const held = {
      id: 9,
      groupId: 2,
      username: 'editor',
      roleIds: [2],
      roles: [{ id: 2, name: 'Zone editors' }],
      group: { id: 2, name: 'Acme' },
    };
    const { api } = createFakeApi({ role: ROLES, group: GROUPS, user: [held] });
    const update = vi.spyOn(api, 'update');
    const user = userEvent.setup();
    renderWithLegacy(<ResourceForm resource={userResource} id={9} onFinished={vi.fn()} />, {
      api,
      permissions: ADMIN,
    });
    const roles = await screen.findByRole('group', { name: 'Roles' });
    const fixed = await within(roles).findByRole('checkbox', { name: 'Zone editors' });
    expect(fixed).toBeChecked();
    expect(fixed).toBeDisabled();
    expect(fixed).toHaveAccessibleDescription(/you can't give this role/);
    // an edit leaves the password alone unless one is typed
    expect(screen.getByLabelText(/^New password/)).not.toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]?.[2]).not.toHaveProperty('password');
    expect(update.mock.calls[0]?.[2]).toMatchObject({ roleIds: [2] });
  });

  it('one’s own roles are read-only', async () => {
    const me = { id: 1, groupId: 2, username: 'admin', roleIds: [1], roles: [ROLES[0]] };
    const { api } = createFakeApi({ role: ROLES, group: GROUPS, user: [me] });
    renderWithLegacy(<ResourceForm resource={userResource} id={1} onFinished={vi.fn()} />, {
      api,
      permissions: ADMIN,
    });
    const roles = await screen.findByRole('group', { name: 'Roles' });
    expect(roles).toHaveAccessibleDescription(/You can't change your own roles/);
    expect(await within(roles).findByRole('checkbox', { name: 'Zone readers' })).toBeDisabled();
    expect(within(roles).queryByRole('searchbox')).toBeNull();
  });

  it('says the services’ refusal of a role in words', async () => {
    const { api } = createFakeApi({ role: ROLES, group: GROUPS, user: [] });
    api.create = vi.fn(async () => {
      throw new ApiError(
        403,
        'You cannot assign role Auditors: you need every permission of role Auditors (missing thing:r)',
      );
    });
    const user = userEvent.setup();
    renderWithLegacy(<ResourceForm resource={userResource} id="new" onFinished={vi.fn()} />, {
      api,
      permissions: ADMIN,
    });
    await saveNewUser(user, 'someone');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You can't give this role: it has permissions you don't hold yourself.",
    );
  });
});

describe('passwords', { timeout: 30_000 }, () => {
  it.each([
    ['short', 'Use at least 8 characters.'],
    ['new.colleague', 'The password must not be the username.'],
  ])('%s is refused before sending, naming the rule', async (password, message) => {
    const { api } = createFakeApi({ role: ROLES, group: GROUPS, user: [] });
    const user = userEvent.setup();
    renderWithLegacy(<ResourceForm resource={userResource} id="new" onFinished={vi.fn()} />, {
      api,
      permissions: ADMIN,
    });
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'new.colleague');
    const box = screen.getByLabelText(/^Password/);
    expect(box).toHaveAccessibleDescription(
      'At least 8 characters; not a common password, nor the username.',
    );
    await user.type(box, password);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.create).not.toHaveBeenCalled();
  });

  it.each([
    [
      'en',
      'one of the most common passwords: choose another',
      'This is one of the most common passwords. Choose another.',
    ],
    ['fr', 'at least 8 characters', 'Utilisez au moins 8 caractères.'],
    ['es', 'must not be the username', 'La contraseña no puede ser el nombre de usuario.'],
    ['pt-BR', 'at most 1024 characters', 'Use no máximo 1.024 caracteres.'],
    [
      'it',
      'one of the most common passwords: choose another',
      'È una delle password più comuni. Scegline un’altra.',
    ],
  ])('in %s, the services’ “%s” is said as its rule', async (language, reason, message) => {
    const { api } = createFakeApi({ role: ROLES, group: GROUPS, user: [] });
    api.create = vi.fn(async () => {
      throw new ApiError(400, `Invalid body: password: ${reason}`, { password: reason });
    });
    const user = userEvent.setup();
    renderWithLegacy(<ResourceForm resource={userResource} id="new" onFinished={vi.fn()} />, {
      api,
      permissions: ADMIN,
      language,
    });
    await user.type(screen.getAllByRole('textbox')[0]!, 'someone');
    await chooseReference(user, await screen.findByRole('combobox'), 'Ac', 'Acme');
    await user.type(document.querySelector('input[type="password"]')!, 'Baseball-2024');
    await user.click(document.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('the permissions of a role', { timeout: 30_000 }, () => {
  const role = {
    id: 5,
    groupId: 2,
    name: 'Yard crew',
    permissions: ['zone:r', 'things:x', 'user:r:42'],
  };

  /** The role's form, opened by an administrator who also holds zone:u and things:x. */
  function editRole(groupFields?: Record<string, string>) {
    const { api } = createFakeApi({ role: [role], user: [] });
    const update = vi.spyOn(api, 'update');
    const user = userEvent.setup();
    renderWithLegacy(<ResourceForm resource={roleResource} id={5} onFinished={vi.fn()} />, {
      api,
      permissions: [...ADMIN, 'zone:u', 'things:x'],
      ...(groupFields ? { groupFields } : {}),
    });
    return { update, user };
  }

  it('is a grid by module with the tenant’s names; a tick becomes one string per operation', async () => {
    const { update, user } = editRole({ vizixVocabularyLabelZone: '{"en":"Area"}' });
    const grid = await screen.findByRole('group', { name: 'Permissions' });
    const model = within(grid).getByRole('region', { name: 'Model' });
    const table = within(model).getByRole('table', { name: 'Model' });
    expect(within(table).getByRole('rowheader', { name: 'Area' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Update' })).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Area: read' })).toBeChecked();
    // what the administrator does not hold is greyed out
    expect(within(table).getByRole('checkbox', { name: 'Area: delete' })).toBeDisabled();
    expect(within(grid).getByRole('checkbox', { name: 'Things module' })).toBeChecked();
    expect(within(grid).getByText('Also kept as written: user:r:42')).toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Area: update' }));
    await user.click(within(grid).getByRole('checkbox', { name: 'Things module' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]?.[2]).toMatchObject({
      permissions: ['zone:r', 'zone:u', 'user:r:42'],
    });
  });

  it('shows as text, checked line by line; the error names the line and what is wrong', async () => {
    const { update, user } = editRole();
    const toggle = await screen.findByRole('button', { name: 'Show as text' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const text = screen.getByRole('textbox', { name: 'Permissions, one per line' });
    expect(text).toHaveValue('zone:r\nthings:x\nuser:r:42');
    await user.type(text, '\nzone read\nzonee:r\nthing:x\nzone:r');
    expect(text).toHaveAccessibleDescription(
      [
        'Line 4: “zone read” is not a permission such as zone:r.',
        'Line 5: “zonee:r” names no known resource.',
        "Line 6: “thing:x” has an operation this resource doesn't have (it has r, i, u, d).",
        'Line 7: “zone:r” repeats an earlier line.',
      ].join(' '),
    );
    // neither back to the grid nor saved while a line is wrong
    await user.click(toggle);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Correct the lines listed under the box to go back to the grid.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Some lines are not permissions/)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    await user.clear(text);
    await user.type(text, 'zone:r\nzone:u\nthing:r');
    await user.click(toggle);
    expect(screen.getByRole('checkbox', { name: 'Zone: update' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]?.[2]).toMatchObject({
      permissions: ['thing:r', 'zone:r', 'zone:u'],
    });
  });
});

describe('the members of a role', { timeout: 30_000 }, () => {
  it('lists, removes and adds members (a search over the users)', async () => {
    const users: ApiRow[] = [
      { id: 11, groupId: 2, username: 'ana', firstName: 'Ana', lastName: 'Lima', roleIds: [1] },
      { id: 12, groupId: 2, username: 'bo', firstName: '', lastName: '', roleIds: [] },
      { id: 13, groupId: 2, username: 'cy', firstName: '', lastName: '', roleIds: [] },
    ];
    const { api } = createFakeApi({ role: ROLES, user: users });
    const user = userEvent.setup();
    renderWithLegacy(<ResourceForm resource={roleResource} id={1} onFinished={vi.fn()} />, {
      api,
      permissions: ADMIN,
    });
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(await within(members).findByText('ana (Ana Lima)')).toBeInTheDocument();
    await user.click(within(members).getByRole('button', { name: 'Remove ana' }));
    expect(await within(members).findByText('No user has this role.')).toBeInTheDocument();
    expect(within(members).getByText('ana no longer has this role.')).toBeInTheDocument();
    expect(api.setRoleMember).toHaveBeenCalledWith(1, 11, false);

    await user.type(within(members).getByRole('searchbox', { name: 'Find a user' }), 'c');
    const select = within(members).getByRole('combobox', { name: 'User to add' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a user (1)', 'cy']),
    );
    const add = within(members).getByRole('button', { name: 'Add member' });
    expect(add).toBeDisabled();
    await user.selectOptions(select, 'cy');
    await user.click(add);
    expect(await within(members).findByText('cy now has this role.')).toBeInTheDocument();
    expect(within(members).getByRole('button', { name: 'Remove cy' })).toBeInTheDocument();
    expect(api.setRoleMember).toHaveBeenLastCalledWith(1, 13, true);
  });

  it('is read-only without user:u, and absent on a new role', async () => {
    const users: ApiRow[] = [{ id: 11, groupId: 2, username: 'ana', roleIds: [1] }];
    const { api } = createFakeApi({ role: ROLES, user: users });
    const view = renderWithLegacy(
      <ResourceForm resource={roleResource} id={1} onFinished={vi.fn()} />,
      { api, permissions: ['role:r', 'user:r'] },
    );
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(await within(members).findByText('ana')).toBeInTheDocument();
    expect(within(members).queryByRole('button')).toBeNull();
    view.unmount();
    renderWithLegacy(<ResourceForm resource={roleResource} id="new" onFinished={vi.fn()} />, {
      api,
      permissions: ADMIN,
    });
    expect(screen.queryByRole('region', { name: 'Members' })).toBeNull();
  });
});
