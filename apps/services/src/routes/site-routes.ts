// Sites (Tenants → Sites configuration): a site-level group's details and its local map.
// GET    /site                    the caller's sites (filter, order, paging): address, time zone, map or not
// GET    /site/{id}               one site: address, time zone, working hours, its map's description
// PUT    /site/{id}               { address, timeZone, workingHours, map? } (map: its placement)
// PUT    /site/{id}/map/image     the map image as the raw body (PNG, JPEG or WebP, ≤ 10 MiB)
// GET    /site/{id}/map/image     the image (ETag, nosniff, private revalidation)
// DELETE /site/{id}/map           removes the map
// GET    /group/{id}/localMap     the map of the site a group belongs to (the zone builder's)
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import {
  MAX_MAP_IMAGE_BYTES,
  SITE_ADDRESS_LIMITS,
  SITE_TREE_LEVEL,
  checkMapImage,
  defaultMapPlacement,
  mapImageProblemText,
  mapPlacementProblems,
  siteAddressProblems,
  siteTimeZoneProblem,
  workingHoursProblems,
} from '@portico/core';
import type { SiteFieldProblem, WorkingHours } from '@portico/core';
import { fieldChanges } from '../audit/audit-log.ts';
import type { Caller, GroupRow } from '../auth/directory.ts';
import type { SiteTable } from '../db/schema.ts';
import { appendRequestAudit, auditedRecord } from '../http/audit-origin.ts';
import { HttpError, parseOrThrow } from '../http/http-error.ts';
import { readJson } from '../http/read-json.ts';
import { isCallersSite, requireSiteAction } from '../policies/site-policy.ts';
import {
  LOCAL_MAP_INFO_COLUMNS,
  localMapJson,
  siteJson,
  siteSummaryJson,
} from '../presenters/site-json.ts';
import type { LocalMapInfo } from '../presenters/site-json.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';

/** The upload's path, which takes a larger body than other API writes (app.ts). */
export const MAP_IMAGE_UPLOAD_PATH = /\/site\/[1-9]\d{0,9}\/map\/image$/;
export const MAP_IMAGE_TOO_LARGE = `Map image too large: at most ${MAX_MAP_IMAGE_BYTES / 1024 / 1024} MiB`;

const opening = z.union([z.null(), z.strictObject({ open: z.string(), close: z.string() })]);
const siteBody = z.strictObject({
  address: z.strictObject({
    street: z.string(),
    city: z.string(),
    postalCode: z.string().default(''),
    country: z.string(),
  }),
  timeZone: z.string(),
  workingHours: z.strictObject({
    monday: opening,
    tuesday: opening,
    wednesday: opening,
    thursday: opening,
    friday: opening,
    saturday: opening,
    sunday: opening,
  }),
  map: z
    .strictObject({
      name: z.string().max(255).optional(),
      imageWidth: z.number(),
      imageHeight: z.number(),
      imageUnit: z.string(),
      latOrigin: z.number().nullable(),
      lonOrigin: z.number().nullable(),
      declination: z.number(),
    })
    .optional(),
});

function problemText(problem: SiteFieldProblem, field: string): string {
  switch (problem) {
    case 'required':
      return 'required';
    case 'tooLong':
      return `at most ${SITE_ADDRESS_LIMITS[field as keyof typeof SITE_ADDRESS_LIMITS]} characters`;
    case 'badPostalCode':
      return 'letters, digits, spaces and hyphens only';
    case 'unknownCountry':
      return 'not an ISO 3166 country code (such as US or DE)';
    case 'unknownTimeZone':
      return 'not a known time zone (an IANA zone such as Europe/Berlin)';
    case 'badTime':
      return 'times are HH:MM, from 00:00 to 24:00';
    case 'closeNotAfterOpen':
      return 'closes before it opens: the close must come after the open';
    case 'notANumber':
      return 'a number is required';
    case 'outOfRange':
      return 'out of range';
    default:
      return 'm or ft';
  }
}

