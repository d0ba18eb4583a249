// Portico's own tests of the real platform's conventions (API.md, "Compatibility with the real
// platform"): PUT create, dotted references and lenient keys, PUT /thing's platform form, list
// queries (where, order, pageSize, extra, only, visibility), trees, and the platform's error text.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';

type JsonMap = Record<string, unknown>;
interface Page {
  total: number;
  results: JsonMap[];
  truncated?: boolean;
  cap?: number;
}

let client: TestClient;
const tokens = {} as Record<'root' | 'admin' | 'operator', string>;
const groups = {} as Record<'root' | 'acme' | 'north' | 'south' | 'globex', number>;

async function json(response: Response, status: number): Promise<JsonMap> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? (JSON.parse(text) as JsonMap) : {};
}

async function list(path: string, token = tokens.root): Promise<Page> {
  return (await json(await client.call('GET', path, { token }), 200)) as unknown as Page;
}

beforeAll(async () => {
  client = await createTestClient();
  for (const name of ['root', 'admin', 'operator'] as const)
    tokens[name] = (await client.login(name)).token;
  const all = await list('/group?pageSize=-1');
  for (const group of all.results) {
    const key = {
      root: 'root',
      acme: 'acme',
      'acme-north': 'north',
      'acme-south': 'south',
      globex: 'globex',
    }[String(group.code)] as keyof typeof groups | undefined;
    if (key) groups[key] = Number(group.id);
  }
});

describe('create by PUT on the collection', () => {
  it('answers 201, maps dotted references, skips unknown keys and names them, and audits the create', async () => {
    for (const path of ['/zoneType', '/zoneType/']) {
      const response = await client.call('PUT', path, {
        token: tokens.admin,
        body: {
          name: `Yard ${path.length}`,
          code: `yard${path.length}`,
          'group.id': groups.north,
          fields: [],
          parent: null,
        },
      });
      expect(response.headers.get('X-Portico-Skipped-Fields')).toBe('fields,parent');
      const created = await json(response, 201);
      expect(created.groupId).toBe(groups.north);
      const audit = (
        await list(`/auditEntry?resource=zoneType&record=${String(created.id)}`, tokens.admin)
      ).results;
      expect(audit.map((entry) => entry.action)).toEqual(['create']);
      expect(audit[0]?.recordName).toBe(created.name);
    }
  });

  it('a create that fails validation writes nothing and no audit entry', async () => {
    const before = (await list('/auditEntry?resource=zoneType', tokens.admin)).total;
    await json(
      await client.call('PUT', '/zoneType', {
        token: tokens.admin,
        body: { 'group.id': groups.north },
      }),
      400,
    );
    expect((await list('/auditEntry?resource=zoneType', tokens.admin)).total).toBe(before);
  });

  it('POST stays strict (an unknown key is a 400) but takes dotted references too', async () => {
    const refused = await json(
      await client.call('POST', '/zoneType', {
        token: tokens.admin,
        body: { name: 'Dock 9', colour: 'red' },
      }),
      400,
    );
    expect(refused.fields).toEqual({ colour: 'unknown field' });
    const created = await json(
      await client.call('POST', '/zoneType', {
        token: tokens.admin,
        body: { name: 'Dock 9', 'group.id': groups.south },
      }),
      201,
    );
    expect(created.groupId).toBe(groups.south);
  });

  it('PUT /thing takes the platform form: group path, thingTypeCode, serialNumber, udfs', async () => {
    const types = await list('/thingType?pageSize=-1', tokens.admin);
    const type = types.results.find((row) => row.code);
    const response = await client.call('PUT', '/thing', {
      token: tokens.admin,
      body: {
        group: '>acme>acme-north',
        thingTypeCode: type?.code,
        name: 'Forklift 77',
        serialNumber: 'FL-77',
        udfs: { status: { value: 'maintenance' } },
        time: '123456789',
      },
    });
    // other udfs are the thing type's attribute values (thing-attributes.test.ts)
    expect(response.headers.get('X-Portico-Skipped-Fields')).toBe('time');
    const thing = await json(response, 201);
    expect(thing).toMatchObject({
      name: 'Forklift 77',
      serial: 'FL-77',
      groupId: groups.north,
      thingTypeId: type?.id,
      status: 'maintenance',
    });
    const audit = (
      await list(`/auditEntry?resource=thing&record=${String(thing.id)}`, tokens.admin)
    ).results;
    expect(audit.map((entry) => entry.action)).toEqual(['create']);
  });

  it('PUT /thing refuses a group path or thing type code it cannot resolve, with the platform text', async () => {
    const refused = async (group: string, thingTypeCode: string) =>
      json(
        await client.call('PUT', '/thing', {
          token: tokens.admin,
          body: { group, thingTypeCode, name: 'A', serialNumber: 'A' },
        }),
        400,
      );
    expect((await refused('>acme>nowhere', 'x')).message).toBe('Invalid group [>acme>nowhere]');
    // another tenant's group path is no group for this caller
    await refused('>globex', 'x');
    expect((await refused('>acme', 'no-such-type')).message).toBe(
      'Invalid thingTypeCode [no-such-type]',
    );
  });
});

