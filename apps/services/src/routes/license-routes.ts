// Licenses (Services → License generator, Tenants → License):
// GET  /license/publicKey    the key licenses are verified with (Ed25519, SPKI PEM)
// GET  /license/issued       the licenses root generated, newest first (root, license_generator:r)
// POST /license/generate     { tenantId, expiresOn, modules, limits } → a signed license (root, license_generator:u)
// GET  /license              a tenant's installed license and its use of each limit (license:r)
// PUT  /license              { text } installs a license after checking its signature, tenant and expiry (license:u)
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { z } from 'zod';
import {
  LICENSE_LIMITS,
  expiryOfDay,
  expiryProblem,
  licenseRefusal,
  limitValueProblem,
  modulesProblem,
} from '@portico/core';
import type { LicenseLimit, LicensePayload } from '@portico/core';
import { fieldChanges } from '../audit/audit-log.ts';
import type { GroupRow } from '../auth/directory.ts';
import { appendRequestAudit } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow, invalidField } from '../http/http-error.ts';
import { pathId } from '../http/id-param.ts';
import { readJson } from '../http/read-json.ts';
import { installedLicense, usageOf } from '../licenses/license-store.ts';
import { licenseTenantOf, requireLicenseGenerator } from '../policies/license-policy.ts';
import { installedLicenseJson, licenseJson } from '../presenters/license-json.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

const limitValue = z.union([z.number(), z.null()]);

