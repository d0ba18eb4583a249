import { describe, expect, it } from 'vitest';
import {
  groupOperations,
  isWrite,
  operationsOf,
  requestPath,
  schemaText,
  shownBody,
  shownHeaders,
} from './api-explorer-state.ts';

const document = {
  openapi: '3.1.0',
  paths: {
    '/thing/{id}': {
      get: {
        summary: 'Read one thing',
        tags: ['thing'],
        parameters: [{ name: 'id', in: 'path', required: true }],
      },
      patch: {
        summary: 'Change a thing',
        tags: ['thing'],
        parameters: [{ name: 'id', in: 'path', required: true }, { name: 'bad' }],
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
    '/thing': {
      get: {
        summary: 'List things',
        tags: ['thing'],
        parameters: [
          { name: 'pageSize', in: 'query', required: false },
          { name: 'mode', in: 'query', required: true },
        ],
      },
    },
    '/zone': { get: { tags: 'not a list', parameters: 'none' }, head: { summary: 'ignored' } },
    '/broken': 'not an item',
  },
};

describe('the API explorer state', () => {
  const operations = operationsOf(document);

  it('reads the operations by path then method, leaving out what is malformed', () => {
    expect(operations.map((operation) => operation.key)).toEqual([
      'GET /thing',
      'GET /thing/{id}',
      'PATCH /thing/{id}',
      'GET /zone',
    ]);
    expect(operations[2]?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: undefined },
    ]);
    expect(operations[2]?.body).toEqual({ type: 'object' });
    expect(operations[1]?.body).toBeUndefined();
    expect(operations[3]).toMatchObject({ summary: '', tag: '', parameters: [] });
    expect(operationsOf(null)).toEqual([]);
    expect(operationsOf({ paths: [] })).toEqual([]);
  });

  it.each([
    ['', ['', 'thing'], 4],
    ['thing', ['thing'], 3],
    ['PATCH thing', ['thing'], 1],
    ['list', ['thing'], 1],
    ['nothing here', [], 0],
  ])('groups by tag what matches %j', (search, tags, count) => {
    const groups = groupOperations(operations, search);
    expect(groups.map(([tag]) => tag)).toEqual(tags);
    expect(groups.flatMap(([, members]) => members)).toHaveLength(count);
  });

  it.each([
    ['GET', false],
    ['HEAD', false],
    ['POST', true],
    ['DELETE', true],
  ])('%s is a write: %s', (method, write) => expect(isWrite(method)).toBe(write));

  it('builds the request path from the values', () => {
    const [list, read] = operations;
    expect(requestPath(read!, { 'path.id': ' 7 ' })).toEqual({ path: '/thing/7', missing: [] });
    expect(requestPath(read!, { 'path.id': 'a/b' }).path).toBe('/thing/a%2Fb');
    expect(requestPath(read!, {})).toEqual({ path: '/thing/', missing: ['id'] });
    expect(requestPath(list!, { 'query.pageSize': '5', 'query.mode': 'x y' })).toEqual({
      path: '/thing?pageSize=5&mode=x+y',
      missing: [],
    });
    expect(requestPath(list!, { 'query.pageSize': '' })).toEqual({
      path: '/thing',
      missing: ['mode'],
    });
  });

  it('shows the headers that matter, in a fixed order', () => {
    expect(
      shownHeaders([
        ['X-Request-Id', 'r1'],
        ['set-cookie', 'secret'],
        ['Content-Type', 'application/json'],
      ]),
    ).toEqual([
      ['content-type', 'application/json'],
      ['x-request-id', 'r1'],
    ]);
  });

  it('pretty-prints a JSON body and cuts a long one', () => {
    expect(shownBody('{"a":1}')).toEqual({ text: '{\n  "a": 1\n}', cut: false });
    expect(shownBody('plain text')).toEqual({ text: 'plain text', cut: false });
    expect(shownBody('"abcdef"', 4)).toEqual({ text: '"abc', cut: true });
    expect(schemaText({ type: 'string' })).toBe('{\n  "type": "string"\n}');
  });
});
