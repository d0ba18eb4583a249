// A group's configuration over real HTTP: GET /group/{id}/fields and PUT /group/{id}/field/{field}.
// Who may read and change it (role × action), that one tenant never reaches another's groups, that
// bad input answers a clear 400 and writes nothing, that every change is audited in its own
// transaction, and that a change reaches every session at once (the cached directory is dropped).
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededClient, countAuditEntries, groupFieldValue } from './helpers.ts';
import type { SeededUser } from './helpers.ts';

interface FieldRow {
  name: string;
  value: string | null;
  parentValue: string | null;
  inheritedFrom: { id: number; name: string } | null;
}

const { client, tokens } = useSeededClient();
let acmeId: number;
let globexId: number;
let northId: number;

const ownValue = (groupId: number, name: string) => groupFieldValue(client, groupId, name);

const auditCount = () => countAuditEntries(client);

const put = (token: string, groupId: number, field: string, body: unknown) =>
  client.call('PUT', `/group/${groupId}/field/${field}`, { token, body });

beforeAll(async () => {
  acmeId = (await client.login('admin')).groupId;
  globexId = (await client.login('globex')).groupId;
  northId = (await client.login('operator')).groupId;
});

describe('who may read and change a group configuration (role × action)', () => {
  // [user, read Acme's settings, change Acme's settings]
  const table: [SeededUser, number, number][] = [
    ['root', 200, 200],
    ['admin', 200, 200],
    ['viewer', 200, 403],
    ['operator', 404, 404], // North DC's tree does not hold Acme
    ['nobody', 403, 403],
    ['globex', 404, 404],
  ];
  it.each(table)('%s: read %i, change %i', async (name, read, change) => {
    const got = await client.call('GET', `/group/${acmeId}/fields`, { token: tokens[name] });
    expect(got.status).toBe(read);
    const before = await ownValue(acmeId, 'sessionTimeout');
    const wanted = before === '30' ? '31' : '30';
    const changed = await put(tokens[name], acmeId, 'sessionTimeout', { value: wanted });
    expect(changed.status, await changed.clone().text()).toBe(change);
    expect(await ownValue(acmeId, 'sessionTimeout')).toBe(change === 200 ? wanted : before);
    if (change !== 200) expect(((await changed.json()) as { error: string }).error).toBeTruthy();
  });

  it('a tenant administrator reads and changes a group below its tenant', async () => {
    const changed = await put(tokens.admin, northId, 'language', { value: 'fr' });
    expect(changed.status).toBe(200);
    expect(await ownValue(northId, 'language')).toBe('fr');
    const removed = await put(tokens.admin, northId, 'language', { value: null });
    expect(await removed.json()).toEqual({
      group: { id: northId, name: 'Acme / North DC' },
      name: 'language',
      value: null,
      parentValue: 'en',
    });
    expect(await ownValue(northId, 'language')).toBeNull();
  });

  it('the root group is not a tenant administrator’s to change', async () => {
    const rootGroup = (await client.login('root')).groupId;
    expect((await put(tokens.admin, rootGroup, 'language', { value: 'es' })).status).toBe(404);
    expect(await ownValue(rootGroup, 'language')).toBe('en');
  });

  it('no token: 401', async () => {
    const response = await client.call('GET', `/group/${acmeId}/fields`);
    expect(response.status).toBe(401);
  });
});

describe('what the page reads: own value, inherited value and where it comes from', () => {
  it('North DC inherits Acme’s time zone and the root’s session timeout is under Acme’s own', async () => {
    const response = await client.call('GET', `/group/${northId}/fields`, { token: tokens.admin });
    const body = (await response.json()) as {
      group: { id: number; name: string };
      parent: { id: number; name: string };
      results: FieldRow[];
    };
    expect(body.group).toMatchObject({ id: northId, name: 'Acme / North DC' });
    expect(body.parent).toEqual({ id: acmeId, name: 'Acme Logistics' });
    const zone = body.results.find((row) => row.name === 'timeZoneConfiguration')!;
    expect(zone).toMatchObject({
      value: null,
      parentValue: 'America/Chicago',
      inheritedFrom: { id: acmeId, name: 'Acme Logistics' },
    });
    const title = body.results.find((row) => row.name === 'vizixVocabularyLabelPlatform')!;
    expect(JSON.parse(title.parentValue!)).toMatchObject({ en: 'Acme Track' });
    expect(body.results.some((row) => row.name === 'passwordHash')).toBe(false);
  });
});

