// PUT /group/{id}/field/{field}: the tenant settings as group fields (permission settings:u on a
// group of the caller's tree, each field validated, audited with the write), and the session timeout
// it sets: an idle session really ends after it, and a `{ token }` login extends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
const tokens: Record<string, { token: string; id: number; groupId: number }> = {};

beforeAll(async () => {
  client = await createTestClient();
  for (const name of ['root', 'admin', 'operator', 'viewer', 'globex'] as const)
    tokens[name] = await client.login(name);
});
afterAll(() => client.services.close());

async function groupIdOf(name: string): Promise<number> {
  const response = await client.call('GET', `/group?pageSize=100&pageNumber=1`, {
    token: tokens.root!.token,
  });
  const { results } = (await response.json()) as { results: Array<{ id: number; name: string }> };
  const group = results.find((row) => row.name === name);
  if (!group) throw new Error(`no group ${name}`);
  return group.id;
}

async function inherited(groupId: number, token: string): Promise<Record<string, unknown>> {
  const response = await client.call('GET', `/group/${groupId}/inheritedFields?format=map`, {
    token,
  });
  expect(response.status).toBe(200);
  const map = (await response.json()) as Record<string, { value: unknown }>;
  return Object.fromEntries(Object.entries(map).map(([name, field]) => [name, field.value]));
}

