// Thing attributes over real HTTP: a thing type's attributes read with thingtype:r and changed with
// thingtype:u, tenant-isolated, checked by core's rule and audited; a thing's values checked against
// its type on every write path (POST, PATCH, PUT, the platform's PUT form, bulk update, CSV import),
// a refused write writing nothing; a type change re-checked; an attribute with values kept unless
// its values go with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, roleActionStatuses } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
const USERS = ['root', 'admin', 'operator', 'viewer', 'nobody', 'globex'] as const;
type User = (typeof USERS)[number];
const tokens = {} as Record<User, string>;
const types = {} as Record<'pallet' | 'forklift' | 'tote' | 'container' | 'globex', number>;

type Json = Record<string, unknown>;
interface Refusal {
  error: string;
  fields?: Record<string, string>;
  count?: number;
}

async function json<T = Json>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const call = (method: string, path: string, body?: unknown, token = tokens.admin) =>
  client.call(method, path, { token, body });

async function fieldsOf(type: number, token = tokens.admin) {
  return (
    await json<{ results: Array<Json & { id: number; name: string }> }>(
      await call('GET', `/thingType/${type}/fields`, undefined, token),
      200,
    )
  ).results;
}

async function addField(type: number, body: Json) {
  return json<Json & { id: number }>(await call('POST', `/thingType/${type}/fields`, body), 201);
}

async function thingTotal(): Promise<number> {
  return (await json<{ total: number }>(await call('GET', '/thing?pageSize=1'), 200)).total;
}

let serial = 0;
const newThing = (type: number, extra: Json = {}) => ({
  name: `Attribute test ${++serial}`,
  serial: `ATTR-${serial}`,
  thingTypeId: type,
  ...extra,
});

beforeAll(async () => {
  client = await createTestClient();
  for (const name of USERS) tokens[name] = (await client.login(name)).token;
  const list = await json<{ results: Array<{ id: number; code: string }> }>(
    await call('GET', '/thingType?pageSize=-1'),
    200,
  );
  const byCode = (code: string) => list.results.find((row) => row.code === code)!.id;
  types.pallet = byCode('pallet');
  types.forklift = byCode('forklift');
  types.tote = byCode('tote');
  types.container = byCode('container');
  const globexTypes = await json<{ results: Array<{ id: number }> }>(
    await call('GET', '/thingType?pageSize=1', undefined, tokens.globex),
    200,
  );
  types.globex = globexTypes.results[0]!.id;
});
afterAll(async () => {
  await client.services.close();
});

describe('the seed', () => {
  it('gives Acme’s pallets and forklifts attributes, and their things values', async () => {
    const pallet = await fieldsOf(types.pallet);
    expect(pallet.map((field) => [field.name, field.dataType, field.symbol])).toEqual([
      ['weight', 'NUMBER', 'kg'],
      ['grade', 'ENUMERATION', ''],
    ]);
    expect((await fieldsOf(types.forklift))[0]).toMatchObject({
      name: 'batteryLevel',
      dataType: 'INTEGER',
      symbol: '%',
      minimum: 0,
      maximum: 100,
      label: { en: 'Battery level', es: 'Nivel de batería' },
    });
    const things = await json<{ results: Array<{ udfs: Json }> }>(
      await call('GET', `/thing?thingTypeId=${types.pallet}&pageSize=3`),
      200,
    );
    for (const thing of things.results) {
      expect(typeof thing.udfs.weight).toBe('number');
      expect(['A', 'B', 'C']).toContain(thing.udfs.grade);
    }
    expect(await fieldsOf(types.globex, tokens.globex)).toEqual([]);
  });
});