export const licenseQuery = z.object({ tenantId: pathId.optional() });
export const issuedQuery = z.object({
  tenantId: pathId.optional(),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const generateBody = z.strictObject({
  tenantId: z.number().int().positive(),
  /** The last day the license is valid (UTC). */
  expiresOn: z.string().max(10),
  modules: z.array(z.string().max(40)).max(20),
  limits: z.strictObject({
    maxThings: limitValue.optional(),
    maxUsers: limitValue.optional(),
    maxZones: limitValue.optional(),
  }),
});
export const installBody = z.strictObject({
  text: z.string().min(1).max(20_000),
  tenantId: z.number().int().positive().optional(),
});

export function registerLicenseRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  const { db } = ctx;

  /** A tenant (a tree-level-2 group) by id, or undefined. */
  async function tenantById(id: number): Promise<GroupRow | undefined> {
    const group = await ctx.directory.group(id);
    return group && group.treeLevel === 2 ? group : undefined;
  }

  api.get('/license/publicKey', async (c) => c.json(await ctx.licenses.publishedKey()));

  api.get('/license/issued', async (c) => {
    requireLicenseGenerator(c.get('caller'), 'r');
    const query = parseOrThrow(issuedQuery, c.req.query(), 'query');
    let rows = db.selectFrom('issuedLicenses').selectAll();
    if (query.tenantId !== undefined) rows = rows.where('tenantId', '=', query.tenantId);
    const found = await rows
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .execute();
    const now = Date.now();
    return c.json({
      total: found.length,
      results: found.map((row) =>
        licenseJson(JSON.parse(row.payload) as LicensePayload, { ...row, at: Number(row.at) }, now),
      ),
    });
  });

  api.post('/license/generate', async (c) => {
    const caller = c.get('caller');
    requireLicenseGenerator(caller, 'u');
    const body = parseOrThrow(generateBody, await readJson(c.req), 'body');
    const tenant = await tenantById(body.tenantId);
    if (!tenant)
      throw invalidField('tenantId', `names no tenant (group ${body.tenantId} at tree level 2)`);
    const now = Date.now();
    const expiry = expiryProblem(body.expiresOn, now);
    if (expiry) throw invalidField('expiresOn', expiry);
    const modules = modulesProblem(body.modules);
    if (modules) throw invalidField('modules', modules);
    const limits: Partial<Record<LicenseLimit, number>> = {};
    for (const limit of LICENSE_LIMITS) {
      const value = body.limits[limit];
      if (value === undefined || value === null) continue;
      const problem = limitValueProblem(value);
      if (problem) throw invalidField(`limits.${limit}`, problem);
      limits[limit] = value;
    }
    const payload: LicensePayload = {
      id: randomUUID(),
      tenantId: tenant.id,
      tenantName: tenant.name,
      issuedAt: new Date(now).toISOString(),
      expiresAt: expiryOfDay(body.expiresOn) ?? '',
      modules: [...new Set(body.modules)].sort(),
      limits,
    };
    const text = await ctx.licenses.sign(payload);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('issuedLicenses')
        .values({
          tenantId: tenant.id,
          licenseId: payload.id,
          payload: JSON.stringify(payload),
          text,
          expiresAt: Date.parse(payload.expiresAt),
          at: now,
          actorName: caller.user.username,
        })
        .execute();
      // root's own trail: the tenant sees the license when it is installed
      await appendRequestAudit(trx, c, {
        action: 'create',
        resource: 'license',
        recordName: payload.id,
        tenantId: null,
        changes: fieldChanges(undefined, {
          tenant: tenant.name,
          expiresAt: payload.expiresAt,
          modules: payload.modules.join(', '),
          ...payload.limits,
        }),
      });
    });
    return c.json(
      licenseJson(payload, { at: now, actorName: caller.user.username, text }, now),
      201,
    );
  });

  api.get('/license', async (c) => {
    const query = parseOrThrow(licenseQuery, c.req.query(), 'query');
    const id = licenseTenantOf(c.get('caller'), 'r', query.tenantId);
    const tenant = await tenantById(id);
    if (!tenant) throw new HttpError(404, `Tenant ${id} not found`);
    const installed = await installedLicense(db, tenant.id);
    const used = await usageOf(db, tenant.hierarchyCode);
    return c.json(installedLicenseJson(tenant, installed, used, Date.now()));
  });

  api.put('/license', async (c) => {
    const caller = c.get('caller');
    const body = parseOrThrow(installBody, await readJson(c.req), 'body');
    const id = licenseTenantOf(caller, 'u', body.tenantId);
    const tenant = await tenantById(id);
    if (!tenant) throw new HttpError(404, `Tenant ${id} not found`);
    const verified = await ctx.licenses.verify(body.text);
    if ('problem' in verified) throw invalidField('text', `The license ${verified.problem}`);
    const now = Date.now();
    const refusal = licenseRefusal(verified.payload, tenant.id, now);
    if (refusal) throw invalidField('text', `The license ${refusal}`);
    const { payload } = verified;
    await db.transaction().execute(async (trx) => {
      const before = await installedLicense(trx, tenant.id);
      await trx.deleteFrom('installedLicenses').where('tenantId', '=', tenant.id).execute();
      await trx
        .insertInto('installedLicenses')
        .values({
          tenantId: tenant.id,
          licenseId: payload.id,
          payload: JSON.stringify(payload),
          text: body.text.replace(/\s+/g, ''),
          expiresAt: Date.parse(payload.expiresAt),
          at: now,
          actorName: caller.user.username,
        })
        .execute();
      const shown = (license: LicensePayload | undefined) =>
        license && {
          licenseId: license.id,
          expiresAt: license.expiresAt,
          modules: license.modules.join(', '),
          ...Object.fromEntries(
            LICENSE_LIMITS.map((limit) => [limit, license.limits[limit] ?? null]),
          ),
        };
      await appendRequestAudit(trx, c, {
        action: before ? 'update' : 'create',
        resource: 'license',
        recordName: tenant.name,
        tenantId: tenant.id,
        changes: fieldChanges(shown(before?.payload), shown(payload)),
      });
    });
    const installed = await installedLicense(db, tenant.id);
    const used = await usageOf(db, tenant.hierarchyCode);
    return c.json(installedLicenseJson(tenant, installed, used, now));
  });
}