function refuse(fields: Record<string, string>): void {
  const entries = Object.entries(fields);
  if (entries.length === 0) return;
  const summary = entries
    .slice(0, 5)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  throw new HttpError(400, `Invalid body: ${summary}`, fields);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What an audit entry records of an image: never its bytes. */
const imageRecord = (
  map: Pick<
    LocalMapInfo,
    'imageType' | 'imageBytes' | 'imageChecksum' | 'pixelWidth' | 'pixelHeight'
  >,
) => ({
  type: map.imageType,
  bytes: Number(map.imageBytes),
  sha256: map.imageChecksum,
  width: Number(map.pixelWidth),
  height: Number(map.pixelHeight),
});

/** A site row's details, as a client writes them. */
type SiteDetails = Pick<
  Selectable<SiteTable>,
  'street' | 'city' | 'postalCode' | 'country' | 'timeZone' | 'workingHours'
>;

/** A site row's audited fields (working hours as their JSON). */
function siteFields(site: SiteDetails | undefined) {
  if (!site) return undefined;
  const { street, city, postalCode, country, timeZone, workingHours } = site;
  return { street, city, postalCode, country, timeZone, workingHours };
}

function placementFields(map: LocalMapInfo | undefined) {
  if (!map) return {};
  return {
    'map.name': map.name,
    'map.imageWidth': Number(map.imageWidth),
    'map.imageHeight': Number(map.imageHeight),
    'map.imageUnit': map.imageUnit,
    'map.latOrigin': map.latOrigin === null ? null : Number(map.latOrigin),
    'map.lonOrigin': map.lonOrigin === null ? null : Number(map.lonOrigin),
    'map.declination': Number(map.declination),
  };
}

export function registerSiteRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  const { db, directory } = ctx;

  /** The site `id` if it is one of the caller's; 404 otherwise (another tenant's is never told). */
  async function siteGroup(c: Context<AppEnv>, caller: Caller): Promise<GroupRow> {
    const raw = c.req.param('id') ?? '';
    const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
    const group = id ? await directory.group(id) : undefined;
    if (!isCallersSite(caller, group))
      throw new HttpError(404, `site ${raw.slice(0, 20)} not found`);
    return group;
  }

  const mapInfo = (groupId: number) =>
    db
      .selectFrom('localMaps')
      .select(LOCAL_MAP_INFO_COLUMNS)
      .where('groupId', '=', groupId)
      .executeTakeFirst() as Promise<LocalMapInfo | undefined>;
  const siteRow = (groupId: number) =>
    db.selectFrom('sites').selectAll().where('groupId', '=', groupId).executeTakeFirst();
  const tenantIdOf = async (groupId: number) => (await directory.tenantOf(groupId))?.id ?? null;

  api.get('/site', async (c) => {
    const caller = c.get('caller');
    requireSiteAction(caller, 'read');
    const pageSize = Math.min(Math.max(Number(c.req.query('pageSize') ?? 50) || 50, 1), 500);
    const pageNumber = Math.max(Number(c.req.query('pageNumber') ?? 1) || 1, 1);
    const [order = 'name', direction = 'asc'] = (c.req.query('order') ?? 'name:asc').split(':');
    const filter = (c.req.query('filter') ?? '').trim().toLocaleLowerCase();
    const groups = [...(await directory.groupsById()).values()].filter((group) =>
      isCallersSite(caller, group),
    );
    const ids = groups.map((group) => group.id);
    const sites = ids.length
      ? await db.selectFrom('sites').selectAll().where('groupId', 'in', ids).execute()
      : [];
    const maps = ids.length
      ? await db.selectFrom('localMaps').select('groupId').where('groupId', 'in', ids).execute()
      : [];
    const siteOf = new Map(sites.map((site) => [Number(site.groupId), site]));
    const mapped = new Set(maps.map((map) => Number(map.groupId)));
    let rows = groups.map((group) =>
      siteSummaryJson(group, siteOf.get(group.id), mapped.has(group.id)),
    );
    if (filter)
      rows = rows.filter((row) =>
        [row.name, row.code, row.street, row.city, row.postalCode, row.country, row.timeZone].some(
          (value) => value.toLocaleLowerCase().includes(filter),
        ),
      );
    const key =
      (['name', 'city', 'country', 'timeZone'] as const).find((k) => k === order) ?? 'name';
    rows.sort(
      (a, b) => (direction === 'desc' ? -1 : 1) * a[key].localeCompare(b[key]) || a.id - b.id,
    );
    const start = (pageNumber - 1) * pageSize;
    return c.json({ total: rows.length, results: rows.slice(start, start + pageSize) });
  });

  api.get('/site/:id', async (c) => {
    const caller = c.get('caller');
    requireSiteAction(caller, 'read');
    const group = await siteGroup(c, caller);
    return c.json(siteJson(group, await siteRow(group.id), await mapInfo(group.id)));
  });

  api.put('/site/:id', async (c) => {
    const caller = c.get('caller');
    requireSiteAction(caller, 'update');
    const group = await siteGroup(c, caller);
    const body = parseOrThrow(siteBody, await readJson(c.req), 'body');
    if (body.map) requireSiteAction(caller, 'writeMap');
    const address = {
      street: body.address.street.trim(),
      city: body.address.city.trim(),
      postalCode: body.address.postalCode.trim(),
      country: body.address.country.trim(),
    };
    const fields: Record<string, string> = {};
    for (const [field, problem] of Object.entries(siteAddressProblems(address)))
      fields[`address.${field}`] = problemText(problem, field);
    const zoneProblem = siteTimeZoneProblem(body.timeZone);
    if (zoneProblem) fields.timeZone = problemText(zoneProblem, 'timeZone');
    const hours = body.workingHours as WorkingHours;
    for (const [day, problem] of Object.entries(workingHoursProblems(hours)))
      fields[`workingHours.${day}`] = problemText(problem, day);
    if (body.map)
      for (const [field, problem] of Object.entries(mapPlacementProblems(body.map)))
        fields[`map.${field}`] = problemText(problem, field);
    refuse(fields);
    const before = await mapInfo(group.id);
    if (body.map && !before) refuse({ map: 'this site has no map image: upload one first' });

    const tenantId = await tenantIdOf(group.id);
    const values = {
      ...address,
      timeZone: body.timeZone,
      workingHours: JSON.stringify(hours),
      modifiedAt: Date.now(),
    };
    await db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('sites')
        .selectAll()
        .where('groupId', '=', group.id)
        .executeTakeFirst();
      if (old) await trx.updateTable('sites').set(values).where('id', '=', old.id).execute();
      else
        await trx
          .insertInto('sites')
          .values({ groupId: group.id, tenantId, ...values })
          .execute();
      let mapBefore: Record<string, unknown> = {};
      let mapAfter: Record<string, unknown> = {};
      if (body.map && before) {
        const placement = {
          name: body.map.name ?? before.name,
          imageWidth: body.map.imageWidth,
          imageHeight: body.map.imageHeight,
          imageUnit: body.map.imageUnit,
          latOrigin: body.map.latOrigin,
          lonOrigin: body.map.lonOrigin,
          declination: body.map.declination,
        };
        await trx
          .updateTable('localMaps')
          .set({ ...placement, modifiedAt: Date.now() })
          .where('id', '=', before.id)
          .execute();
        mapBefore = placementFields(before);
        mapAfter = placementFields({ ...before, ...placement });
      }
      const changes = fieldChanges(old ? { ...siteFields(old), ...mapBefore } : undefined, {
        ...siteFields(values),
        ...mapAfter,
      });
      if (changes.length > 0)
        await appendRequestAudit(trx, c, {
          action: old ? 'update' : 'create',
          ...auditedRecord('site', group.id, group.name, tenantId),
          changes,
        });
    });
    return c.json(siteJson(group, await siteRow(group.id), await mapInfo(group.id)));
  });

  api.put('/site/:id/map/image', async (c) => {
    const caller = c.get('caller');
    requireSiteAction(caller, 'writeMap');
    const group = await siteGroup(c, caller);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > MAX_MAP_IMAGE_BYTES) throw new HttpError(413, MAP_IMAGE_TOO_LARGE);
    const check = checkMapImage(bytes);
    if (!check.ok) {
      const message = mapImageProblemText(check.problem);
      throw new HttpError(400, `Invalid image: ${message}`, { image: message }, undefined, {
        problem: check.problem,
      });
    }
    const tenantId = await tenantIdOf(group.id);
    const image = {
      imageType: check.type,
      image: bytes,
      imageBytes: bytes.length,
      imageChecksum: sha256(bytes),
      pixelWidth: check.width,
      pixelHeight: check.height,
      modifiedAt: Date.now(),
    };
    const before = await mapInfo(group.id);
    await db.transaction().execute(async (trx) => {
      if (before)
        await trx.updateTable('localMaps').set(image).where('id', '=', before.id).execute();
      else
        await trx
          .insertInto('localMaps')
          .values({
            groupId: group.id,
            tenantId,
            name: group.name,
            ...defaultMapPlacement(check.width, check.height),
            ...image,
          })
          .execute();
      await appendRequestAudit(trx, c, {
        action: before ? 'update' : 'create',
        ...auditedRecord('localMap', group.id, group.name, tenantId),
        changes: [
          before
            ? { field: 'image', before: imageRecord(before), after: imageRecord(image) }
            : { field: 'image', after: imageRecord(image) },
        ],
      });
    });
    const map = await mapInfo(group.id);
    return c.json(map ? localMapJson(group.id, map) : null, before ? 200 : 201);
  });

  api.get('/site/:id/map/image', async (c) => {
    const caller = c.get('caller');
    requireSiteAction(caller, 'readMap');
    const group = await siteGroup(c, caller);
    const info = await mapInfo(group.id);
    if (!info) throw new HttpError(404, `site ${group.id} has no map image`);
    const etag = `"${info.imageChecksum}"`;
    const headers = {
      ETag: etag,
      // the image is the caller's to see: kept by the browser only, asked again each time (a 304)
      'Cache-Control': 'private, no-cache',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': 'inline',
    };
    const asked = c.req.header('if-none-match') ?? '';
    if (asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
      return c.body(null, 304, headers);
    const row = await db
      .selectFrom('localMaps')
      .select('image')
      .where('id', '=', info.id)
      .executeTakeFirstOrThrow();
    const image =
      row.image instanceof Uint8Array ? row.image : new Uint8Array(row.image as ArrayBuffer);
    return c.body(image as Uint8Array<ArrayBuffer>, 200, {
      ...headers,
      'Content-Type': info.imageType,
      'Content-Length': String(image.byteLength),
    });
  });

  api.delete('/site/:id/map', async (c) => {
    const caller = c.get('caller');
    requireSiteAction(caller, 'deleteMap');
    const group = await siteGroup(c, caller);
    const before = await mapInfo(group.id);
    if (!before) throw new HttpError(404, `site ${group.id} has no map image`);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('localMaps').where('id', '=', before.id).execute();
      await appendRequestAudit(trx, c, {
        action: 'delete',
        ...auditedRecord('localMap', group.id, group.name, await tenantIdOf(group.id)),
        changes: [{ field: 'image', before: imageRecord(before) }],
      });
    });
    return c.body(null, 204);
  });

  api.get('/group/:id/localMap', async (c) => {
    const caller = c.get('caller');
    requireSiteAction(caller, 'readMap');
    const raw = c.req.param('id');
    const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
    const group = id ? await directory.group(id) : undefined;
    const visible = group && (caller.isRoot || caller.visibleGroupIds.has(group.id));
    if (!group || !visible) throw new HttpError(404, `group ${raw.slice(0, 20)} not found`);
    const site = (await directory.lineage(group.id)).find(
      (candidate) => candidate.treeLevel === SITE_TREE_LEVEL,
    );
    const map = site ? await mapInfo(site.id) : undefined;
    if (!site || !map) throw new HttpError(404, `group ${group.id} has no site map`);
    return c.json({ site: { id: site.id, name: site.name }, map: localMapJson(site.id, map) });
  });
}