describe('bad input: a clear 400 and nothing written', () => {
  const cases: [string, string, unknown, RegExp][] = [
    [
      'a label map that is not JSON',
      'vizixVocabularyLabelThings',
      { value: '{"en":"Assets"' },
      /not valid JSON/,
    ],
    [
      'a label in an unknown language',
      'vizixVocabularyLabelThings',
      { value: '{"de":"Anlagen"}' },
      /unknown language de/,
    ],
    ['an unknown tab', 'defaultNavBar', { value: 'nowhere' }, /unknown tab/],
    ['a session of no minutes', 'sessionTimeout', { value: '0' }, /whole minutes/],
    [
      'a time zone that does not exist',
      'timeZoneConfiguration',
      { value: 'Mars/Olympus' },
      /time zone/,
    ],
    ['a field that is not a setting', 'passwordHash', { value: 'x' }, /not a setting/],
    ['a body without value', 'language', { language: 'fr' }, /Invalid body/],
    [
      'a script address as a video link',
      'videoTutorials',
      { value: '[{"title":"x","url":"javascript:alert(1)"}]' },
      /https/,
    ],
  ];
  it.each(cases)('%s', async (_label, field, body, message) => {
    const before = await ownValue(acmeId, field);
    const entries = await auditCount();
    const response = await put(tokens.admin, acmeId, field, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(message);
    expect(await ownValue(acmeId, field)).toBe(before);
    expect(await auditCount()).toBe(entries);
  });

  it('a body that is not JSON', async () => {
    const response = await client.call('PUT', `/group/${acmeId}/field/language`, {
      token: tokens.admin,
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
  });
});

describe('audited, and seen by every session at once', () => {
  it('a change appends a field.set entry with before and after in the tenant’s trail', async () => {
    const response = await put(tokens.admin, acmeId, 'vizixVocabularyLabelPlatform', {
      value: { en: 'Acme Tracker', fr: 'Acme Suivi' },
    });
    expect(response.status).toBe(200);
    const trail = await client.call('GET', `/auditEntry?resource=group&record=${acmeId}`, {
      token: tokens.admin,
    });
    const { results } = (await trail.json()) as {
      results: { action: string; user: { username: string }; changes: unknown[] }[];
    };
    expect(results[0]).toMatchObject({
      action: 'field.set',
      user: { username: 'admin' },
      changes: [
        {
          field: 'vizixVocabularyLabelPlatform',
          after: '{"en":"Acme Tracker","fr":"Acme Suivi"}',
        },
      ],
    });
    // Globex's administrator does not see Acme's entry
    const other = await client.call('GET', `/auditEntry?resource=group&record=${acmeId}`, {
      token: tokens.globex,
    });
    expect(((await other.json()) as { total: number }).total).toBe(0);
  });

  it('another signed-in user of the tenant reads the new value on its very next request', async () => {
    const viewer = (await client.login('viewer')).id;
    const ask = async () => {
      const response = await client.call('POST', `/user/${viewer}/inheritedFields?format=map`, {
        token: tokens.viewer,
        body: {},
      });
      return ((await response.json()) as Record<string, { value: string }>).defaultNavBar?.value;
    };
    expect(await ask()).toBe('things');
    expect((await put(tokens.admin, acmeId, 'defaultNavBar', { value: 'model' })).status).toBe(200);
    expect(await ask()).toBe('model');
    await put(tokens.admin, acmeId, 'defaultNavBar', { value: 'things' });
  });

  it('a change whose entry cannot be written is not made', async () => {
    const db = client.services.context.db;
    const before = await ownValue(globexId, 'language');
    await sql`create trigger refuse_audit before insert on "auditEntries" begin select raise(abort, 'audit refused'); end`.execute(
      db,
    );
    try {
      const response = await put(tokens.globex, globexId, 'language', { value: 'it' });
      expect(response.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_audit`.execute(db);
    }
    expect(await ownValue(globexId, 'language')).toBe(before);
  });
});

describe('GET /configEvents: open consoles hear of a change at once', () => {
  /** The stream's events as they come: `next()` answers the next event's name and data. */
  async function open(token: string) {
    const response = await client.call('GET', '/configEvents', { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    return {
      async next(): Promise<{ event: string; data: unknown }> {
        for (;;) {
          const end = buffer.indexOf('\n\n');
          if (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n');
            const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
            const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
            if (event) return { event, data: data === undefined ? null : JSON.parse(data) };
            continue;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error('the stream ended');
          buffer += decoder.decode(value, { stream: true });
        }
      },
      close: () => reader.cancel(),
    };
  }

  it('a viewer of Acme hears of a change to Acme; Globex hears only of its own', async () => {
    const acme = await open(tokens.viewer);
    const globex = await open(tokens.globex);
    expect((await acme.next()).event).toBe('ready');
    expect((await globex.next()).event).toBe('ready');
    expect((await put(tokens.admin, acmeId, 'autoLoadTabMenus', { value: 'false' })).status).toBe(
      200,
    );
    expect(await acme.next()).toEqual({ event: 'config', data: { groupId: acmeId } });
    expect((await put(tokens.globex, globexId, 'language', { value: 'it' })).status).toBe(200);
    // the first event Globex's console hears is its own change, not Acme's
    expect(await globex.next()).toEqual({ event: 'config', data: { groupId: globexId } });
    await put(tokens.admin, acmeId, 'autoLoadTabMenus', { value: 'true' });
    await put(tokens.globex, globexId, 'language', { value: null });
    await acme.close();
    await globex.close();
  });

  it('a change to a group below is not the concern of a console above it', async () => {
    const admin = await open(tokens.admin);
    expect((await admin.next()).event).toBe('ready');
    await put(tokens.admin, northId, 'language', { value: 'es' });
    await put(tokens.admin, acmeId, 'language', { value: 'es' });
    expect(await admin.next()).toEqual({ event: 'config', data: { groupId: acmeId } });
    await put(tokens.admin, northId, 'language', { value: null });
    await put(tokens.admin, acmeId, 'language', { value: 'en' });
    await admin.close();
  });

  it('no token: 401, and no stream', async () => {
    expect((await client.call('GET', '/configEvents')).status).toBe(401);
  });
});
