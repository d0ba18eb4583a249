// Writes of the real platform's API that are no plain resource write: a thing's activation
// (`POST /thing/{id}/activate`, `/deactivate`) and a role's grants per resource
// (`PUT /role/{id}/permission/{resourceId}`, `PUT /role/{id}/permission`). Each goes through the
// resource mechanism's update (permission, visibility, the resource's own rules — for a role, the
// authority policy — and the audit entry in the same transaction).
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { isRecord, resourceLetters, withResourceLetters } from '@portico/core';
import { HttpError, parseOrThrow, withPlatformMessage } from '../http/http-error.ts';
import { idParam, pathId } from '../http/id-param.ts';
import { readJson } from '../http/read-json.ts';
import { findReadableRow } from '../policies/access.ts';
import { roleResourceJson } from '../presenters/role-resource-json.ts';
import { RESOURCE, ROLE } from '../resources/definitions/people.ts';
import { THING } from '../resources/definitions/model.ts';
import type { Row } from '../resources/resource-spec.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import type { AnyDb } from './resources/resource-env.ts';
import type { ResourceWrites } from './resources/resource-routes.ts';

const rolePermissionParams = z.object({ id: pathId, resourceId: pathId });
const letters = z.string().max(20, 'at most 20 letters');
const oneGrant = z.object({ permissions: letters.nullable().optional() });

function parseStoredList(value: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(value));
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The platform's refusal of letters a resource does not take (RoleResourceService.insert). */
function requireAccepted(resource: Row, requested: string): void {
  const accepted = String(resource.acceptedAttributes);
  const failed = requested.split('').find((letter) => !accepted.includes(letter));
  if (failed === undefined) return;
  const text = `Permissions not valid for Resource: name: '${String(resource.name)}' accepted: '${accepted}' requested: '${requested}' failed: '${failed}'`;
  throw withPlatformMessage(
    new HttpError(400, `Invalid body: permissions: ${text}`, { permissions: text }),
    text,
  );
}

export function registerPlatformWriteRoutes(
  api: Hono<AppEnv>,
  ctx: ServicesContext,
  writes: ResourceWrites,
): void {
  const db = ctx.db as unknown as AnyDb;

  const setActivated = (activated: boolean) => async (c: Context<AppEnv>) => {
    const { id: thingId } = parseOrThrow(idParam, c.req.param(), 'path');
    const json = await writes.updateRow(c, c.get('caller'), THING, thingId, { activated });
    return c.json(json ?? {});
  };
  api.post('/thing/:id/activate', setActivated(true));
  api.post('/thing/:id/deactivate', setActivated(false));

  /** Grants each resource of `grants` its letters on role `roleId`, in one update of the role. */
  async function grant(
    c: Context<AppEnv>,
    roleId: number,
    grants: ReadonlyArray<{ resource: Row; letters: string }>,
  ): Promise<Row[]> {
    const caller = c.get('caller');
    const role = await findReadableRow(db, ROLE, roleId, caller);
    let permissions = parseStoredList(role.permissions);
    for (const { resource, letters: granted } of grants) {
      requireAccepted(resource, granted);
      permissions = withResourceLetters(permissions, String(resource.name), granted);
    }
    const updated = await writes.updateRow(c, caller, ROLE, roleId, { permissions });
    const held = (updated?.permissions as string[] | undefined) ?? permissions;
    return grants.map(({ resource }) =>
      roleResourceJson(role, resource, resourceLetters(held, String(resource.name))),
    );
  }

  api.put('/role/:id/permission/:resourceId', async (c) => {
    const params = parseOrThrow(rolePermissionParams, c.req.param(), 'path');
    const body = parseOrThrow(oneGrant, await readJson(c.req), 'body');
    const resource = await findReadableRow(db, RESOURCE, params.resourceId, c.get('caller'));
    const [answer] = await grant(c, params.id, [{ resource, letters: body.permissions ?? '' }]);
    return c.json(answer ?? {});
  });

  // the platform's many at once: {"<resource id or name>": "<letters>", ...}
  api.put('/role/:id/permission', async (c) => {
    const { id: roleId } = parseOrThrow(idParam, c.req.param(), 'path');
    const body = await readJson(c.req);
    if (!isRecord(body))
      throw new HttpError(400, 'Invalid body: a JSON object is required', {
        body: 'must be an object',
      });
    const grants: Array<{ resource: Row; letters: string }> = [];
    for (const [key, value] of Object.entries(body)) {
      const granted = parseOrThrow(letters.nullable(), value, key) ?? '';
      const resource = /^[0-9]+$/.test(key)
        ? await findReadableRow(db, RESOURCE, Number(key), c.get('caller'))
        : await db
            .selectFrom('resources')
            .selectAll()
            .where('name', '=', key)
            .where('deletedAt', 'is', null)
            .executeTakeFirst();
      if (!resource)
        throw withPlatformMessage(
          new HttpError(400, `Invalid body: ${key}: no such resource`, {
            [key]: 'no such resource',
          }),
          `Not a valid resourceId ${key}`,
        );
      grants.push({ resource, letters: granted });
    }
    const answers = await grant(c, roleId, grants);
    return c.json(answers.filter((answer) => answer.permissions !== ''));
  });
}