describe('errors carry the platform message beside Portico’s error and requestId', () => {
  it('bad credentials: 401 (the console depends on it) with the platform text', async () => {
    const body = await json(
      await client.call('POST', '/user/login', { body: { username: 'admin', password: 'wrong' } }),
      401,
    );
    expect(body.error).toBe('Invalid username or password');
    expect(body.message).toBe('Username and/or password incorrect.');
    expect(typeof body.requestId).toBe('string');
  });

  it('an unknown record: 404 with `<Model>Id[n] not found`', async () => {
    const body = await json(
      await client.call('GET', '/zoneGroup/424242', { token: tokens.root }),
      404,
    );
    expect(body.message).toBe('ZoneGroupId[424242] not found');
  });
});

describe('list queries', () => {
  it('pageSize defaults to 10; -1 answers every row within the cap; 0 is refused', async () => {
    const page = await list('/thing');
    expect(page.results).toHaveLength(10);
    expect(page.total).toBeGreaterThan(10);
    const all = await list('/thing?pageSize=-1');
    expect(all.results).toHaveLength(all.total);
    expect(all.truncated).toBeUndefined();
    await json(await client.call('GET', '/thing?pageSize=0', { token: tokens.root }), 400);
    // the trailing-slash path lists too
    expect((await list('/thing/?pageSize=5')).results).toHaveLength(5);
  });

  it('order needs :asc or :desc (400 otherwise) and takes reference paths', async () => {
    const refused = await json(
      await client.call('GET', '/thing?order=name', { token: tokens.root }),
      400,
    );
    expect(String(refused.error)).toContain(':asc');
    const desc = (await list('/thing?pageSize=-1&order=name:desc')).results.map((row) =>
      String(row.name),
    );
    expect(desc).toEqual([...desc].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const byGroup = (await list('/thing?pageSize=-1&order=group.id:desc')).results.map((row) =>
      Number(row.groupId),
    );
    expect(byGroup).toEqual([...byGroup].sort((a, b) => b - a));
  });

  it('where: conditions, escapes, null, parentheses and the group subtree', async () => {
    const all = (await list('/thing?pageSize=-1')).results;
    const name = String(all[0]?.name);
    const exact = await list(`/thing?pageSize=-1&where=${encodeURIComponent(`name=${name}`)}`);
    expect(exact.results.map((row) => row.name)).toEqual(
      all.filter((row) => row.name === name).map((row) => row.name),
    );
    const acmeTree = [groups.acme, groups.north, groups.south];
    const subtree = await list(
      `/thing?pageSize=-1&where=${encodeURIComponent(`group<${groups.acme}`)}`,
    );
    expect(subtree.total).toBe(all.filter((row) => acmeTree.includes(Number(row.groupId))).length);
    expect(subtree.total).toBeGreaterThan(0);
    const noZone = await list(`/thing?pageSize=-1&where=${encodeURIComponent('zone.id=\\N')}`);
    expect(noZone.total).toBe(all.filter((row) => row.zoneId === null).length);
    const combined = await list(
      `/thing?pageSize=-1&where=${encodeURIComponent(`!(group.id=${groups.north})&(status=active|status=lost)`)}`,
    );
    expect(combined.total).toBe(
      all.filter(
        (row) => row.groupId !== groups.north && (row.status === 'active' || row.status === 'lost'),
      ).length,
    );
    const injection = await list(
      `/thing?pageSize=-1&where=${encodeURIComponent("name=' OR 1=1 --")}`,
    );
    expect(injection.total).toBe(0);
  });

  it('where: bad input is a 400 naming the position', async () => {
    const cases: Array<[string, number, string]> = [
      ['(name=a', 7, 'expected ")"'],
      ['name=a&', 7, 'expected a condition'],
      ['nosuch=1', 0, 'not a field of this list'],
      ['id<abc', 0, 'is not a number'],
      ['name<3', 0, 'compares numbers'],
      ['name=a)', 6, 'unexpected ")"'],
      ['passwordHash=x', 0, 'not a field'],
    ];
    for (const [where, position, text] of cases) {
      const body = await json(
        await client.call('GET', `/thing?where=${encodeURIComponent(where)}`, {
          token: tokens.root,
        }),
        400,
      );
      expect(body.position, where).toBe(position);
      expect(String(body.error), where).toContain(text);
    }
    const users = await json(
      await client.call('GET', `/user?where=${encodeURIComponent('passwordHash~%')}`, {
        token: tokens.root,
      }),
      400,
    );
    expect(String(users.error)).toContain('not a field');
  });

  it('extra expands references (and the flat legacy keys); only keeps the named keys, id and extras', async () => {
    const page = await list('/thing?pageSize=2&extra=group,thingType,group.groupType&only=name');
    for (const row of page.results) {
      expect(Object.keys(row).sort()).toEqual(
        ['group', 'group.groupType', 'id', 'name', 'thingType'].sort(),
      );
      expect((row.group as JsonMap).code).toBeTruthy();
      expect((row.group as JsonMap).groupType).toEqual(row['group.groupType']);
      expect((row['group.groupType'] as JsonMap).name).toBeTruthy();
      expect((row.thingType as JsonMap).code).toBeDefined();
    }
    const one = await json(
      await client.call('GET', `/thing/${String(page.results[0]?.id)}?extra=group,`, {
        token: tokens.root,
      }),
      200,
    );
    expect((one.group as JsonMap).hierarchyCode).toBeTruthy();
    await json(await client.call('GET', '/thing?extra=parentqwe', { token: tokens.root }), 400);
  });

  it('visibilityGroupId, downVisibility and upVisibility narrow a list within what the caller reads', async () => {
    const only = await list(
      `/thing?pageSize=-1&visibilityGroupId=${groups.north}&downVisibility=false`,
      tokens.admin,
    );
    expect(only.total).toBeGreaterThan(0);
    expect(new Set(only.results.map((row) => row.groupId))).toEqual(new Set([groups.north]));
    const own = await list('/thing?pageSize=-1&downVisibility=false', tokens.admin);
    expect(own.results.every((row) => row.groupId === groups.acme)).toBe(true);
    // the operator (North DC) cannot look from Acme's group
    await json(
      await client.call('GET', `/thing?visibilityGroupId=${groups.acme}`, {
        token: tokens.operator,
      }),
      403,
    );
    // thing types are shared downwards: the operator reads Acme's, unless upVisibility=false
    const shared = await list('/thingType?pageSize=-1', tokens.operator);
    expect(shared.total).toBeGreaterThan(0);
    const ownTypes = await list('/thingType?pageSize=-1&upVisibility=false', tokens.operator);
    expect(ownTypes.results.every((row) => row.groupId === groups.north)).toBe(true);
    expect(ownTypes.total).toBeLessThan(shared.total);
  });

  it('trees: groups nest by parent; other resources answer their rows as roots', async () => {
    const tree = await list('/group/tree');
    expect(tree.results.map((row) => row.code)).toEqual(['root']);
    const rootChildren = (tree.results[0]?.children ?? []) as JsonMap[];
    const acme = rootChildren.find((row) => row.code === 'acme');
    expect(((acme?.children ?? []) as JsonMap[]).map((row) => row.code).sort()).toEqual([
      'acme-north',
      'acme-south',
    ]);
    const top = await list(`/group/tree?topId=${groups.acme}`);
    expect(top.results.map((row) => row.code)).toEqual(['acme']);
    for (const path of ['/groupType/tree', '/thing/tree', '/thingType/tree', '/zone/tree']) {
      const answer = await list(path, tokens.admin);
      expect(answer.results.length, path).toBeGreaterThan(0);
      expect(
        answer.results.every((row) => Array.isArray(row.children)),
        path,
      ).toBe(true);
    }
  });
});
