// Fuzzing the list filter `where` (src/resources/where-query.ts) with fast-check, through the API:
// (a) injection: any text answers 200 or a 400 naming a position, never a 500 or an SQL error;
// (b) agreement: for random well-formed expressions over the seeded things, the API selects exactly
//     the rows that a reference filter written here in plain TypeScript selects (SQL's three-valued
//     logic included: a comparison with no value is unknown, and so is its negation).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';

type JsonMap = Record<string, unknown>;
type Truth = boolean | null;

let client: TestClient;
let token: string;
let things: JsonMap[];
let hierarchy: Map<number, string>;

beforeAll(async () => {
  client = await createTestClient();
  token = (await client.login('root')).token;
  const read = async (path: string) =>
    ((await (await client.call('GET', path, { token })).json()) as { results: JsonMap[] }).results;
  things = await read('/thing?pageSize=-1');
  hierarchy = new Map(
    (await read('/group?pageSize=-1')).map((g) => [Number(g.id), String(g.hierarchyCode)]),
  );
});

async function select(where: string): Promise<{ status: number; body: JsonMap }> {
  const response = await client.call(
    'GET',
    `/thing?pageSize=-1&where=${encodeURIComponent(where)}`,
    {
      token,
    },
  );
  return { status: response.status, body: (await response.json()) as JsonMap };
}

