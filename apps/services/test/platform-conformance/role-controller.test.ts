// Ported from the real platform's RoleControllerTest.java (one case per real @Test; see harness.ts).
import { describe, expect, it } from 'vitest';
import type { JsonMap } from './harness.ts';
import { UNKNOWN_RECORD, auditEntriesOf, millis, usePlatform } from './harness.ts';

const platform = usePlatform();

/** The real createRoleMap: a name, a description and a random group of every group there is. */
async function createRoleMap(name: string, description: string): Promise<JsonMap> {
  const groups = (await platform.expectResponse('/group?pageSize=-1', 200, 'GET'))
    .results as JsonMap[];
  const group = groups[Math.floor(Math.random() * groups.length)];
  return { name, description, 'group.id': group?.id };
}

/** The real tests' `PUT /role` of a createRoleMap with a new name, checked 201: the created role. */
async function insertRole(description: string): Promise<JsonMap> {
  return platform.expectResponse('/role', 201, 'PUT', await createRoleMap(millis(), description));
}

function createPermissionMap(permissions: string): JsonMap {
  return { permissions };
}

describe('RoleControllerTest (real platform)', () => {
  it('testListRole', async () => {
    await platform.expectResponse('/role', 200, 'GET');
  });

  it('testGetRole', async () => {
    await platform.expectResponse('/role/1', 200, 'GET');
  });

  it('testValidateGetRole: an unknown role is refused with the platform message', async () => {
    const answer = await platform.expectResponse('/role/99999', UNKNOWN_RECORD, 'GET');
    expect(answer.message).toBe('RoleId[99999] not found');
  });

  it('testInsertRole: PUT /role with group.id', async () => {
    await insertRole('role for testing');
  });

  it.skip('testCompleteRoleLifecycle — the snapshot itself fails it: it expects 201 from PUT /role/{id}/permission/{resourceId}, which the snapshot answers 200 (RoleController.setResource → RestUtils.sendOkResponse); the same lifecycle with the real 200 follows', () => {});

  it('testCompleteRoleLifecycle with the status the snapshot answers (200)', async () => {
    const role = await insertRole('test role and resources');
    const resources = (await platform.expectResponse('/resource', 200, 'GET')).results as JsonMap[];
    expect(resources).toHaveLength(10);
    for (const r of resources) {
      // no resource of the snapshot answers isFolder: the test's folder branch never runs there
      expect(r.isFolder).toBeUndefined();
      const granted = await platform.expectResponse(
        `/role/${String(role.id)}/permission/${String(r.id)}`,
        200,
        'PUT',
        createPermissionMap(String(r.acceptedAttributes)),
      );
      expect(granted).toMatchObject({
        role: { id: role.id },
        resource: { id: r.id, name: r.name },
        permissions: r.acceptedAttributes,
      });
    }
    const after = await platform.expectResponse(`/role/${String(role.id)}`, 200, 'GET');
    const first = resources[0];
    expect(after.permissions).toEqual(
      resources.flatMap((r) =>
        String(r.acceptedAttributes)
          .split('')
          .map((letter) => `${String(r.name)}:${letter}`),
      ),
    );
    // no letters: the resource is no longer granted
    const removed = await platform.expectResponse(
      `/role/${String(role.id)}/permission/${String(first?.id)}`,
      200,
      'PUT',
      createPermissionMap(''),
    );
    expect(removed.permissions).toBe('');
    const left = await platform.expectResponse(`/role/${String(role.id)}`, 200, 'GET');
    expect(
      (left.permissions as string[]).some((p) => p.startsWith(`${String(first?.name)}:`)),
    ).toBe(false);
    await platform.expectResponse(`/role/${String(role.id)}`, 204, 'DELETE');
  });

  it('testInvalidPermissions', async () => {
    const role = await insertRole('test role and resources');
    const resources = (await platform.expectResponse('/resource', 200, 'GET')).results as JsonMap[];
    for (const r of resources) {
      const refused = await platform.expectResponse(
        `/role/${String(role.id)}/permission/${String(r.id)}`,
        400,
        'PUT',
        createPermissionMap('wrxpmnxyz'),
      );
      expect(refused.message).toBe(
        `Permissions not valid for Resource: name: '${String(r.name)}' accepted: '${String(r.acceptedAttributes)}' requested: 'wrxpmnxyz' failed: 'w'`,
      );
    }
    const after = await platform.expectResponse(`/role/${String(role.id)}`, 200, 'GET');
    expect(after.permissions).toEqual([]);
  });

  it('testUpdateRole: PUT create, PATCH with the answer and a new name', async () => {
    const role = await insertRole('test role update');
    role.name = millis();
    await platform.expectResponse(`/role/${String(role.id)}`, 200, 'PATCH', role);
  });

  it('deleteRole', async () => {
    const role = await insertRole('role for testing');
    await platform.expectResponse(`/role/${String(role.id)}`, 204, 'DELETE');
  });
});

