// Ported from the real platform's ThingControllerTest.java (one case per real @Test; see harness.ts).
//
// Most of its cases create things with `{name, serial, fields, parent.id, group.id}`, a body of an
// older API: the snapshot's own PUT /thing (ThingController.create → ThingsService.create) reads
// only `{group: ">A>B", thingTypeCode, name, serialNumber, parent: {serialNumber}, udfs}`, so for
// that body it finds no group and refuses it with 400 ("Invalid Group", validateCreateThing) before
// doing anything else. Those cases are skipped as the real platform itself fails them; the same
// behaviours in the snapshot's own form follow each of them ("… in the snapshot's form"), and more
// of the form is in platform-conventions.test.ts.
import { describe, expect, it } from 'vitest';
import type { JsonMap } from './harness.ts';
import { UNKNOWN_RECORD, auditEntriesOf, millis, usePlatform } from './harness.ts';

const platform = usePlatform();

function createThingMap(thingName: string | null, parentId: number | null = null): JsonMap {
  const deviceField = { name: millis(), unit: millis(), symbol: millis(), value: millis() };
  return {
    name: thingName,
    serial: millis(),
    fields: [deviceField],
    'parent.id': parentId,
    'group.id': 1,
  };
}

const REFUSED_BY_SNAPSHOT =
  'the snapshot itself fails it: its PUT /thing reads no `group.id`, `serial` or `parent.id`, so it refuses the test\'s create body with 400 "Invalid Group" (ThingsService.validateCreateThing) where the test expects 201';

/** A thing in the snapshot's own create form, in the demo tenant (its group path and type code). */
function platformThing(name: string, parentSerial?: string): JsonMap {
  return {
    group: '>acme>acme-north',
    thingTypeCode: 'forklift',
    name,
    serialNumber: `S${name}`,
    ...(parentSerial === undefined ? {} : { parent: { serialNumber: parentSerial } }),
  };
}