describe('where: injection', () => {
  const alphabet = fc.constantFrom(
    ...'=~<>&|()!\\%_\'";-*/ .,0123456789abnNlu'.split(''),
    'name',
    'serial',
    'group.id',
    'zone',
    'thingType.id',
    'status',
    'null',
    "' OR 1=1 --",
    '); DROP TABLE things; --',
    '\u0000',
    'é',
  );
  const text = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.array(alphabet, { maxLength: 25 }).map((parts) => parts.join('')),
  );

  it('never answers a 500 or leaks SQL; a 400 names a position', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (where) => {
        const { status, body } = await select(where);
        expect([200, 400], `${where} → ${JSON.stringify(body)}`).toContain(status);
        if (status === 400) {
          expect(
            typeof body.position === 'number' || String(body.error).startsWith('Invalid query'),
          ).toBe(true);
          expect(String(body.error)).not.toMatch(/sqlite|syntax error near|SQL/i);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// ---- (b) agreement -------------------------------------------------------------------------------

type Node =
  | { type: 'and' | 'or'; items: Node[] }
  | { type: 'not'; item: Node }
  | { type: 'cond'; field: string; op: '=' | '~' | '<' | '>'; value: string | null };

const STRING_FIELDS = ['name', 'serial', 'status'] as const;
/** The name a condition uses → the JSON key of the value. */
const NUMBER_FIELDS: Record<string, string> = {
  id: 'id',
  thingTypeId: 'thingTypeId',
  'thingType.id': 'thingTypeId',
  thingType: 'thingTypeId',
  zoneId: 'zoneId',
  'zone.id': 'zoneId',
  groupId: 'groupId',
  'group.id': 'groupId',
  group: 'groupId',
};

/** ASCII-only lower case, as SQLite's lower() and LIKE. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** SQL LIKE (escape `\`, ASCII case folded) as a regular expression. */
function likeRegex(pattern: string): RegExp {
  let source = '';
  const folded = asciiLower(pattern);
  for (let i = 0; i < folded.length; i++) {
    const c = folded.charAt(i);
    if (c === '\\') {
      i++;
      const literal = i < folded.length ? folded.charAt(i) : '\\';
      source += literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

function evaluate(node: Node, row: JsonMap): Truth {
  switch (node.type) {
    case 'and': {
      const values = node.items.map((item) => evaluate(item, row));
      return values.includes(false) ? false : values.includes(null) ? null : true;
    }
    case 'or': {
      const values = node.items.map((item) => evaluate(item, row));
      return values.includes(true) ? true : values.includes(null) ? null : false;
    }
    case 'not': {
      const value = evaluate(node.item, row);
      return value === null ? null : !value;
    }
    case 'cond':
      break;
  }
  const key = NUMBER_FIELDS[node.field] ?? node.field;
  const actual = row[key];
  if (node.value === null) return actual === null || actual === undefined;
  if (actual === null || actual === undefined) {
    if (
      (STRING_FIELDS as readonly string[]).includes(node.field) &&
      node.op === '=' &&
      node.value === ''
    )
      return true;
    return null;
  }
  if (typeof actual === 'string') {
    if (node.op === '=') return node.value === '' ? actual === '' : actual === node.value;
    return likeRegex(node.value).test(asciiLower(actual));
  }
  const value = Number(node.value);
  const number = Number(actual);
  if (node.op === '=') return number === value;
  if (node.op === '>') return number > value;
  if (key === 'groupId')
    return (hierarchy.get(number) ?? '').includes(`>${String(Math.trunc(value))}>`);
  return number < value;
}

/** The where text of a tree: every compound child in parentheses, values escaped. */
function print(node: Node): string {
  const child = (item: Node) =>
    item.type === 'and' || item.type === 'or' ? `(${print(item)})` : print(item);
  switch (node.type) {
    case 'and':
      return node.items.map(child).join('&');
    case 'or':
      return node.items.map(child).join('|');
    case 'not':
      return `!(${print(node.item)})`;
    case 'cond':
      return `${node.field}${node.op}${node.value === null ? '\\N' : node.value.replace(/[\\&|()]/g, '\\$&')}`;
  }
}

function conditions(): fc.Arbitrary<Node> {
  const sample = (key: string) => fc.constantFrom(...things.map((row) => String(row[key] ?? '')));
  const fragment = fc
    .oneof(
      sample('name'),
      sample('serial'),
      sample('name').chain((name) =>
        fc
          .tuple(fc.nat(name.length), fc.nat(name.length))
          .map(([a, b]) => name.slice(Math.min(a, b), Math.max(a, b))),
      ),
      fc.string({ maxLength: 6, unit: fc.constantFrom(...'aeiouAE-_%\\&|() 0123'.split('')) }),
    )
    .filter((value) => value !== 'null');
  const likePattern = fc
    .tuple(fc.boolean(), fragment, fc.boolean())
    .map(([before, middle, after]) => `${before ? '%' : ''}${middle}${after ? '%' : ''}`);
  const text = fc.oneof(
    fc.record({
      type: fc.constant('cond' as const),
      field: fc.constantFrom(...STRING_FIELDS),
      op: fc.constant('=' as const),
      value: fc.oneof(fragment, fc.constantFrom('active', 'maintenance', 'lost', 'retired', '')),
    }),
    fc.record({
      type: fc.constant('cond' as const),
      field: fc.constantFrom(...STRING_FIELDS),
      op: fc.constant('~' as const),
      value: likePattern,
    }),
  );
  const maxId = Math.max(...things.map((row) => Number(row.id)), ...hierarchy.keys()) + 2;
  const number = fc.record({
    type: fc.constant('cond' as const),
    field: fc.constantFrom(...Object.keys(NUMBER_FIELDS)),
    op: fc.constantFrom('=' as const, '<' as const, '>' as const),
    value: fc.oneof(
      fc.integer({ min: -1, max: maxId }).map(String),
      fc.integer({ min: 0, max: maxId * 10 }).map((n) => String(n / 10)),
    ),
  });
  const isNull = fc.record({
    type: fc.constant('cond' as const),
    field: fc.constantFrom('zoneId', 'zone.id', 'name'),
    op: fc.constant('=' as const),
    value: fc.constant(null),
  });
  return fc.oneof(text, number, isNull) as fc.Arbitrary<Node>;
}

function expressions(): fc.Arbitrary<Node> {
  const { tree } = fc.letrec<{ tree: Node }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      conditions(),
      fc.record({
        type: fc.constantFrom('and' as const, 'or' as const),
        items: fc.array(tie('tree'), { minLength: 2, maxLength: 3 }),
      }),
      fc.record({ type: fc.constant('not' as const), item: tie('tree') }),
    ),
  }));
  return tree;
}

describe('where: agreement with a reference filter', () => {
  it('selects exactly the rows the TypeScript filter selects', async () => {
    expect(things.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(expressions(), async (tree) => {
        const where = print(tree);
        const { status, body } = await select(where);
        expect(status, `${where} → ${JSON.stringify(body)}`).toBe(200);
        const got = (body.results as JsonMap[]).map((row) => Number(row.id)).sort((a, b) => a - b);
        const expected = things
          .filter((row) => evaluate(tree, row) === true)
          .map((row) => Number(row.id))
          .sort((a, b) => a - b);
        expect(got, where).toEqual(expected);
      }),
      { numRuns: 250 },
    );
  });
});
