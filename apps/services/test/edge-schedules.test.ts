// Scheduled rules and stream apps over real HTTP handlers: permission-checked per role and action,
// tenant-isolated, a cron expression refused with the reason, a stream app's configuration matched
// against its kind's JSON Schema with every problem pointed at, and the state an edge box reports
// written with the edge box's permission only; every write audited.
import { beforeAll, describe, expect, it } from 'vitest';
import { itRoleActions, jsonOf, useSeededClient } from './helpers.ts';
import type { SeededUser } from './helpers.ts';

const { client, tokens, total, create, statusesAs } = useSeededClient();
/** An edge box of Acme's (the tenant's own group) and one of Globex's. */
let acmeEdgebox: number;
let globexEdgebox: number;

const rule = (extra: Record<string, unknown> = {}) => ({
  name: 'Hourly count',
  cronExpression: '0 * * * *',
  edgeboxId: acmeEdgebox,
  action: 'runRules',
  ...extra,
});
const app = (extra: Record<string, unknown> = {}) => ({
  name: 'Uplink',
  edgeboxId: acmeEdgebox,
  appKind: 'mqttBridge',
  version: '1.0.0',
  configuration: { brokerUrl: 'mqtt://broker.local:1883', topic: 'things' },
  ...extra,
});

beforeAll(async () => {
  acmeEdgebox = (await create('edgebox', { name: 'Acme box', code: 'EB-ACME-T' })).id;
  globexEdgebox = (await create('edgebox', { name: 'Globex box' }, tokens.globex)).id;
});

describe.each([
  ['scheduledRule', rule, { cronExpression: '*/5 * * * *' }],
  ['streamApp', app, { version: '1.1.0' }],
] as const)('%s: every role × action', (path, body, change) => {
  // r, i, u, d as the demo roles hold them: the admin everything, the viewer reads, the operator
  // and a user without roles nothing of the edge
  itRoleActions<SeededUser>(
    [
      ['admin', 200, 201, 200, 204],
      ['viewer', 200, 403, 403, 403],
      ['operator', 403, 403, 403, 403],
      ['nobody', 403, 403, 403, 403],
    ],
    statusesAs(path, body, change),
  );

  it('is tenant-isolated: another tenant neither reads, changes nor deletes it, nor points at another’s edge box', async () => {
    const { id } = await create(path, body());
    for (const [method, sent] of [
      ['GET', undefined],
      ['PATCH', change],
      ['DELETE', undefined],
    ] as const)
      expect(
        (await client.call(method, `/${path}/${id}`, { token: tokens.globex, body: sent })).status,
      ).toBe(404);
    const listed = await jsonOf<{ results: Array<{ id: number }> }>(
      await client.call('GET', `/${path}?pageSize=500`, { token: tokens.globex }),
      200,
    );
    expect(listed.results.map((row) => row.id)).not.toContain(id);
    // Globex's admin may not run its rule on Acme's edge box, nor Acme's on Globex's
    const before = await total(path, tokens.globex);
    const refused = await jsonOf<{ fields: Record<string, string> }>(
      await client.call('POST', `/${path}`, { token: tokens.globex, body: body() }),
      400,
    );
    expect(Object.keys(refused.fields)).toEqual(['edgeboxId']);
    expect(await total(path, tokens.globex)).toBe(before);
    await jsonOf(
      await client.call('POST', `/${path}`, {
        token: tokens.admin,
        body: body({ edgeboxId: globexEdgebox }),
      }),
      400,
    );
  });

  it('is audited, and its edge box cannot be deleted while it runs there', async () => {
    const box = (await create('edgebox', { name: `Box for ${path}` })).id;
    const { id } = await create(path, body({ edgeboxId: box }));
    const log = await jsonOf<{ results: Array<{ action: string; recordId: number }> }>(
      await client.call('GET', `/auditEntry?resource=${path}&record=${id}`, {
        token: tokens.admin,
      }),
      200,
    );
    expect(log.results.map((entry) => entry.action)).toEqual(['create']);
    expect((await client.call('DELETE', `/edgebox/${box}`, { token: tokens.admin })).status).toBe(
      409,
    );
  });
});

