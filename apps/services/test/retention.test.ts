// Data retention over real HTTP handlers: a tenant's maximum age per kind is permission-checked,
// validated and audited; a dry run counts and deletes nothing; a purge deletes only the caller's
// tenant's rows older than the limit, in batches, and is recorded and audited; the daily purge runs
// once however many processes share the database.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RetentionScheduler } from '../src/retention/retention-purge.ts';
import { useSeededClient, jsonOf } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const { client, tokens } = useSeededClient();
let acme = 0;
let globex = 0;

const db = () => client.services.context.db;

/** Old and recent audit entries, analytics events and deliveries for a tenant. */
async function plant(tenantId: number, label: string) {
  const now = Date.now();
  for (const [age, count] of [
    [100 * DAY, 3],
    [2 * DAY, 2],
  ] as const) {
    for (let index = 0; index < count; index += 1) {
      await db()
        .insertInto('auditEntries')
        .values({
          at: now - age,
          tenantId,
          actorId: null,
          actorName: label,
          address: 'local',
          requestId: '',
          action: 'update',
          resource: 'zone',
          recordId: null,
          recordName: label,
          changes: '[]',
        })
        .execute();
      await db()
        .insertInto('analyticsEvents')
        .values({
          event: 'login',
          distinctId: label,
          groupId: tenantId,
          tenant: label,
          properties: '{}',
          timestamp: new Date(now - age).toISOString(),
          receivedAt: now - age,
        })
        .execute();
      await db()
        .insertInto('webhookDeliveries')
        .values({
          outboxId: 0,
          endpointId: 0,
          tenantId,
          event: 'zone.created',
          at: now - age,
          attempt: 1,
          status: 200,
          durationMs: 1,
          outcome: 'delivered',
          responseExcerpt: '',
          error: '',
        })
        .execute();
    }
  }
}