describe('attributes: every role × action', () => {
  it.each<[User, number, number, number, number]>([
    ['admin', 200, 201, 200, 200],
    ['root', 200, 201, 200, 200],
    ['operator', 200, 403, 403, 403],
    ['viewer', 200, 403, 403, 403],
    ['nobody', 403, 403, 403, 403],
    // another tenant's thing type does not exist for it
    ['globex', 404, 404, 404, 404],
  ])('%s: list %i, add %i, change %i, delete %i', async (user, list, add, change, remove) => {
    const answered = await roleActionStatuses(
      client,
      tokens[user],
      `/thingType/${types.tote}/fields`,
      { name: `by_${user}`, dataType: 'TEXT' },
      () => addField(types.tote, { name: `for_${user}`, dataType: 'TEXT' }),
      { unit: 'm' },
    );
    expect(answered).toEqual({ list, create: add, update: change, remove });
    const names = (await fieldsOf(types.tote)).map((field) => field.name);
    expect(names.includes(`by_${user}`)).toBe(add === 201);
    expect(names.includes(`for_${user}`)).toBe(remove !== 200);
  });

  it('globex neither reads Acme’s attributes nor writes Acme’s things', async () => {
    const [weight] = await fieldsOf(types.pallet);
    expect(
      (await call('GET', `/thingType/${types.pallet}/fields`, undefined, tokens.globex)).status,
    ).toBe(404);
    expect(
      (
        await call(
          'DELETE',
          `/thingType/${types.pallet}/fields/${weight!.id}`,
          undefined,
          tokens.globex,
        )
      ).status,
    ).toBe(404);
    // an Acme thing type named by a globex thing: the references refuse it, naming no attribute
    const refused = await json<Refusal>(
      await call('POST', '/thing', newThing(types.pallet, { udfs: { nothing: 1 } }), tokens.globex),
      400,
    );
    expect(refused.fields).toEqual({ thingTypeId: `no thingType ${types.pallet}` });
    // a globex field id under Acme's type is no attribute of it
    const { id } = await json<{ id: number }>(
      await call(
        'POST',
        `/thingType/${types.globex}/fields`,
        { name: 'serialTag', dataType: 'TEXT' },
        tokens.globex,
      ),
      201,
    );
    expect(
      (await call('PATCH', `/thingType/${types.pallet}/fields/${id}`, { unit: 'x' })).status,
    ).toBe(404);
  });
});

describe('attribute definitions are checked by core’s rule', () => {
  it.each<[string, Json, string, string]>([
    ['an unsafe name', { name: 'my weight', dataType: 'TEXT' }, 'name', 'must start with a letter'],
    ['a reserved name', { name: 'serial', dataType: 'TEXT' }, 'name', 'a thing uses itself'],
    ['a taken name', { name: 'Weight', dataType: 'TEXT' }, 'name', 'another attribute'],
    ['an unknown type', { name: 'x1', dataType: 'COLOUR' }, 'dataType', 'must be one of TEXT'],
    [
      'an enumeration of nothing',
      { name: 'x2', dataType: 'ENUMERATION' },
      'allowedValues',
      'at least one',
    ],
    [
      'bounds upside down',
      { name: 'x3', dataType: 'NUMBER', minimum: 5, maximum: 1 },
      'maximum',
      'below the minimum',
    ],
    [
      'a default out of bounds',
      { name: 'x4', dataType: 'INTEGER', maximum: 5, defaultValue: 9 },
      'defaultValue',
      'at most 5',
    ],
  ])('%s: 400 naming the field, nothing written', async (_name, body, field, text) => {
    const before = (await fieldsOf(types.pallet)).length;
    const refused = await json<Refusal>(
      await call('POST', `/thingType/${types.pallet}/fields`, body),
      400,
    );
    expect(refused.fields?.[field]).toContain(text);
    expect(refused.error).toContain(`Invalid body: ${field}`);
    expect(await fieldsOf(types.pallet)).toHaveLength(before);
  });

  it('is audited: create, update, delete, order, each with its fields', async () => {
    const type = types.container;
    const a = await addField(type, {
      name: 'sealNumber',
      label: { en: 'Seal', fr: 'Scellé' },
      dataType: 'TEXT',
      maxLength: 12,
    });
    const b = await addField(type, { name: 'inspected', dataType: 'BOOLEAN' });
    expect(a.position).toBe(0);
    expect(b.position).toBe(1);
    await json(await call('PATCH', `/thingType/${type}/fields/${a.id}`, { maxLength: 20 }), 200);
    const reordered = await json<{ results: Array<{ name: string }> }>(
      await call('POST', `/thingType/${type}/fields/reorder`, { order: [b.id, a.id] }),
      200,
    );
    expect(reordered.results.map((field) => field.name)).toEqual(['inspected', 'sealNumber']);
    expect(
      (await call('POST', `/thingType/${type}/fields/reorder`, { order: [b.id] })).status,
    ).toBe(400);
    await json(await call('DELETE', `/thingType/${type}/fields/${b.id}`), 200);
    const log = await json<{
      results: Array<{ action: string; recordName: string; changes: Json[] }>;
    }>(await call('GET', '/auditEntry?resource=thingTypeField&pageSize=50'), 200);
    const mine = log.results.filter((entry) => entry.recordName.startsWith('Container'));
    expect(mine.map((entry) => entry.action).sort()).toEqual([
      'create',
      'create',
      'delete',
      'update',
      'update',
    ]);
    const update = mine.find(
      (entry) =>
        entry.action === 'update' && entry.changes.some((change) => change.field === 'maxLength'),
    );
    expect(update?.changes).toContainEqual({ field: 'maxLength', before: 12, after: 20 });
    // globex's audit trail has none of it
    const globexLog = await json<{ results: Array<{ recordName: string }> }>(
      await call(
        'GET',
        '/auditEntry?resource=thingTypeField&pageSize=50',
        undefined,
        tokens.globex,
      ),
      200,
    );
    expect(globexLog.results.some((entry) => entry.recordName.startsWith('Container'))).toBe(false);
  });
});