describe('ThingControllerTest (real platform)', () => {
  it('testListThing', async () => {
    await platform.expectResponse('/thing', 200, 'GET');
  });

  it('testListThingPlusFields: extra=group,parent', async () => {
    const results = await platform.expectResponse('/thing?extra=group,parent', 200, 'GET');
    const list = results.results as JsonMap[];
    expect(list[0]).toHaveProperty('group');
    expect(list[0]).toHaveProperty('parent');
  });

  it('testGetThing', async () => {
    await platform.expectResponse('/thing/1', 200, 'GET');
  });

  it('testGetThingPlusFields: extra=group, "group,", parent, group,parent, group.groupType', async () => {
    let thing = await platform.expectResponse('/thing/1?extra=group', 200, 'GET');
    expect(thing).toHaveProperty('group');
    thing = await platform.expectResponse('/thing/1?extra=group,', 200, 'GET');
    expect(thing).toHaveProperty('group');
    thing = await platform.expectResponse('/thing/1?extra=parent', 200, 'GET');
    expect(thing).toHaveProperty('parent');
    thing = await platform.expectResponse('/thing/1?extra=group,parent', 200, 'GET');
    expect(thing).toHaveProperty('group');
    expect(thing).toHaveProperty('parent');
    thing = await platform.expectResponse('/thing/1?extra=group.groupType', 200, 'GET');
    expect(thing).toHaveProperty(['group.groupType']);
  });

  it('testGetThingPlusInvalidFields: unknown extra names are refused', async () => {
    await platform.expectResponse('/thing/1?extra=groupqwe', 400, 'GET');
    await platform.expectResponse('/thing/1?extra=group,parentqweqwe', 400, 'GET');
  });

  it('testValidateGetThing: unknown and invalid ids are refused', async () => {
    const answer = await platform.expectResponse('/thing/99999', UNKNOWN_RECORD, 'GET');
    expect(answer.message).toBe('ThingId[99999] not found');
    await platform.expectResponse('/thing/-1', 400, 'GET');
  });

  it('testValidateCreateThing: empty name, no name, duplicated field names are refused', async () => {
    const thingMap1 = createThingMap(millis());
    const fields = thingMap1.fields as JsonMap[];
    fields.push({ name: fields[0]?.name, unit: millis(), symbol: millis(), value: millis() });
    for (const invalidBody of [createThingMap(''), createThingMap(null), thingMap1])
      await platform.expectResponse('/thing', 400, 'PUT', invalidBody);
  });

  it.skip('testDuplicatedNamesOnCreate — @Ignore in the real repository (thing names may repeat there, as in Portico)', () => {});

  it.skip('testDuplicatedNamesOnUpdate — @Ignore in the real repository (thing names may repeat there, as in Portico)', () => {});

  it.skip(`testTreeLevelHigherThanTwo — ${REFUSED_BY_SNAPSHOT}`, () => {});

  it("testTreeLevelHigherThanTwo in the snapshot's form: a child's child is refused", async () => {
    const a = await platform.expectResponse('/thing', 201, 'PUT', platformThing(`${millis()}A`));
    const b = await platform.expectResponse(
      '/thing',
      201,
      'PUT',
      platformThing(`${millis()}B`, String(a.serial)),
    );
    expect(b.parentId).toBe(a.id);
    expect((b.parent as JsonMap).id).toBe(a.id);
    const c = await platform.expectResponse(
      '/thing',
      400,
      'PUT',
      platformThing(`${millis()}C`, String(b.serial)),
    );
    expect(c.message).toBe('the parent thing has a parent itself: things nest two levels only');
    // nor may a parent become a child (by the dotted key of the test's own body)
    const d = await platform.expectResponse('/thing', 201, 'PUT', platformThing(`${millis()}D`));
    await platform.expectResponse(`/thing/${String(a.id)}`, 400, 'PATCH', { 'parent.id': d.id });
    // the tree nests the child under its parent
    const tree = (await platform.expectResponse('/thing/tree', 200, 'GET')).results as JsonMap[];
    const root = tree.find((node) => node.id === a.id);
    expect((root?.children as JsonMap[]).map((child) => child.id)).toEqual([b.id]);
    await platform.expectResponse(
      '/thing',
      400,
      'PUT',
      platformThing(`${millis()}E`, 'no-such-serial'),
    );
  });

  it.skip(`testCreateThing — ${REFUSED_BY_SNAPSHOT}`, () => {});

  it.skip(`testUpdateThing — ${REFUSED_BY_SNAPSHOT}`, () => {});

  it.skip(`testActivate — ${REFUSED_BY_SNAPSHOT}`, () => {});

  it.skip(`testDeactivate — ${REFUSED_BY_SNAPSHOT}`, () => {});

  it("testActivate and testDeactivate in the snapshot's form: POST /thing/{id}/activate|deactivate", async () => {
    const thing = await platform.expectResponse('/thing', 201, 'PUT', platformThing(millis()));
    expect(thing.activated).toBe(true);
    const off = await platform.expectResponse(`/thing/${String(thing.id)}/deactivate`, 200, 'POST');
    expect(off).toMatchObject({ id: thing.id, activated: false, status: 'active' });
    const inactive = await platform.expectResponse(
      `/thing?pageSize=-1&where=${encodeURIComponent(`activated=false&id=${String(thing.id)}`)}`,
      200,
      'GET',
    );
    expect((inactive.results as JsonMap[]).map((row) => row.id)).toEqual([thing.id]);
    const on = await platform.expectResponse(`/thing/${String(thing.id)}/activate`, 200, 'POST');
    expect(on.activated).toBe(true);
    // written as a field too, and each change is audited
    const patched = await platform.expectResponse(`/thing/${String(thing.id)}`, 200, 'PATCH', {
      activated: false,
    });
    expect(patched.activated).toBe(false);
    const entries = await auditEntriesOf(platform, 'thing', Number(thing.id));
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'update']);
    expect(JSON.parse(entries[1]?.changes ?? '[]')).toContainEqual({
      field: 'activated',
      before: 1,
      after: 0,
    });
    const unknown = await platform.expectResponse('/thing/99999/activate', UNKNOWN_RECORD, 'POST');
    expect(unknown.message).toBe('ThingId[99999] not found');
    // the viewer reads things but may not change them
    const viewer = await platform.client.login('viewer');
    await platform.expectResponseAs(
      viewer.token,
      `/thing/${String(thing.id)}/deactivate`,
      403,
      'POST',
    );
  });

  it('testSelectTree: GET /thing/tree twice', async () => {
    await platform.expectResponse('/thing/tree', 200, 'GET');
    await platform.expectResponse('/thing/tree', 200, 'GET');
  });

  it.skip(`testRuleValidation — ${REFUSED_BY_SNAPSHOT}; and the snapshot has no POST /thing/{id}/{fieldId}/validate (no such path in ThingController)`, () => {});
});
