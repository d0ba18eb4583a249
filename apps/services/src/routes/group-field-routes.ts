// A group's configuration, field by field: GET /group/{id}/fields (every editable field with the
// group's own value and the value it inherits, and which ancestor it comes from) and
// PUT /group/{id}/field/{field} {"value": …} (null: inherit again). What a valid value is lives in
// @portico/core (validateGroupSetting), so the settings page offers nothing the services refuse.
// A change is audited in its own transaction and published on the cache bus: every instance drops
// its cached directory (and so every session's inherited fields) before its next request.
import type { Hono } from 'hono';
import { z } from 'zod';
import {
  APPLICATION_TABS_FIELD,
  GROUP_SETTINGS,
  groupSetting,
  readApplicationTabs,
  validateGroupSetting,
} from '@portico/core';
import { appendRequestAudit, auditedRecord } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { idParam, pathId } from '../http/id-param.ts';
import { readJson } from '../http/read-json.ts';
import { requireGroupSettings } from '../policies/settings-policy.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

const fieldParam = z.object({ id: pathId, field: z.string().min(1).max(128) });
const fieldBody = z.strictObject({ value: z.unknown() });

export function registerGroupFieldRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  api.get('/group/:id{[0-9]+}/fields', async (c) => {
    const { id } = parseOrThrow(idParam, c.req.param(), 'path');
    requireGroupSettings(c.get('caller'), id, 'r');
    const lineage = await ctx.directory.lineage(id);
    const group = lineage[lineage.length - 1];
    if (!group) throw new HttpError(404, `Group ${id} not found`);
    const own = await ctx.directory.ownGroupFields(id);
    // the nearest ancestor that sets each field
    const inherited = new Map<string, { value: string; group: { id: number; name: string } }>();
    for (const ancestor of lineage.slice(0, -1)) {
      for (const [name, value] of await ctx.directory.ownGroupFields(ancestor.id))
        inherited.set(name, { value, group: { id: ancestor.id, name: ancestor.name } });
    }
    const parent = lineage.length > 1 ? lineage[lineage.length - 2]! : null;
    return c.json({
      group: { id: group.id, name: group.name, treeLevel: group.treeLevel },
      parent: parent ? { id: parent.id, name: parent.name } : null,
      results: GROUP_SETTINGS.map((setting) => ({
        name: setting.name,
        kind: setting.kind,
        section: setting.section,
        value: own.get(setting.name) ?? null,
        parentValue: inherited.get(setting.name)?.value ?? null,
        inheritedFrom: inherited.get(setting.name)?.group ?? null,
      })),
    });
  });

  api.put('/group/:id{[0-9]+}/field/:field', async (c) => {
    const { id, field } = parseOrThrow(fieldParam, c.req.param(), 'path');
    const caller = c.get('caller');
    requireGroupSettings(caller, id, 'u');
    if (!groupSetting(field))
      throw new HttpError(
        400,
        `Invalid path: field: ${field} is not a setting that can be edited`,
        {
          field: 'not a setting that can be edited',
        },
      );
    const { value: sent } = parseOrThrow(fieldBody, await readJson(c.req), 'body');
    let value: string | null = null;
    if (sent !== null && sent !== undefined) {
      // a label map may come as an object (the platform's clients) or as its JSON text
      const check = validateGroupSetting(
        field,
        typeof sent === 'object' && !Array.isArray(sent) ? JSON.stringify(sent) : sent,
      );
      if (!check.ok)
        throw new HttpError(400, `Invalid body: value: ${check.message}`, { value: check.message });
      value = check.value;
    }
    const group = await ctx.directory.group(id);
    if (!group) throw new HttpError(404, `Group ${id} not found`);
    const tenant = await ctx.directory.tenantOf(id);
    if (field === APPLICATION_TABS_FIELD && value !== null)
      await requireTenantReports(
        ctx,
        tenant ? await ctx.directory.descendantIds(tenant) : null,
        value,
      );
    const before = await ctx.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('groupFields')
        .select('value')
        .where('ownerId', '=', id)
        .where('name', '=', field)
        .executeTakeFirst();
      if ((old?.value ?? null) === value) return old?.value ?? null;
      if (value === null) {
        await trx
          .deleteFrom('groupFields')
          .where('ownerId', '=', id)
          .where('name', '=', field)
          .execute();
      } else {
        await trx
          .insertInto('groupFields')
          .values({ ownerId: id, name: field, value })
          .onConflict((oc) => oc.columns(['ownerId', 'name']).doUpdateSet({ value }))
          .execute();
      }
      await appendRequestAudit(trx, c, {
        action: value === null ? 'field.remove' : 'field.set',
        ...auditedRecord('group', id, group.name, tenant?.id ?? null),
        changes: [{ field, before: old?.value ?? null, after: value }],
      });
      return old?.value ?? null;
    });
    if (before !== value) await ctx.bus.publish({ type: 'directory', configGroupId: id });
    const fields = await ctx.directory.inheritedGroupFields(id);
    const parentValue = fields.get(field)?.parentValue ?? null;
    // the field as GET /group/{id}/inheritedFields?format=list shows it, with its group
    return c.json({ group: { id: group.id, name: group.name }, name: field, value, parentValue });
  });
}

/**
 * An application tab's menus name report definitions of the group's own tenant (a report of
 * another tenant, a deleted one or one that never existed is refused: 400 naming it).
 */
async function requireTenantReports(
  ctx: ServicesContext,
  tenantGroups: Set<number> | null,
  value: string,
): Promise<void> {
  const wanted = [
    ...new Set(
      readApplicationTabs(value).flatMap((tab) => tab.menus.flatMap((menu) => menu.reportIds)),
    ),
  ];
  if (wanted.length === 0) return;
  const found = await ctx.db
    .selectFrom('reportDefinitions')
    .select(['id', 'groupId'])
    .where('id', 'in', wanted)
    .where('deletedAt', 'is', null)
    .execute();
  const known = new Set(
    found.filter((row) => tenantGroups?.has(row.groupId) === true).map((row) => row.id),
  );
  const missing = wanted.filter((reportId) => !known.has(reportId));
  if (missing.length > 0) {
    const message = `no report ${missing.join(', ')} in this tenant`;
    throw new HttpError(400, `Invalid body: value: ${message}`, { value: message });
  }
}