describe('a thing’s values, on every write path', () => {
  it('POST: typed, defaults given, answered by GET and the list', async () => {
    const created = await json<{ id: number; udfs: Json }>(
      await call('POST', '/thing', newThing(types.pallet, { udfs: { weight: '250.5' } })),
      201,
    );
    expect(created.udfs).toEqual({ weight: 250.5, grade: 'A' });
    const read = await json<{ udfs: Json }>(await call('GET', `/thing/${created.id}`), 200);
    expect(read.udfs).toEqual({ weight: 250.5, grade: 'A' });
    const listed = await json<{ results: Array<{ udfs: Json }> }>(
      await call('GET', `/thing?filter=ATTR-${serial}&pageSize=5`),
      200,
    );
    expect(listed.results.find(Boolean)?.udfs).toBeDefined();
  });

  it.each<[string, Json, string, string]>([
    [
      'an unknown attribute',
      { colour: 'red' },
      'udfs.colour',
      'is not an attribute of this thing type',
    ],
    ['a wrong type', { weight: 'heavy' }, 'udfs.weight', 'must be a number'],
    ['out of bounds', { weight: 5000 }, 'udfs.weight', 'must be at most 2000'],
    ['a value not allowed', { grade: 'Z' }, 'udfs.grade', 'must be one of: A, B, C'],
  ])(
    '%s: 400 naming it on POST, PATCH and PUT; nothing written',
    async (_name, udfs, field, text) => {
      const before = await thingTotal();
      const onCreate = await json<Refusal>(
        await call('POST', '/thing', newThing(types.pallet, { udfs: { grade: 'B', ...udfs } })),
        400,
      );
      expect(onCreate.fields?.[field]).toBe(text);
      expect(onCreate.error).toBe(`Invalid body: ${field}: ${text}`);
      expect(await thingTotal()).toBe(before);
      const thing = await json<{ id: number; udfs: Json; name: string }>(
        await call('POST', '/thing', newThing(types.pallet, { udfs: { weight: 10 } })),
        201,
      );
      const patched = await json<Refusal>(
        await call('PATCH', `/thing/${thing.id}`, {
          name: 'Changed',
          udfs: { ...thing.udfs, ...udfs },
        }),
        400,
      );
      expect(patched.fields?.[field]).toBe(text);
      const put = await json<Refusal>(
        await call('PUT', `/thing/${thing.id}`, {
          ...newThing(types.pallet),
          udfs: { ...thing.udfs, ...udfs },
        }),
        400,
      );
      expect(put.fields?.[field]).toBe(text);
      const after = await json<{ name: string; udfs: Json }>(
        await call('GET', `/thing/${thing.id}`),
        200,
      );
      expect(after).toMatchObject({ name: thing.name, udfs: thing.udfs });
    },
  );

  it('a required attribute without a default refuses a thing that lacks it', async () => {
    const field = await addField(types.tote, { name: 'binCode', dataType: 'TEXT', required: true });
    const refused = await json<Refusal>(await call('POST', '/thing', newThing(types.tote)), 400);
    expect(refused.fields).toEqual({ 'udfs.binCode': 'is required' });
    const ok = await json<{ udfs: Json; id: number }>(
      await call('POST', '/thing', newThing(types.tote, { udfs: { binCode: 'T-1' } })),
      201,
    );
    expect(ok.udfs).toEqual({ binCode: 'T-1' });
    // a write of other fields leaves the values alone; clearing the value is refused
    await json(await call('PATCH', `/thing/${ok.id}`, { status: 'maintenance' }), 200);
    const cleared = await json<Refusal>(
      await call('PATCH', `/thing/${ok.id}`, { udfs: { binCode: '' } }),
      400,
    );
    expect(cleared.fields).toEqual({ 'udfs.binCode': 'is required' });
    await json(
      await call('DELETE', `/thingType/${types.tote}/fields/${field.id}?removeValues=true`),
      200,
    );
  });

  it('the platform’s PUT form: udfs are attribute values, checked the same', async () => {
    const body = (udfs: Json) => ({
      group: '>acme>acme-north',
      thingTypeCode: 'pallet',
      name: `Platform pallet ${++serial}`,
      serialNumber: `PF-${serial}`,
      udfs,
    });
    const created = await json<{ udfs: Json; status: string }>(
      await call(
        'PUT',
        '/thing',
        body({ status: { value: 'maintenance' }, weight: { value: 42 } }),
      ),
      201,
    );
    expect(created).toMatchObject({ status: 'maintenance', udfs: { weight: 42, grade: 'A' } });
    const before = await thingTotal();
    const refused = await json<Refusal>(
      await call('PUT', '/thing', body({ colour: { value: 'red' } })),
      400,
    );
    expect(refused.fields).toEqual({ 'udfs.colour': 'is not an attribute of this thing type' });
    expect(await thingTotal()).toBe(before);
  });

  it('bulk update: each thing checked, a refused one unchanged', async () => {
    const a = await json<{ id: number }>(
      await call('POST', '/thing', newThing(types.pallet, { udfs: { weight: 1 } })),
      201,
    );
    const b = await json<{ id: number }>(
      await call('POST', '/thing', newThing(types.pallet, { udfs: { weight: 2 } })),
      201,
    );
    const result = await json<{
      done: unknown[];
      failed: Array<{ id: number; status: number; error: string }>;
    }>(
      await call('POST', '/thing/bulk', {
        action: 'update',
        ids: [a.id, b.id],
        values: { udfs: { weight: 'x' } },
      }),
      200,
    );
    expect(result.done).toEqual([]);
    expect(result.failed.map((failure) => [failure.status, failure.error])).toEqual([
      [400, 'Invalid body: udfs.weight: must be a number'],
      [400, 'Invalid body: udfs.weight: must be a number'],
    ]);
    expect((await json<{ udfs: Json }>(await call('GET', `/thing/${a.id}`), 200)).udfs.weight).toBe(
      1,
    );
    const ok = await json<{ done: unknown[] }>(
      await call('POST', '/thing/bulk', {
        action: 'update',
        ids: [a.id],
        values: { udfs: { weight: 7, grade: 'C' } },
      }),
      200,
    );
    expect(ok.done).toHaveLength(1);
    expect((await json<{ udfs: Json }>(await call('GET', `/thing/${a.id}`), 200)).udfs).toEqual({
      weight: 7,
      grade: 'C',
    });
  });

  it('CSV import: a new thing takes the defaults; a required value it cannot give refuses its line', async () => {
    const upload = async (csv: string) =>
      json<{ id: number; state: string; problems?: Array<{ line: number; message: string }> }>(
        await client.call('POST', '/importJob?resource=thing&fileName=things.csv', {
          token: tokens.admin,
          rawBody: csv,
          headers: { 'content-type': 'text/csv' },
        }),
        201,
      );
    const field = await addField(types.container, {
      name: 'owner',
      dataType: 'TEXT',
      required: true,
    });
    const refused = await upload(`serial,name,thingType\r\nIMP-1,Imported,container\r\n`);
    expect(refused.state).toBe('invalid');
    expect(refused.problems).toContainEqual({
      line: 2,
      column: 0,
      columnName: 'udfs.owner',
      message: 'is required',
    });
    await json(await call('DELETE', `/thingType/${types.container}/fields/${field.id}`), 200);
    const job = await upload(`serial,name,thingType\r\nIMP-2,Imported pallet,pallet\r\n`);
    expect(job.state).toBe('checked');
    await json(await call('POST', `/importJob/${job.id}/run`), 202);
    let imported: Array<{ udfs: Json }> = [];
    for (let i = 0; i < 200 && imported.length === 0; i += 1) {
      imported = (
        await json<{ results: Array<{ udfs: Json }> }>(
          await call('GET', '/thing?filter=IMP-2'),
          200,
        )
      ).results;
      if (imported.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(imported[0]?.udfs).toEqual({ grade: 'A' });
  });

  it('a type change re-checks the values against the new type', async () => {
    const pallet = await json<{ id: number }>(
      await call('POST', '/thing', newThing(types.pallet, { udfs: { weight: 90 } })),
      201,
    );
    const refused = await json<Refusal>(
      await call('PATCH', `/thing/${pallet.id}`, { thingTypeId: types.forklift }),
      400,
    );
    expect(refused.fields).toEqual({
      'udfs.weight': 'is not an attribute of this thing type',
      'udfs.grade': 'is not an attribute of this thing type',
    });
    expect(
      (await json<{ thingTypeId: number }>(await call('GET', `/thing/${pallet.id}`), 200))
        .thingTypeId,
    ).toBe(types.pallet);
    const moved = await json<{ thingTypeId: number; udfs: Json }>(
      await call('PATCH', `/thing/${pallet.id}`, {
        thingTypeId: types.forklift,
        udfs: { batteryLevel: '80' },
      }),
      200,
    );
    expect(moved).toMatchObject({ thingTypeId: types.forklift, udfs: { batteryLevel: 80 } });
  });
});

describe('changing or deleting an attribute that things hold values of', () => {
  it('a delete is refused naming the count, unless the values go with it', async () => {
    const type = types.tote;
    const field = await addField(type, {
      name: 'colourTag',
      dataType: 'ENUMERATION',
      allowedValues: ['red', 'blue'],
    });
    const holders = [];
    for (const value of ['red', 'blue'])
      holders.push(
        await json<{ id: number }>(
          await call('POST', '/thing', newThing(type, { udfs: { colourTag: value } })),
          201,
        ),
      );
    // narrowing the allowed values would refuse a stored value
    const narrowed = await json<Refusal>(
      await call('PATCH', `/thingType/${type}/fields/${field.id}`, { allowedValues: ['red'] }),
      409,
    );
    expect(narrowed).toMatchObject({
      error: '1 thing hold a value of colourTag this definition refuses',
      count: 1,
    });
    const renamed = await json<Refusal>(
      await call('PATCH', `/thingType/${type}/fields/${field.id}`, { name: 'tagColour' }),
      409,
    );
    expect(renamed.count).toBe(2);
    const refused = await json<Refusal>(
      await call('DELETE', `/thingType/${type}/fields/${field.id}`),
      409,
    );
    expect(refused).toMatchObject({
      error:
        '2 things hold a value of colourTag: delete with removeValues=true to remove the values too',
      count: 2,
    });
    expect((await fieldsOf(type)).some((row) => row.id === field.id)).toBe(true);
    const removed = await json<{ valuesRemoved: number }>(
      await call('DELETE', `/thingType/${type}/fields/${field.id}?removeValues=true`),
      200,
    );
    expect(removed.valuesRemoved).toBe(2);
    for (const holder of holders)
      expect(
        (await json<{ udfs: Json }>(await call('GET', `/thing/${holder.id}`), 200)).udfs,
      ).toEqual({});
    const log = await json<{
      results: Array<{ action: string; recordId: number; changes: Json[] }>;
    }>(await call('GET', `/auditEntry?resource=thingTypeField&record=${field.id}`), 200);
    expect(log.results.find((entry) => entry.action === 'delete')?.changes).toContainEqual({
      field: 'valuesRemoved',
      after: 2,
    });
  });
});
