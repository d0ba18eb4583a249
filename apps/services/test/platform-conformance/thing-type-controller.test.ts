// Ported from the real platform's ThingTypeControllerTest.java (one case per real @Test; see harness.ts).
import { describe, expect, it } from 'vitest';
import type { JsonMap } from './harness.ts';
import { UNKNOWN_RECORD, millis, usePlatform } from './harness.ts';

const platform = usePlatform();

const SNAPSHOT_REFUSES_BODY =
  'the snapshot itself fails it: its PUT /thingType refuses the test\'s body with 400 ("The thingTypeTemplateId is required.", and a type for each field: ThingTypeController.validateInsertThingType) where the test expects 201';

/** The real createThingTypeMap: a name, one field (skipped: Portico's thing types have no fields), group.id 1. */
function createThingTypeMap(name: string, id?: unknown): JsonMap {
  const field: JsonMap = { name, unit: millis(), symbol: millis() };
  if (id !== undefined) field.id = id;
  return { name, fields: [field], 'group.id': 1 };
}

async function createThingType(name: string, status: number): Promise<unknown> {
  return (await platform.expectResponse('/thingType', status, 'PUT', createThingTypeMap(name))).id;
}

async function updateThingType(name: string, id: unknown, status: number): Promise<unknown> {
  return (
    await platform.expectResponse(
      `/thingType/${String(id)}`,
      status,
      'PATCH',
      createThingTypeMap(name),
    )
  ).id;
}

async function deleteThingType(id: unknown, status: number): Promise<void> {
  await platform.expectResponse(
    `/thingType/${String(id)}`,
    status,
    'DELETE',
    createThingTypeMap(millis(), id),
  );
}

describe('ThingTypeControllerTest (real platform)', () => {
  it('testListThingType', async () => {
    await platform.expectResponse('/thingType', 200, 'GET');
  });

  it('testGetThingType', async () => {
    await platform.expectResponse('/thingType/1', 200, 'GET');
  });

  it('testValidateGetThingType: an unknown thing type is refused with the platform message', async () => {
    const answer = await platform.expectResponse('/thingType/99999', UNKNOWN_RECORD, 'GET');
    expect(answer.message).toBe('ThingTypeId[99999] not found');
  });

  it('testCreateUpdateDeleteThingType', async () => {
    let id = await createThingType(millis(), 201);
    id = await updateThingType(millis(), id, 200);
    await deleteThingType(id, 204);
  });

  it.skip(`testCreateDuplicatedUpdateDeleteThingType — ${SNAPSHOT_REFUSES_BODY}; and its duplicate-name check is commented out (ThingTypeService.validateInsert / validateUpdate): only the thing type code is unique there. The snapshot's rule follows`, () => {});

  it.skip(`testCreateUpdateDuplicatedDeleteThingType — ${SNAPSHOT_REFUSES_BODY}; and names may repeat there (see above)`, () => {});

  it("the snapshot's rule: a thing type's name may repeat, its code (thingTypeCode) may not (Portico: 409)", async () => {
    const name = millis();
    const code = `code${millis()}`;
    const first = await platform.expectResponse('/thingType', 201, 'PUT', {
      ...createThingTypeMap(name),
      thingTypeCode: code,
    });
    const second = await platform.expectResponse(
      '/thingType',
      201,
      'PUT',
      createThingTypeMap(name),
    );
    const taken = await platform.expectResponse(`/thingType/${String(second.id)}`, 409, 'PATCH', {
      thingTypeCode: code,
    });
    expect(taken.fields).toEqual({ code: 'duplicate' });
    await deleteThingType(first.id, 204);
    await deleteThingType(second.id, 204);
  });

  it("autoCreate: written and answered as the platform's thing type carries it", async () => {
    const created = await platform.expectResponse('/thingType', 201, 'PUT', {
      ...createThingTypeMap(millis()),
      autoCreate: true,
    });
    expect(created.autoCreate).toBe(true);
    const plain = await platform.expectResponse(
      '/thingType',
      201,
      'PUT',
      createThingTypeMap(millis()),
    );
    expect(plain.autoCreate).toBe(false);
    const patched = await platform.expectResponse(
      `/thingType/${String(created.id)}`,
      200,
      'PATCH',
      {
        autoCreate: false,
      },
    );
    expect(patched.autoCreate).toBe(false);
    await platform.expectResponse(`/thingType/${String(created.id)}`, 400, 'PATCH', {
      autoCreate: 'yes',
    });
    await deleteThingType(created.id, 204);
    await deleteThingType(plain.id, 204);
  });

  it('testCreateDeleteTwiceThingType: the second delete is refused', async () => {
    const id = await createThingType(millis(), 201);
    await deleteThingType(id, 204);
    await deleteThingType(id, UNKNOWN_RECORD);
  });

  it.skip(`testParentLevelsThingType — ${SNAPSHOT_REFUSES_BODY}; and the snapshot reads a thing type's parents from \`parent.ids\` (ThingTypeController.insertThingType, a ThingTypeMap list), never \`parent.id\`: the third level the test expects refused is created there`, () => {});

  it.skip(`testParentAndChildThingType — ${SNAPSHOT_REFUSES_BODY}; and \`parent.id\` is ignored there (see above), so the PATCH it expects refused succeeds`, () => {});

  it('testSelectTree: GET /thingType/tree twice', async () => {
    await platform.expectResponse('/thingType/tree', 200, 'GET');
    await platform.expectResponse('/thingType/tree', 200, 'GET');
  });
});
