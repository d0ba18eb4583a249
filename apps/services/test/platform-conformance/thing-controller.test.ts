// Ported from the real platform's ThingControllerTest.java (one case per real @Test; see harness.ts).
//
// Most of its cases create things with `{name, serial, fields, parent.id, group.id}`, a body of an
// older API: the snapshot's own PUT /thing (ThingController.create → ThingsService.create) requires
// `thingTypeCode` and refuses that body with 400, so those cases are skipped as the real platform
// itself would refuse them. Portico's tests of the snapshot's actual form (`{group: ">A>B",
// thingTypeCode, name, serialNumber, udfs}`) are in platform-conventions.test.ts.
import { describe, expect, it } from 'vitest';
import type { JsonMap } from './harness.ts';
import { UNKNOWN_RECORD, millis, usePlatform } from './harness.ts';

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
  'the snapshot itself refuses its create body (PUT /thing without thingTypeCode → 400)';

describe('ThingControllerTest (real platform)', () => {
  it('testListThing', async () => {
    await platform.expectResponse('/thing', 200, 'GET');
  });

  it.skip('testListThingPlusFields — needs extra=parent: Portico does not model parent things (extra=group alone is in platform-conventions.test.ts)', () => {});

  it('testGetThing', async () => {
    await platform.expectResponse('/thing/1', 200, 'GET');
  });

  it.skip('testGetThingPlusFields — needs extra=parent: Portico does not model parent things (extra=group, "group," and group.groupType are in platform-conventions.test.ts)', () => {});

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

  it.skip('testDuplicatedNamesOnCreate — @Ignore in the real repository', () => {});

  it.skip('testDuplicatedNamesOnUpdate — @Ignore in the real repository', () => {});

  it.skip(`testTreeLevelHigherThanTwo — ${REFUSED_BY_SNAPSHOT}`, () => {});

  it.skip(`testCreateThing — ${REFUSED_BY_SNAPSHOT}`, () => {});

  it.skip(`testUpdateThing — ${REFUSED_BY_SNAPSHOT}`, () => {});

  it.skip(`testActivate — ${REFUSED_BY_SNAPSHOT}; and POST /thing/{id}/activate is not in Portico`, () => {});

  it.skip(`testDeactivate — ${REFUSED_BY_SNAPSHOT}; and POST /thing/{id}/deactivate is not in Portico`, () => {});

  it('testSelectTree: GET /thing/tree twice', async () => {
    await platform.expectResponse('/thing/tree', 200, 'GET');
    await platform.expectResponse('/thing/tree', 200, 'GET');
  });

  it.skip(`testRuleValidation — ${REFUSED_BY_SNAPSHOT}; and the Lua rule validation (POST /thing/{id}/{field}/validate) is not in Portico`, () => {});
});