describe("Portico: a role's grants in the platform's form", () => {
  it('grants many at once, audits the change, and lets no one grant what it does not hold', async () => {
    const admin = await platform.client.login('admin');
    const role = await platform.expectResponseAs(admin.token, '/role', 201, 'PUT', {
      name: millis(),
      description: 'grants',
    });
    const resources = (await platform.expectResponse('/resource?pageSize=-1', 200, 'GET'))
      .results as JsonMap[];
    const zone = resources.find((r) => r.name === 'zone');
    const granted = await platform.expectResponseAs(
      admin.token,
      `/role/${String(role.id)}/permission`,
      200,
      'PUT',
      { [String(zone?.id)]: 'ru', thing: 'r', user: '' },
    );
    expect(granted).toEqual([
      {
        role: { id: role.id, name: role.name },
        resource: { id: zone?.id, name: 'zone' },
        permissions: 'ru',
      },
      {
        role: { id: role.id, name: role.name },
        resource: expect.objectContaining({ name: 'thing' }),
        permissions: 'r',
      },
    ]);
    const entries = await auditEntriesOf(platform, 'role', Number(role.id));
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[1]?.changes).toContain('zone:u');
    // the tenant administrator holds no license_generator permission: it may not grant it
    const licenseGenerator = resources.find((r) => r.name === 'license_generator');
    await platform.expectResponseAs(
      admin.token,
      `/role/${String(role.id)}/permission/${String(licenseGenerator?.id)}`,
      403,
      'PUT',
      createPermissionMap('r'),
    );
    const after = await platform.expectResponse(`/role/${String(role.id)}`, 200, 'GET');
    expect(after.permissions).toEqual(['zone:r', 'zone:u', 'thing:r']);
    await platform.expectResponseAs(
      admin.token,
      `/role/${String(role.id)}/permission`,
      400,
      'PUT',
      {
        nosuchresource: 'r',
      },
    );
    await platform.expectResponse(
      `/role/${String(role.id)}/permission/99999`,
      UNKNOWN_RECORD,
      'PUT',
      createPermissionMap('r'),
    );
    await platform.expectResponse(
      `/role/99999/permission/${String(zone?.id)}`,
      UNKNOWN_RECORD,
      'PUT',
      createPermissionMap('r'),
    );
  });

  it("answers a user's permissions in Portico's strings and the platform's one string per letter", async () => {
    const role = await platform.expectResponse('/role', 201, 'PUT', {
      name: millis(),
      permissions: ['zone:ru', 'thing:*'],
      'group.id': 2,
    });
    const name = millis();
    await platform.expectResponse('/user', 201, 'PUT', {
      username: name,
      password: `pw-${name}-Zq`,
      'group.id': 2,
      roleIds: [role.id],
    });
    const user = await platform.client.login(name, `pw-${name}-Zq`);
    const { results } = await platform.expectResponseAs(
      user.token,
      `/user/${String(user.id)}/permissions`,
      200,
      'GET',
    );
    expect(results).toEqual(expect.arrayContaining(['zone:ru', 'thing:*', 'zone:r', 'zone:u']));
    expect(results).not.toContain('zone:i');
  });
});
