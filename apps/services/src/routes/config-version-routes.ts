// Configuration versions (Services → Versioning):
// GET    /configVersion                     the caller's snapshots, newest first, and the versioned kinds
// POST   /configVersion {note}              take a snapshot of the caller's configuration now
// GET    /configVersion/{id}                one snapshot with its content
// GET    /configVersion/{id}/compare?with=  its field-level difference with `now` or another snapshot
// GET    /configVersion/{id}/export         its content as a JSON download
// GET    /configVersion/{id}/restorePlan    what a restore would do (re-create, update, keep)
// POST   /configVersion/{id}/restore        restore it (after a "before restore" snapshot); never deletes
// DELETE /configVersion/{id}                delete a snapshot
import type { Hono } from 'hono';
import { z } from 'zod';
import {
  VERSIONED_KINDS,
  diffSnapshots,
  parseSnapshotContent,
  restorePlan,
  snapshotNoteProblem,
} from '@portico/core';
import type { ConfigVersion, SnapshotContent } from '@portico/core';
import { appendRequestAudit, auditedRecord, auditOrigin } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { readJson } from '../http/read-json.ts';
import {
  maySeeSnapshot,
  requireVersioning,
  versioningScope,
} from '../policies/versioning-policy.ts';
import { configVersionJson } from '../presenters/config-version-json.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import {
  readConfiguration,
  restoreSnapshot,
  takeSnapshot,
} from '../versioning/config-snapshots.ts';
import { idParam } from '../http/id-param.ts';

const takeBody = z.strictObject({ note: z.unknown().optional() });
const compareQuery = z.object({
  with: z.union([z.literal('now'), z.string().regex(/^[1-9][0-9]{0,9}$/, 'now or a snapshot id')]),
});

export function registerConfigVersionRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  const { db } = ctx;

  async function visible(caller: Parameters<typeof maySeeSnapshot>[0], id: number) {
    const row = await db
      .selectFrom('configVersions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || !maySeeSnapshot(caller, Number(row.scopeGroupId)))
      throw new HttpError(404, `Configuration version ${id} not found`);
    const content = parseSnapshotContent(JSON.parse(row.content));
    if (!content) throw new HttpError(409, `Configuration version ${id} cannot be read`);
    return { row: { ...row, id: Number(row.id) }, content };
  }

  const scopeOf = (row: { scopeGroupId: number; tenantId: number | null }) => ({
    groupId: Number(row.scopeGroupId),
    tenantId: row.tenantId === null ? null : Number(row.tenantId),
  });

  api.get('/configVersion', async (c) => {
    const caller = c.get('caller');
    requireVersioning(caller, 'r');
    let query = db.selectFrom('configVersions').selectAll();
    if (caller.tenant) query = query.where('scopeGroupId', '=', caller.tenant.id);
    const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(200).execute();
    return c.json({
      kinds: VERSIONED_KINDS,
      results: rows.map((row) =>
        configVersionJson(
          { ...row, id: Number(row.id) },
          parseSnapshotContent(JSON.parse(row.content)) ?? emptyContent(),
        ),
      ),
    });
  });

  api.post('/configVersion', async (c) => {
    const caller = c.get('caller');
    requireVersioning(caller, 'i');
    const { note = '' } = parseOrThrow(takeBody, await readJson(c.req), 'body');
    const problem = snapshotNoteProblem(note);
    if (problem) throw new HttpError(400, `Invalid body: note: ${problem}`, { note: problem });
    const scope = versioningScope(caller);
    const taken = await db
      .transaction()
      .execute((trx) =>
        takeSnapshot(
          trx,
          scope,
          (note as string).trim(),
          { id: caller.user.id, name: caller.user.username },
          auditOrigin(c),
        ),
      );
    const { row, content } = await visible(caller, taken.id);
    return c.json(configVersionJson(row, content), 201);
  });

  api.get('/configVersion/:id{[0-9]+}', async (c) => {
    const caller = c.get('caller');
    requireVersioning(caller, 'r');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const { row, content } = await visible(caller, id);
    return c.json(configVersionJson(row, content, true));
  });

  api.get('/configVersion/:id{[0-9]+}/compare', async (c) => {
    const caller = c.get('caller');
    requireVersioning(caller, 'r');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const query = parseOrThrow(compareQuery, c.req.query(), 'query');
    const from = await visible(caller, id);
    let to: SnapshotContent;
    let toJson: ConfigVersion | null = null;
    if (query.with === 'now') {
      to = await readConfiguration(db, scopeOf(from.row));
    } else {
      const other = await visible(caller, Number(query.with));
      to = other.content;
      toJson = configVersionJson(other.row, other.content);
    }
    return c.json({
      from: configVersionJson(from.row, from.content),
      to: toJson,
      diff: diffSnapshots(from.content, to),
    });
  });

  api.get('/configVersion/:id{[0-9]+}/export', async (c) => {
    const caller = c.get('caller');
    requireVersioning(caller, 'r');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const { row, content } = await visible(caller, id);
    return c.body(JSON.stringify(configVersionJson(row, content, true), null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="configuration-${id}.json"`,
    });
  });

  api.get('/configVersion/:id{[0-9]+}/restorePlan', async (c) => {
    const caller = c.get('caller');
    requireVersioning(caller, 'r');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const { row, content } = await visible(caller, id);
    const now = await readConfiguration(db, scopeOf(row));
    return c.json({ deletes: false, plan: restorePlan(now, content) });
  });

  api.post('/configVersion/:id{[0-9]+}/restore', async (c) => {
    const caller = c.get('caller');
    requireVersioning(caller, 'u');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const { row, content } = await visible(caller, id);
    const result = await db
      .transaction()
      .execute((trx) =>
        restoreSnapshot(
          trx,
          ctx.directory,
          scopeOf(row),
          { id, note: row.note, content },
          { id: caller.user.id, name: caller.user.username },
          auditOrigin(c),
        ),
      );
    await ctx.bus.publish({ type: 'directory', configGroupId: Number(row.scopeGroupId) });
    for (const { table } of VERSIONED_KINDS) await ctx.bus.publish({ type: 'table', table });
    return c.json({
      restored: id,
      beforeRestore: result.beforeId,
      deletes: false,
      plan: result.plan,
    });
  });

  api.delete('/configVersion/:id{[0-9]+}', async (c) => {
    const caller = c.get('caller');
    requireVersioning(caller, 'd');
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    const { row } = await visible(caller, id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('configVersions').where('id', '=', id).execute();
      await appendRequestAudit(trx, c, {
        action: 'delete',
        ...auditedRecord(
          'configVersion',
          id,
          row.note,
          row.tenantId === null ? null : Number(row.tenantId),
        ),
      });
    });
    return c.body(null, 204);
  });
}

function emptyContent(): SnapshotContent {
  return {
    groupFields: [],
    roles: [],
    thingTypes: [],
    zoneTypes: [],
    reportDefinitions: [],
  };
}