async function countOf(
  table: 'auditEntries' | 'analyticsEvents' | 'webhookDeliveries',
  label: string,
) {
  const column =
    table === 'auditEntries' ? 'actorName' : table === 'analyticsEvents' ? 'distinctId' : 'event';
  let query = db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'));
  query = table === 'webhookDeliveries' ? query : query.where(column, '=', label);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

beforeAll(async () => {
  acme = (await client.login('admin')).groupId;
  globex = (await client.login('globex')).groupId;
});
beforeEach(async () => {
  await db().deleteFrom('retentionPolicies').execute();
  await db().deleteFrom('webhookDeliveries').execute();
});

const put = (token: string, kind: string, body: unknown) =>
  client.call('PUT', `/dataRetentionPolicy/${kind}`, { token, body });

describe('policies', () => {
  it('every kind is listed with its limits; a maximum age is set, changed, cleared and audited', async () => {
    const start = await jsonOf<{
      kinds: Array<{ kind: string; maxAgeDays: number | null; minDays: number }>;
    }>(await client.call('GET', '/dataRetentionPolicy', { token: tokens.admin }), 200);
    expect(start.kinds.map((k) => [k.kind, k.maxAgeDays, k.minDays])).toEqual([
      ['auditEntries', null, 30],
      ['analyticsEvents', null, 1],
      ['webhookDeliveries', null, 1],
    ]);
    await jsonOf(await put(tokens.admin, 'analyticsEvents', { maxAgeDays: 90 }), 200);
    await jsonOf(await put(tokens.admin, 'analyticsEvents', { maxAgeDays: 60 }), 200);
    const cleared = await jsonOf<{ kinds: Array<{ kind: string; maxAgeDays: number | null }> }>(
      await put(tokens.admin, 'analyticsEvents', { maxAgeDays: null }),
      200,
    );
    expect(cleared.kinds.find((k) => k.kind === 'analyticsEvents')?.maxAgeDays).toBeNull();
    const log = await jsonOf<{ results: Array<{ recordName: string; changes: unknown[] }> }>(
      await client.call('GET', '/auditEntry?resource=dataRetentionPolicy&order=at:asc', {
        token: tokens.admin,
      }),
      200,
    );
    expect(log.results.map((entry) => entry.changes)).toEqual([
      [{ field: 'maxAgeDays', before: null, after: 90 }],
      [{ field: 'maxAgeDays', before: 90, after: 60 }],
      [{ field: 'maxAgeDays', before: 60, after: null }],
    ]);
  });

  it.each([
    ['auditEntries', { maxAgeDays: 29 }, 400, 'at least 30'],
    ['auditEntries', { maxAgeDays: 4000 }, 400, 'at most 3650'],
    ['analyticsEvents', { maxAgeDays: 1.5 }, 400, 'whole number'],
    ['analyticsEvents', { maxAgeDays: '7' }, 400, 'maxAgeDays'],
    ['analyticsEvents', { maxAgeDays: 7, extra: 1 }, 400, 'extra'],
    ['analyticsEvents', [], 400, ''],
    ['users', { maxAgeDays: 7 }, 404, 'No kind of data'],
  ])('%s %j → %i, nothing written', async (kind, body, status, message) => {
    const answer = await jsonOf<{ error: string }>(await put(tokens.admin, kind, body), status);
    expect(answer.error).toContain(message);
    expect(await db().selectFrom('retentionPolicies').selectAll().execute()).toHaveLength(0);
  });

  it.each([
    // role, read, change, dry run, purge
    ['admin', 200, 200, 200, 200],
    ['viewer', 200, 403, 200, 403],
    ['operator', 403, 403, 403, 403],
    ['nobody', 403, 403, 403, 403],
  ] as const)(
    '%s: read %i, change %i, dry run %i, purge %i',
    async (role, read, change, dry, purge) => {
      const token = tokens[role];
      expect((await client.call('GET', '/dataRetentionPolicy', { token })).status).toBe(read);
      expect((await put(token, 'webhookDeliveries', { maxAgeDays: 10 })).status).toBe(change);
      expect((await client.call('POST', '/dataRetentionPolicy/dryRun', { token })).status).toBe(
        dry,
      );
      expect((await client.call('POST', '/dataRetentionPolicy/purge', { token })).status).toBe(
        purge,
      );
    },
  );
});

describe('purging', () => {
  it('a dry run counts and deletes nothing; a purge deletes only the tenant’s old rows, recorded and audited', async () => {
    await plant(acme, 'acme-old');
    await plant(globex, 'globex-old');
    for (const kind of ['auditEntries', 'analyticsEvents', 'webhookDeliveries'])
      await jsonOf(await put(tokens.admin, kind, { maxAgeDays: 30 }), 200);
    const dry = await jsonOf<{ counts: Record<string, number> }>(
      await client.call('POST', '/dataRetentionPolicy/dryRun', { token: tokens.admin }),
      200,
    );
    expect(dry.counts).toEqual({ auditEntries: 3, analyticsEvents: 3, webhookDeliveries: 3 });
    expect(await countOf('auditEntries', 'acme-old')).toBe(5);
    const purged = await jsonOf<{ counts: Record<string, number> }>(
      await client.call('POST', '/dataRetentionPolicy/purge', { token: tokens.admin }),
      200,
    );
    expect(purged.counts).toEqual({ auditEntries: 3, analyticsEvents: 3, webhookDeliveries: 3 });
    // acme's recent rows stay; globex's old rows are globex's business
    expect(await countOf('auditEntries', 'acme-old')).toBe(2);
    expect(await countOf('analyticsEvents', 'acme-old')).toBe(2);
    expect(await countOf('auditEntries', 'globex-old')).toBe(5);
    expect(await countOf('analyticsEvents', 'globex-old')).toBe(5);
    expect(await countOf('webhookDeliveries', '')).toBe(2 + 5);
    const state = await jsonOf<{
      runs: Array<{ trigger: string; counts: Record<string, number> }>;
    }>(await client.call('GET', '/dataRetentionPolicy', { token: tokens.admin }), 200);
    expect(state.runs.slice(0, 2).map((run) => run.trigger)).toEqual(['manual', 'dryRun']);
    const log = await jsonOf<{
      results: Array<{ action: string; user: { username: string }; changes: unknown[] }>;
    }>(
      await client.call('GET', '/auditEntry?resource=dataRetentionPolicy&action=purge', {
        token: tokens.admin,
      }),
      200,
    );
    // newest first: this purge, with what it deleted
    expect(log.results[0]!.user.username).toBe('admin');
    expect(log.results[0]!.changes).toContainEqual({ field: 'auditEntries', before: 3, after: 0 });
    // globex cannot see acme's runs
    const theirs = await jsonOf<{ runs: unknown[] }>(
      await client.call('GET', '/dataRetentionPolicy', { token: tokens.globex }),
      200,
    );
    expect(theirs.runs).toHaveLength(0);
  });

  it('a kind without a maximum age is kept forever', async () => {
    await plant(acme, 'acme-kept');
    await jsonOf(await put(tokens.admin, 'webhookDeliveries', { maxAgeDays: 30 }), 200);
    const purged = await jsonOf<{ counts: Record<string, number> }>(
      await client.call('POST', '/dataRetentionPolicy/purge', { token: tokens.admin }),
      200,
    );
    expect(purged.counts).toEqual({ webhookDeliveries: 3 });
    expect(await countOf('auditEntries', 'acme-kept')).toBe(5);
  });
});

describe('the daily purge', () => {
  it('runs once an interval, by one of the processes sharing the database', async () => {
    await plant(globex, 'globex-daily');
    await jsonOf(await put(tokens.globex, 'analyticsEvents', { maxAgeDays: 30 }), 200);
    const scopeOf = async (groupId: number) => ({ groupId, tenantId: groupId });
    const one = new RetentionScheduler(db(), scopeOf, DAY, 60_000);
    const two = new RetentionScheduler(db(), scopeOf, DAY, 60_000);
    const now = Date.now();
    await db().deleteFrom('meta').where('key', '=', 'retention.nextRun').execute();
    // the first check only schedules the first run
    expect(await one.tick(now)).toBe(false);
    expect(await two.tick(now + DAY - 1)).toBe(false);
    expect(await countOf('analyticsEvents', 'globex-daily')).toBe(5);
    const both = await Promise.all([one.tick(now + DAY), two.tick(now + DAY)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    // the old events of the day of the run: 100 days before `now` is more than 30 before now + 1 day
    expect(await countOf('analyticsEvents', 'globex-daily')).toBe(2);
    expect(await one.tick(now + DAY + 1)).toBe(false);
  });
});
