import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluatePermissionExpression } from '@portico/core';
import { createTestClient, type TestClient } from './helpers.ts';

// Spec §6 folder rules, enforced by the server with @portico/core's canEditFolder / canDeleteFolder.
let client: TestClient;
let admin: string;
let folderId: number;
let otherFolderId: number;

beforeAll(async () => {
  client = await createTestClient();
  admin = (await client.login('admin')).token;
  const folders = (await (
    await client.call('GET', '/folder?pageSize=10', { token: admin })
  ).json()) as { results: Array<{ id: number }> };
  [folderId, otherFolderId] = [folders.results[0]!.id, folders.results[1]!.id];
});
afterAll(() => client.services.close());

async function userWith(permissions: string[], name: string): Promise<string> {
  const role = await client.call('POST', '/role', {
    token: admin,
    body: { name: `Folder role ${name}`, permissions },
  });
  expect(role.status).toBe(201);
  const roleId = ((await role.json()) as { id: number }).id;
  const user = await client.call('POST', '/user', {
    token: admin,
    body: { username: `folder.${name}`, password: 'Secret-Horse-42', roleIds: [roleId] },
  });
  expect(user.status).toBe(201);
  return (await client.login(`folder.${name}`, 'Secret-Horse-42')).token;
}

describe('report folders (spec §6)', () => {
  it('type-level update edits a folder unless that instance is read-only', async () => {
    const token = await userWith(
      [
        'report_definition:r',
        'reportDefinitionfolder:r',
        'reportDefinitionfolder:u',
        `_folderinstance_${folderId}:r`,
      ],
      'readonly',
    );
    const blocked = await client.call('PATCH', `/folder/${folderId}`, {
      token,
      body: { name: 'Renamed (blocked)' },
    });
    expect(blocked.status).toBe(403);
    const allowed = await client.call('PATCH', `/folder/${otherFolderId}`, {
      token,
      body: { name: 'Renamed (allowed)' },
    });
    expect(allowed.status).toBe(200);
  });

  it('type-level delete deletes unless that instance is update-only', async () => {
    const token = await userWith(
      [
        'report_definition:r',
        'reportDefinitionfolder:r',
        'reportDefinitionfolder:d',
        `_folderinstance_${folderId}:u`,
      ],
      'updateonly',
    );
    expect((await client.call('DELETE', `/folder/${folderId}`, { token })).status).toBe(403);
  });

  it('answers the hasEditPermission / hasDeletePermission expressions that agree with the server', async () => {
    const token = await userWith(
      [
        'report_definition:r',
        'reportDefinitionfolder:r',
        'reportDefinitionfolder:u',
        `_folderinstance_${folderId}:r`,
      ],
      'expr',
    );
    const permissions = (
      (await (
        await client.call(
          'GET',
          `/user/${(await client.login('folder.expr', 'Secret-Horse-42')).id}/permissions`,
          { token },
        )
      ).json()) as { results: string[] }
    ).results;
    const folders = (await (await client.call('GET', '/folder?pageSize=50', { token })).json()) as {
      results: Array<{ id: number; hasEditPermission: string; hasDeletePermission: string }>;
    };
    const blocked = folders.results.find((folder) => folder.id === folderId)!;
    const open = folders.results.find((folder) => folder.id === otherFolderId)!;
    expect(blocked.hasEditPermission).not.toContain('{isOwner}');
    expect(evaluatePermissionExpression(blocked.hasEditPermission, permissions)).toBe(false);
    expect(evaluatePermissionExpression(open.hasEditPermission, permissions)).toBe(true);
    expect(evaluatePermissionExpression(open.hasDeletePermission, permissions)).toBe(false);
  });
});
