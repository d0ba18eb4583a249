// Data retention (Services → Data retention):
// GET  /dataRetentionPolicy               the caller's scope: every kind's maximum age and limits, the last runs
// PUT  /dataRetentionPolicy/{kind}        { maxAgeDays: days | null } (null: keep forever)
// POST /dataRetentionPolicy/dryRun        what a purge would delete now, per kind
// POST /dataRetentionPolicy/purge         purge now (in batches), per kind
import type { Hono } from 'hono';
import { z } from 'zod';
import {
  RETENTION_KINDS,
  RETENTION_LIMITS,
  isRetentionKind,
  retentionProblem,
} from '@portico/core';
import { appendRequestAudit, auditOrigin } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { readJson } from '../http/read-json.ts';
import { requireRetention, retentionScope } from '../policies/retention-policy.ts';
import { policiesOf, runRetention } from '../retention/retention-purge.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

const policyBody = z.strictObject({ maxAgeDays: z.union([z.number(), z.null()]) });

export function registerRetentionRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  const { db } = ctx;

  async function describe(scopeGroupId: number) {
    const policies = await policiesOf(db, scopeGroupId);
    const runs = await db
      .selectFrom('retentionRuns')
      .selectAll()
      .where('scopeGroupId', '=', scopeGroupId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(10)
      .execute();
    return {
      kinds: RETENTION_KINDS.map((kind) => ({
        kind,
        maxAgeDays: policies.get(kind) ?? null,
        ...RETENTION_LIMITS[kind],
      })),
      runs: runs.map((run) => ({
        at: new Date(Number(run.at)).toISOString(),
        trigger: run.trigger,
        actorName: run.actorName,
        counts: JSON.parse(run.counts) as Record<string, number>,
        durationMs: Number(run.durationMs),
      })),
    };
  }

  api.get('/dataRetentionPolicy', async (c) => {
    const caller = c.get('caller');
    requireRetention(caller, 'r');
    return c.json(await describe(retentionScope(caller).groupId));
  });

  api.put('/dataRetentionPolicy/:kind', async (c) => {
    const caller = c.get('caller');
    requireRetention(caller, 'u');
    const kind = c.req.param('kind');
    if (!isRetentionKind(kind))
      throw new HttpError(
        404,
        `No kind of data "${kind.slice(0, 50)}": one of ${RETENTION_KINDS.join(', ')}`,
      );
    const { maxAgeDays } = parseOrThrow(policyBody, await readJson(c.req), 'body');
    const problem = retentionProblem(kind, maxAgeDays);
    if (problem)
      throw new HttpError(400, `Invalid body: maxAgeDays: ${problem}`, { maxAgeDays: problem });
    const scope = retentionScope(caller);
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('retentionPolicies')
        .select(['id', 'maxAgeDays'])
        .where('scopeGroupId', '=', scope.groupId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (maxAgeDays === null) {
        if (before) await trx.deleteFrom('retentionPolicies').where('id', '=', before.id).execute();
      } else if (before) {
        await trx
          .updateTable('retentionPolicies')
          .set({ maxAgeDays, modifiedAt: Date.now() })
          .where('id', '=', before.id)
          .execute();
      } else {
        await trx
          .insertInto('retentionPolicies')
          .values({ scopeGroupId: scope.groupId, kind, maxAgeDays, modifiedAt: Date.now() })
          .execute();
      }
      const old = before ? Number(before.maxAgeDays) : null;
      if (old !== maxAgeDays)
        await appendRequestAudit(trx, c, {
          action: 'update',
          resource: 'dataRetentionPolicy',
          recordName: kind,
          tenantId: scope.tenantId,
          changes: [{ field: 'maxAgeDays', before: old, after: maxAgeDays }],
        });
    });
    return c.json(await describe(scope.groupId));
  });

  for (const [path, trigger, letter] of [
    ['/dataRetentionPolicy/dryRun', 'dryRun', 'r'],
    ['/dataRetentionPolicy/purge', 'manual', 'x'],
  ] as const) {
    api.post(path, async (c) => {
      const caller = c.get('caller');
      requireRetention(caller, letter);
      const run = await runRetention(db, retentionScope(caller), {
        trigger,
        actor: { id: caller.user.id, name: caller.user.username },
        origin: auditOrigin(c),
      });
      return c.json({ ...run, at: new Date(run.at).toISOString() });
    });
  }
}
