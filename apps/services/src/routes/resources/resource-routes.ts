// The generic resource mechanism: list / export / get / create / update / delete for every
// ResourceSpec. The handlers only sequence the parts: who may do it (policies/access.ts), the list
// query (list-query.ts), the write body (write-body.ts), the JSON (serialize.ts), the resource's own
// hooks (definitions/), each write in one transaction.
import type { Context, Hono } from 'hono';
import type { AppEnv, ServicesContext } from '../../services-context.ts';
import { ListPages, listQuerySchemaOf } from '../../resources/list-query.ts';
import { writeBodySchema } from '../../resources/write-body.ts';
import { describeRoute } from '../../http/route-registry.ts';
import { RESOURCES } from '../../resources/definitions/index.ts';
import type { ResourceSpec, Row, WriteContext } from '../../resources/resource-spec.ts';
import { deleteRow, handleDelete, restoreRow } from './delete-handler.ts';
import { handleExport } from './export-handler.ts';
import { handleGet, handleList, handleTree } from './read-handlers.ts';
import { handleReportedState } from './reported-state-handler.ts';
import type { AnyDb, ResourceEnv } from './resource-env.ts';
import { handleCreate, handleUpdate, updateRow } from './write-handlers.ts';

/** What other route modules may ask of the resource mechanism. */
export interface ResourceWrites {
  /** An update with every check of `PATCH /{resource}/{id}`, and its audit entry (see updateRow). */
  updateRow(
    c: Context<AppEnv>,
    caller: WriteContext['caller'],
    spec: ResourceSpec,
    id: number,
    values: Row,
  ): Promise<Record<string, unknown> | undefined>;
  /**
   * A delete with every check of `DELETE /{resource}/{id}` and its audit entry, in one transaction:
   * soft where the table keeps deleted rows for an undo (db/soft-delete-tables.ts). Returns the
   * deleted row's name.
   */
  deleteRow(
    c: Context<AppEnv>,
    caller: WriteContext['caller'],
    spec: ResourceSpec,
    id: number,
  ): Promise<string>;
  /** Brings back a row deleted less than UNDO_WINDOW_MS ago (needs the delete permission); audited. */
  restoreRow(
    c: Context<AppEnv>,
    caller: WriteContext['caller'],
    spec: ResourceSpec,
    id: number,
  ): Promise<string>;
}

/** What each generic route of `spec` takes, for the API document (route-registry.ts). */
function describeResourceRoutes(api: Hono<AppEnv>, spec: ResourceSpec): void {
  const base = `/${spec.path}`;
  const tag = spec.path;
  const query = listQuerySchemaOf(spec);
  const create = writeBodySchema(spec, 'create');
  const replace = writeBodySchema(spec, 'replace');
  const patch = writeBodySchema(spec, 'patch');
  const list = { summary: `List ${spec.path} rows (paged, filtered, sorted)`, tag, query };
  describeRoute(api, 'GET', base, list);
  describeRoute(api, 'GET', `${base}/`, list);
  describeRoute(api, 'POST', base, { summary: `Create a ${spec.path}`, tag, body: create });
  const platformCreate = {
    summary: `Create a ${spec.path} (the platform's form)`,
    tag,
    body: create,
  };
  describeRoute(api, 'PUT', base, platformCreate);
  describeRoute(api, 'PUT', `${base}/`, platformCreate);
  describeRoute(api, 'GET', `${base}/export.csv`, {
    summary: `Export the ${spec.path} rows of a list query as CSV`,
    tag,
    query,
  });
  describeRoute(api, 'GET', `${base}/tree`, {
    summary: `The ${spec.path} rows as a tree`,
    tag,
    query,
  });
  describeRoute(api, 'GET', `${base}/:id`, { summary: `Read one ${spec.path}`, tag });
  describeRoute(api, 'PUT', `${base}/:id`, {
    summary: `Replace a ${spec.path}`,
    tag,
    body: replace,
  });
  describeRoute(api, 'PATCH', `${base}/:id`, {
    summary: `Change some fields of a ${spec.path}`,
    tag,
    body: patch,
  });
  describeRoute(api, 'DELETE', `${base}/:id`, { summary: `Delete a ${spec.path}`, tag });
}

export function registerResourceRoutes(api: Hono<AppEnv>, ctx: ServicesContext): ResourceWrites {
  const env: ResourceEnv = { ctx, db: ctx.db as unknown as AnyDb, lists: new ListPages(ctx) };

  for (const spec of RESOURCES) {
    const base = `/${spec.path}`;
    describeResourceRoutes(api, spec);
    api.get(base, (c) => handleList(env, c, spec));
    api.get(`${base}/`, (c) => handleList(env, c, spec));
    api.post(base, (c) => handleCreate(env, c, spec));
    // the platform's create: PUT on the collection (with or without the slash), 201
    api.put(base, (c) => handleCreate(env, c, spec, true));
    api.put(`${base}/`, (c) => handleCreate(env, c, spec, true));
    api.get(`${base}/export.csv`, (c) => handleExport(env, c, spec));
    api.get(`${base}/tree`, (c) => handleTree(env, c, spec));
    api.get(`${base}/:id`, (c) => handleGet(env, c, spec));
    api.put(`${base}/:id`, (c) => handleUpdate(env, c, spec, 'replace'));
    api.patch(`${base}/:id`, (c) => handleUpdate(env, c, spec, 'patch'));
    api.delete(`${base}/:id`, (c) => handleDelete(env, c, spec));
    // what an edge box reports of a stream app it runs
    if (spec.path === 'streamApp')
      api.put(`${base}/:id/reportedState`, (c) => handleReportedState(env, c, spec));
  }
  return {
    updateRow: (
      c: Context<AppEnv>,
      caller: WriteContext['caller'],
      spec: ResourceSpec,
      id: number,
      values: Row,
    ) => updateRow(env, c, caller, spec, id, values),
    deleteRow: (c, caller, spec, id) => deleteRow(env, c, caller, spec, id),
    restoreRow: (c, caller, spec, id) => restoreRow(env, c, caller, spec, id),
  };
}
