// The generic resource mechanism: list / export / get / create / update / delete for every
// ResourceSpec. The handlers only sequence the parts: who may do it (policies/access.ts), the list
// query (list-query.ts), the write body (write-body.ts), the JSON (serialize.ts), the resource's own
// hooks (definitions/), each write in one transaction.
import type { Context, Hono } from 'hono';
import type { AppEnv, ServicesContext } from '../../services-context.ts';
import { ListPages } from '../../resources/list-query.ts';
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

export function registerResourceRoutes(api: Hono<AppEnv>, ctx: ServicesContext): ResourceWrites {
  const env: ResourceEnv = { ctx, db: ctx.db as unknown as AnyDb, lists: new ListPages(ctx) };

  for (const spec of RESOURCES) {
    const base = `/${spec.path}`;
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