describe('a scheduled rule’s cron expression', () => {
  it.each([
    ['61 * * * *', 'minute'],
    ['* * *', 'five, six'],
    ['0 0 * * * * *', '5 or 6 parts'],
    ['every day', 'five, six'],
    ['0 0 30 2 *', 'never run'],
    ['*/0 * * * *', 'stepping'],
    ['', 'must not be empty'],
  ])('%j is refused with a 400 naming the field and why, nothing written', async (cron, why) => {
    const before = await total('scheduledRule');
    const answer = await jsonOf<{ error: string; fields: Record<string, string> }>(
      await client.call('POST', '/scheduledRule', {
        token: tokens.admin,
        body: rule({ cronExpression: cron }),
      }),
      400,
    );
    expect(Object.keys(answer.fields)).toEqual(['cronExpression']);
    expect(answer.fields.cronExpression).toContain(why);
    expect(answer.error).toContain('cronExpression');
    expect(await total('scheduledRule')).toBe(before);
  });

  it('is checked on an update too, which leaves the rule as it was', async () => {
    const { id } = await create('scheduledRule', rule({ cronExpression: '0 6 * * 1-5' }));
    await jsonOf(
      await client.call('PATCH', `/scheduledRule/${id}`, {
        token: tokens.admin,
        body: { cronExpression: '0 25 * * *' },
      }),
      400,
    );
    const read = await jsonOf<{ cronExpression: string }>(
      await client.call('GET', `/scheduledRule/${id}`, { token: tokens.admin }),
      200,
    );
    expect(read.cronExpression).toBe('0 6 * * 1-5');
  });

  it.each(['0 6 * * MON-FRI', '30 0 6 * * *', '@hourly', '0 0 ? * SUN'])(
    'accepts %j',
    async (cron) => {
      const saved = await create('scheduledRule', rule({ cronExpression: cron }));
      expect(saved.cronExpression).toBe(cron);
      expect(saved.enabled).toBe(true);
    },
  );

  it('refuses an action that is none of the actions', async () => {
    const answer = await jsonOf<{ fields: Record<string, string> }>(
      await client.call('POST', '/scheduledRule', {
        token: tokens.admin,
        body: rule({ action: 'reboot' }),
      }),
      400,
    );
    expect(Object.keys(answer.fields)).toEqual(['action']);
  });
});

interface Refusal {
  error: string;
  fields: Record<string, string>;
  problems: Array<{ pointer: string; keyword: string; message: string }>;
}