describe('PUT /group/{id}/field/{field}', () => {
  it('a tenant administrator sets the session timeout: stored, inherited below, audited', async () => {
    const acme = await groupIdOf('Acme Logistics');
    const north = await groupIdOf('Acme / North DC');
    const admin = tokens.admin!;
    const response = await client.call('PUT', `/group/${acme}/field/sessionTimeout`, {
      token: admin.token,
      body: { value: 1 },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      group: { id: acme, name: 'Acme Logistics' },
      name: 'sessionTimeout',
      value: '1',
      parentValue: '60',
    });
    const fields = await inherited(acme, admin.token);
    expect(fields.sessionTimeout).toBe('1');
    const below = await client.call('GET', `/group/${north}/inheritedFields?format=map`, {
      token: admin.token,
    });
    expect(((await below.json()) as Record<string, { value: unknown }>).sessionTimeout?.value).toBe(
      '1',
    );

    const audit = await client.call(
      'GET',
      `/auditEntry?resource=group&record=${acme}&order=at:desc`,
      { token: admin.token },
    );
    const { results } = (await audit.json()) as {
      results: Array<{ action: string; changes: unknown; user: { username: string } }>;
    };
    expect(results[0]).toMatchObject({
      action: 'field.set',
      user: { username: 'admin' },
      changes: [{ field: 'sessionTimeout', before: '30', after: '1' }],
    });

    // null removes the group's own value: the parent's shows through again
    const removed = await client.call('PUT', `/group/${acme}/field/sessionTimeout`, {
      token: admin.token,
      body: { value: null },
    });
    // the group's own value is gone; the parent's shows through
    expect(await removed.json()).toMatchObject({ value: null, parentValue: '60' });
    await client.call('PUT', `/group/${acme}/field/sessionTimeout`, {
      token: admin.token,
      body: { value: '30' },
    });
    expect((await inherited(acme, admin.token)).sessionTimeout).toBe('30');
  });

  it.each([
    ['sessionTimeout', 0, 'must be whole minutes from 1 to 43200'],
    ['sessionTimeout', 1.5, 'must be whole minutes from 1 to 43200'],
    ['sessionTimeout', 'soon', 'must be whole minutes from 1 to 43200'],
    ['sessionTimeout', 60 * 24 * 31, 'must be whole minutes from 1 to 43200'],
    ['timeZoneConfiguration', 'Mars/Olympus', 'not a known time zone'],
    ['defaultNavBar', 'nowhere', 'unknown tab nowhere'],
    ['autoLoadTabMenus', 'yes', 'Invalid'],
    ['vizixVocabularyLabelThing', '', 'not valid JSON'],
    ['vizixVocabularyLabelThing', { xx: 'Asset' }, 'Invalid'],
  ])('refuses %s = %j with a clear 400 (%s) and keeps the value', async (field, value, message) => {
    const acme = await groupIdOf('Acme Logistics');
    const before = (await inherited(acme, tokens.admin!.token))[field];
    const response = await client.call('PUT', `/group/${acme}/field/${field}`, {
      token: tokens.admin!.token,
      body: { value },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain(message);
    expect((await inherited(acme, tokens.admin!.token))[field]).toEqual(before);
  });

  it('refuses a field that is not a settable group field, and a body without value', async () => {
    const acme = await groupIdOf('Acme Logistics');
    const unknown = await client.call('PUT', `/group/${acme}/field/passwordHash`, {
      token: tokens.admin!.token,
      body: { value: 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toContain(
      'is not a setting that can be edited',
    );
    const noValue = await client.call('PUT', `/group/${acme}/field/sessionTimeout`, {
      token: tokens.admin!.token,
      body: { minutes: 5 },
    });
    expect(noValue.status).toBe(400);
  });

  it('sets vocabulary labels as one text or a language map (stored as JSON)', async () => {
    const acme = await groupIdOf('Acme Logistics');
    const response = await client.call('PUT', `/group/${acme}/field/vizixVocabularyLabelThing`, {
      token: tokens.admin!.token,
      body: { value: { en: 'Rota', fr: 'Équipe' } },
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(((await response.json()) as { value: string }).value)).toEqual({
      en: 'Rota',
      fr: 'Équipe',
    });
  });

  it('needs settings:u (403) and a group of the caller’s tree (404, another tenant untold)', async () => {
    const acme = await groupIdOf('Acme Logistics');
    const globex = await groupIdOf('Globex');
    const root = await groupIdOf('Root');
    const north = await groupIdOf('Acme / North DC');
    for (const [who, group] of [
      ['operator', north],
      ['viewer', acme],
    ] as const) {
      const refused = await client.call('PUT', `/group/${group}/field/sessionTimeout`, {
        token: tokens[who]!.token,
        body: { value: 1 },
      });
      expect(refused.status, who).toBe(403);
    }
    const otherTenant = await client.call('PUT', `/group/${globex}/field/sessionTimeout`, {
      token: tokens.admin!.token,
      body: { value: 1 },
    });
    expect(otherTenant.status).toBe(404);
    const fromGlobex = await client.call('PUT', `/group/${acme}/field/sessionTimeout`, {
      token: tokens.globex!.token,
      body: { value: 1 },
    });
    expect(fromGlobex.status).toBe(404);
    const parent = await client.call('PUT', `/group/${root}/field/sessionTimeout`, {
      token: tokens.admin!.token,
      body: { value: 1 },
    });
    expect(parent.status).toBe(404);
    const missing = await client.call('PUT', `/group/999999/field/sessionTimeout`, {
      token: tokens.root!.token,
      body: { value: 1 },
    });
    expect(missing.status).toBe(404);
    expect((await inherited(acme, tokens.admin!.token)).sessionTimeout).toBe('30');
    const anonymous = await client.call('PUT', `/group/${acme}/field/sessionTimeout`, {
      body: { value: 1 },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('a one-minute session (fake clock)', () => {
  it('ends after one idle minute; a { token } login extends it; an expired token cannot', async () => {
    const fresh = await createTestClient();
    try {
      let now = Date.now();
      const sessions = fresh.services.context.sessions as unknown as { now: () => number };
      sessions.now = () => now;
      const admin = await fresh.login('admin');
      const acme = admin.groupId;
      const set = await fresh.call('PUT', `/group/${acme}/field/sessionTimeout`, {
        token: admin.token,
        body: { value: 1 },
      });
      expect(set.status).toBe(200);

      // a session opened now lasts one idle minute
      const { token } = await fresh.login('operator');
      now += 59_000;
      expect((await fresh.call('GET', '/user/whoami', { token })).status).toBe(200);
      now += 59_000;
      // the "Stay signed in" call: the platform's token login, answering the same token
      const extended = await fresh.call('POST', '/user/login', { body: { token } });
      expect(extended.status).toBe(200);
      expect(((await extended.json()) as { token: string; username: string }).username).toBe(
        'operator',
      );
      now += 59_000;
      expect((await fresh.call('GET', '/user/whoami', { token })).status).toBe(200);
      now += 61_000;
      const expired = await fresh.call('GET', '/user/whoami', { token });
      expect(expired.status).toBe(401);
      expect(((await expired.json()) as { error: string }).error).toBe('Your Session has expired');
      const late = await fresh.call('POST', '/user/login', { body: { token } });
      expect(late.status).toBe(401);

      // an older session takes the new timeout at its next extension
      now += 1000;
      const admin2 = await fresh.login('admin');
      await fresh.call('PUT', `/group/${acme}/field/sessionTimeout`, {
        token: admin2.token,
        body: { value: 30 },
      });
      const { token: long } = await fresh.login('viewer'); // 30 minutes
      await fresh.call('PUT', `/group/${acme}/field/sessionTimeout`, {
        token: admin2.token,
        body: { value: 1 },
      });
      expect((await fresh.call('POST', '/user/login', { body: { token: long } })).status).toBe(200);
      now += 61_000;
      expect((await fresh.call('GET', '/user/whoami', { token: long })).status).toBe(401);
    } finally {
      await fresh.services.close();
    }
  });
});
