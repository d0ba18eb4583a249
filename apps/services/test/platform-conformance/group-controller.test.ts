// Ported from the real platform's GroupControllerTest.java (one case per real @Test; see harness.ts).
import { describe, expect, it } from 'vitest';
import type { JsonMap } from './harness.ts';
import {
  UNKNOWN_RECORD,
  millis,
  usePlatform,
  validateErrorMap,
  validateOutputMap,
} from './harness.ts';

const platform = usePlatform();

function createGroupMap(suffix: string, parentId: number | null, groupTypeId: number): JsonMap {
  return {
    code: `code${suffix}`,
    description: `description${suffix}`,
    name: `name${suffix}`,
    archived: false,
    'parent.id': parentId,
    'groupType.id': groupTypeId,
  };
}

async function insertGroup(
  status: number,
  suffix: string,
  parentId: number | null,
  groupTypeId: number,
): Promise<JsonMap> {
  const groupMap = createGroupMap(suffix, parentId, groupTypeId);
  const response = await platform.expectResponse('/group', status, 'PUT', groupMap);
  groupMap.id = response.id;
  if (status > 299) validateErrorMap(response);
  else validateOutputMap(groupMap, response);
  return response;
}

async function updateGroup(status: number, id: unknown, groupMap: JsonMap): Promise<JsonMap> {
  const response = await platform.expectResponse(`/group/${String(id)}`, status, 'PATCH', groupMap);
  if (status > 299) validateErrorMap(response);
  else validateOutputMap(groupMap, response);
  return response;
}

describe('GroupControllerTest (real platform)', () => {
  it('testListGroup: GET /group/ lists', async () => {
    const list = await platform.expectResponse('/group/', 200, 'GET');
    expect(Array.isArray(list.results)).toBe(true);
  });

  it('testGetGroup: GET /group/1', async () => {
    await platform.expectResponse('/group/1', 200, 'GET');
  });

  it('testValidateGetGroup: an unknown group is refused with the platform message', async () => {
    const answer = await platform.expectResponse('/group/99999', UNKNOWN_RECORD, 'GET');
    expect(answer.message).toBe('GroupId[99999] not found');
  });

  it('testCreateUpdateDeleteGroup: PUT create with dotted references, PATCH, DELETE', async () => {
    const suffix = millis();
    // Portico: a group needs a parent (only the seed makes the root), as the platform's 400 says
    await insertGroup(400, suffix, null, 1);
    let groupMap = await insertGroup(201, suffix, 1, 1);
    const id = groupMap.id;
    groupMap = await updateGroup(200, id, groupMap);
    groupMap['parent.id'] = null;
    await updateGroup(400, id, groupMap);
    await platform.expectResponse(`/group/${String(id)}`, 204, 'DELETE');
    await platform.expectResponse(`/group/${String(id)}`, UNKNOWN_RECORD, 'GET');
  });

  it.skip('testCreateUpdateDuplicateGroup — Portico differs: group names and codes are not unique (it holds unique only what API.md lists, with 409)', () => {});

  it('testSelectTree: GET /group/tree twice', async () => {
    const tree = await platform.expectResponse('/group/tree', 200, 'GET');
    await platform.expectResponse('/group/tree', 200, 'GET');
    const roots = tree.results as JsonMap[];
    expect(roots.length).toBeGreaterThan(0);
    expect(Array.isArray(roots[0]?.children)).toBe(true);
  });
});