describe('a stream app’s configuration against its kind’s schema', () => {
  it.each<[string, Record<string, unknown>, Array<[string, string]>]>([
    [
      'a missing setting',
      { appKind: 'mqttBridge', configuration: { topic: 't' } },
      [['/brokerUrl', 'required']],
    ],
    [
      'a wrong type and a value outside the list',
      {
        appKind: 'mqttBridge',
        configuration: { brokerUrl: 'mqtt://b', topic: 't', qos: 'high', clientId: 7 },
      },
      [
        ['/qos', 'type'],
        ['/qos', 'enum'],
        ['/clientId', 'type'],
      ],
    ],
    [
      'a setting the app does not have',
      { appKind: 'fileExporter', configuration: { directory: '/x', format: 'csv', colour: 'red' } },
      [['/colour', 'additionalProperties']],
    ],
    [
      'a bad item of a list and a number out of range',
      { appKind: 'dwellTimer', configuration: { thresholdSeconds: 0, zoneCodes: [''] } },
      [
        ['/thresholdSeconds', 'minimum'],
        ['/zoneCodes/0', 'minLength'],
      ],
    ],
    [
      'an empty configuration',
      { appKind: 'fileExporter', configuration: {} },
      [
        ['/directory', 'required'],
        ['/format', 'required'],
      ],
    ],
  ])(
    '%s: 400 listing each JSON pointer and message, nothing written',
    async (_name, change, expected) => {
      const before = await total('streamApp');
      const answer = await jsonOf<Refusal>(
        await client.call('POST', '/streamApp', { token: tokens.admin, body: app(change) }),
        400,
      );
      expect(Object.keys(answer.fields)).toEqual(['configuration']);
      expect(answer.problems.map((problem) => [problem.pointer, problem.keyword])).toEqual(
        expected,
      );
      for (const problem of answer.problems) {
        expect(problem.message.length).toBeGreaterThan(0);
        expect(answer.fields.configuration).toContain(problem.pointer);
      }
      expect(await total('streamApp')).toBe(before);
    },
  );

  it('refuses a configuration that is not an object, and an unknown kind', async () => {
    for (const [body, field] of [
      [app({ configuration: [1, 2] }), 'configuration'],
      [app({ configuration: 'x' }), 'configuration'],
      [app({ appKind: 'spaceHeater' }), 'appKind'],
    ] as const) {
      const answer = await jsonOf<Refusal>(
        await client.call('POST', '/streamApp', { token: tokens.admin, body }),
        400,
      );
      expect(Object.keys(answer.fields)).toEqual([field]);
    }
  });

  it('checks a new kind against the configuration it keeps, and accepts a matching one', async () => {
    const { id } = await create('streamApp', app());
    const answer = await jsonOf<Refusal>(
      await client.call('PATCH', `/streamApp/${id}`, {
        token: tokens.admin,
        body: { appKind: 'fileExporter' },
      }),
      400,
    );
    expect(answer.problems.map((problem) => problem.pointer)).toEqual([
      '/directory',
      '/format',
      '/brokerUrl',
      '/topic',
    ]);
    const saved = await jsonOf<{ appKind: string; configuration: Record<string, unknown> }>(
      await client.call('PATCH', `/streamApp/${id}`, {
        token: tokens.admin,
        body: { appKind: 'fileExporter', configuration: { directory: '/data', format: 'json' } },
      }),
      200,
    );
    expect(saved).toMatchObject({
      appKind: 'fileExporter',
      configuration: { directory: '/data', format: 'json' },
    });
  });
});

describe('the state an edge box reports', () => {
  it('starts unknown, and a client cannot write it with the app', async () => {
    const created = await create('streamApp', app({ reportedState: 'running' }));
    expect(created).toMatchObject({ reportedState: 'unknown', desiredState: 'running' });
    expect(created.reportedAt ?? null).toBeNull();
  });

  it.each<[SeededUser, number]>([
    ['admin', 200],
    ['viewer', 403],
    ['operator', 403],
    ['nobody', 403],
    ['globex', 404],
  ])('%s reporting gets %i', async (user, status) => {
    const { id } = await create('streamApp', app());
    const answer = await client.call('PUT', `/streamApp/${id}/reportedState`, {
      token: tokens[user],
      body: { state: 'failed' },
    });
    expect(answer.status, await answer.clone().text()).toBe(status);
    const read = await jsonOf<{ reportedState: string; reportedAt: unknown }>(
      await client.call('GET', `/streamApp/${id}`, { token: tokens.admin }),
      200,
    );
    expect(read.reportedState).toBe(status === 200 ? 'failed' : 'unknown');
    if (status === 200) expect(read.reportedAt).not.toBeNull();
  });

  it('is validated and audited', async () => {
    const { id } = await create('streamApp', app());
    for (const body of [
      { state: 'unknown' },
      { state: 'sleeping' },
      {},
      { state: 'running', x: 1 },
    ]) {
      const answer = await jsonOf<Refusal>(
        await client.call('PUT', `/streamApp/${id}/reportedState`, { token: tokens.admin, body }),
        400,
      );
      expect(answer.error).toMatch(/state|x/);
    }
    await jsonOf(
      await client.call('PUT', `/streamApp/${id}/reportedState`, {
        token: tokens.admin,
        body: { state: 'running' },
      }),
      200,
    );
    const log = await jsonOf<{
      results: Array<{ action: string; changes: Array<{ field: string; after?: unknown }> }>;
    }>(
      await client.call('GET', `/auditEntry?resource=streamApp&record=${id}`, {
        token: tokens.admin,
      }),
      200,
    );
    expect(log.results[0]!.action).toBe('update');
    expect(log.results[0]!.changes).toContainEqual(
      expect.objectContaining({ field: 'reportedState', after: 'running' }),
    );
  });
});
