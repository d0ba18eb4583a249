// A CSV file's rows written through the resource mechanism's own checks, in the caller's
// transaction, a batch at a time: the file is parsed as a stream, the references named by code are
// resolved a batch at a time, each row is validated as the API validates a write body
// (parseWriteBody), placed and checked as an API write is (requirePermission, requireWritable,
// requireWritableGroup, the resource's hooks, checkReferences), then the batch's new rows are
// inserted in one statement and every written row gets its audit entry. The dry run and the job
// run this same code: the dry run's transaction is rolled back, the job's only commits when no row
// had a problem.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Kysely } from 'kysely';
import {
  IMPORT_KEYS,
  importColumnOf,
  importColumns,
  readImportHeader,
  readImportRow,
} from '@portico/core';
import type { ImportHeader, ImportPreviewRow, ImportProblem, ImportResource } from '@portico/core';
import { appendAuditEntries, auditActor, fieldChanges, recordNameOf } from '../audit/audit-log.ts';
import type { AuditEntryInput, AuditOrigin } from '../audit/audit-log.ts';
import { AuthError } from '../auth/auth-error.ts';
import type { Caller } from '../auth/directory.ts';
import { isSoftDeleted, softDeletes } from '../db/soft-delete-tables.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import {
  checkReferences,
  ownerOf,
  readableGroups,
  requirePermission,
  requireWritable,
  requireWritableGroup,
} from '../policies/access.ts';
import { RESOURCES_BY_PATH } from '../resources/definitions/index.ts';
import { allFields } from '../resources/resource-fields.ts';
import type { ResourceSpec, Row, WriteContext } from '../resources/resource-spec.ts';
import { requireLicenseRoom } from '../policies/license-policy.ts';
import { csvCell } from '../resources/serialize.ts';
import { parseWriteBody, storage, uniqueScopeOf } from '../resources/write-body.ts';
import type { ServicesContext } from '../services-context.ts';

/** Rows validated and written per batch (one multi-row insert each). */
export const IMPORT_BATCH_ROWS = 500;
/** The problems a job keeps for its page (the error file holds the rows). */
const KEPT_PROBLEMS = 200;
/** The rows with problems the error file holds (the first ones). */
export const ERROR_FILE_ROWS = 10_000;
const PREVIEW_ROWS = 10;
/** Columns a hook computes that the insert stores (as the API's create does). */
const COMPUTED_ON_CREATE = ['createdBy', 'passwordHash'];

export type Trx = WriteContext['trx'];

export interface ImportOutcome {
  totalRows: number;
  created: number;
  updated: number;
  errorRows: number;
  problems: ImportProblem[];
  preview: ImportPreviewRow[];
  /** The rows with problems as CSV (their cells, the line, the problems); '' when none. */
  errorFile: string;
}

export interface ImportRunOptions {
  ctx: ServicesContext;
  caller: Caller;
  trx: Trx;
  resource: ImportResource;
  /** Where a row without a `group` cell goes (the uploader's group). */
  defaultGroupId: number;
  /** The stored file, in order. */
  chunks: AsyncIterable<string>;
  origin: AuditOrigin;
  /** After each batch (rows read so far): reports progress; throws to stop (a cancel). */
  afterBatch?(processed: number): Promise<void>;
}

/** The specs of the importable resources; a unique field other than the key would go unchecked. */
function specOf(resource: ImportResource): ResourceSpec {
  const spec = RESOURCES_BY_PATH.get(resource)!;
  const unique = Object.entries(allFields(spec))
    .filter(([, field]) => field.unique)
    .map(([name]) => name);
  if (unique.join() !== IMPORT_KEYS[resource])
    throw new Error(`${resource}: its only unique field must be its import key`);
  return spec;
}

/** One problem per field of a refused write (the message alone, at the row, when it names none). */
function problemsOf(
  error: unknown,
  header: ImportHeader,
  line: number,
): ImportProblem[] | undefined {
  if (error instanceof HttpError || error instanceof AuthError) {
    const fields =
      error instanceof HttpError && error.fields && Object.keys(error.fields).length > 0
        ? error.fields
        : undefined;
    if (!fields)
      return [
        {
          line,
          column: 0,
          columnName: '',
          message: error.message.replace(/^Invalid body: /, ''),
        },
      ];
    return Object.entries(fields).map(([field, message]) => ({
      line,
      ...importColumnOf(header, field),
      message,
    }));
  }
  return undefined;
}

interface Candidate {
  id: number;
  owner: number;
}

export async function runImport(options: ImportRunOptions): Promise<ImportOutcome> {
  const { ctx, caller, trx, resource, origin } = options;
  const spec = specOf(resource);
  const keyField = IMPORT_KEYS[resource];
  const reader = trx as unknown as Kysely<Database>;
  const outcome: ImportOutcome = {
    totalRows: 0,
    created: 0,
    updated: 0,
    errorRows: 0,
    problems: [],
    preview: [],
    errorFile: '',
  };
  let header: ImportHeader | undefined;
  let headerCells: string[] = [];
  let fatal = false;
  const errorLines: string[] = [];
  const passwordIndex = new Set<number>();

  const tenants = new Map<number, number | null>();
  async function tenantIdOf(groupId: number): Promise<number | null> {
    let tenant = tenants.get(groupId);
    if (tenant === undefined) {
      tenant = (await ctx.directory.tenantOf(groupId, reader))?.id ?? null;
      tenants.set(groupId, tenant);
    }
    return tenant;
  }
  const scopes = new Map<number, number | undefined>();
  const checkedReferences = new Set<string>();
  // code → the readable rows it names, per referred resource
  const references = new Map<string, Map<string, Candidate[]>>();

  function record(
    problems: readonly ImportProblem[],
    cells: readonly string[],
    line: number,
    isRow = true,
  ) {
    if (isRow) outcome.errorRows += 1;
    for (const problem of problems)
      if (outcome.problems.length < KEPT_PROBLEMS) outcome.problems.push(problem);
    if (errorLines.length < ERROR_FILE_ROWS) {
      const shown = cells.map((cell, index) => (passwordIndex.has(index) ? '' : cell));
      const text = problems
        .map((p) => (p.column > 0 ? `${p.columnName || `#${p.column}`}: ${p.message}` : p.message))
        .join('; ');
      errorLines.push(`${[...shown, String(line), text].map(csvCell).join(',')}\r\n`);
    }
  }

  /** Loads the readable rows of `path` named by `codes` (by their `by` field) not yet known. */
  async function loadReferences(path: string, by: string, codes: Iterable<string>) {
    let known = references.get(path);
    if (!known) {
      known = new Map();
      references.set(path, known);
    }
    const missing = [...new Set(codes)].filter((code) => !known.has(code));
    if (missing.length === 0) return;
    const target = RESOURCES_BY_PATH.get(path)!;
    const owner = target.ownerColumn === 'id' ? 'id' : 'groupId';
    for (const code of missing) known.set(code, []);
    for (let start = 0; start < missing.length; start += IMPORT_BATCH_ROWS) {
      let query = trx
        .selectFrom(target.table)
        .select(['id', owner === 'id' ? 'id' : 'groupId', by])
        .where(by, 'in', missing.slice(start, start + IMPORT_BATCH_ROWS));
      if (softDeletes(target.table)) query = query.where('deletedAt', 'is', null);
      const readable = readableGroups(caller, target);
      for (const row of await query.execute()) {
        const ownerId = ownerOf(target, row);
        if (readable && !readable.has(ownerId)) continue;
        known.get(String(row[by]))?.push({ id: Number(row.id), owner: ownerId });
      }
    }
  }

  /** The id of the row of `path` named `code` in the tenant `tenantId` (undefined: any tenant). */
  async function referenceId(
    path: string,
    by: string,
    code: string,
    tenantId: number | null | undefined,
  ): Promise<number | string> {
    const candidates = references.get(path)?.get(code) ?? [];
    const matching: Candidate[] = [];
    for (const candidate of candidates)
      if (tenantId === undefined || (await tenantIdOf(candidate.owner)) === tenantId)
        matching.push(candidate);
    if (matching.length === 1) return matching[0]!.id;
    return matching.length === 0
      ? `no ${path} with ${by} ${code}`
      : `several ${path} rows have ${by} ${code}`;
  }

  const columns = importColumns(resource);
  const ignored = new Set([spec.createdAt, spec.modifiedAt].filter((key) => key !== undefined));

  async function processBatch(batch: ReadonlyArray<{ cells: string[]; line: number }>) {
    const head = header!;
    const rows = batch.map(({ cells, line }) => ({
      cells,
      line,
      read: readImportRow(resource, head, cells, line),
    }));
    for (const column of columns)
      if (column.reference && head.columns.some((given) => given?.field === column.field)) {
        const codes = rows.flatMap(({ read }) => {
          const value = read.values[column.field];
          return Array.isArray(value)
            ? (value as string[])
            : value === undefined || value === null
              ? []
              : [String(value)];
        });
        await loadReferences(column.reference.path, column.reference.by, codes);
      }
    // the records the keys name: the batch's existing rows, then the rows it creates
    const existingByKey = new Map<string, Row[]>();
    const keys = [...new Set(rows.map(({ read }) => read.key).filter((key) => key !== ''))];
    if (keys.length > 0)
      for (const row of await trx
        .selectFrom(spec.table)
        .selectAll()
        .where(keyField, 'in', keys)
        .execute()) {
        const key = String(row[keyField]);
        existingByKey.set(key, [...(existingByKey.get(key) ?? []), row]);
      }

    interface Pending {
      line: number;
      cells: string[];
      write: WriteContext;
      values: Row;
      stored: Row;
    }
    let pending: Pending[] = [];
    const audits: AuditEntryInput[] = [];
    const pendingKeys = new Set<string>();

    async function flushCreates() {
      if (pending.length === 0) return;
      // one statement per set of columns (a row may leave out an optional cell)
      const ids = new Map<string, number>();
      // the tenant's license has room for them (a site at a time: each check counts the rows the
      // previous sites' inserts added)
      const bySite = new Map<number, Pending[]>();
      for (const p of pending) {
        const site = Number(p.stored.groupId);
        bySite.set(site, [...(bySite.get(site) ?? []), p]);
      }
      for (const [site, rowsOfSite] of bySite) {
        await requireLicenseRoom(rowsOfSite[0]!.write, spec.path, site, rowsOfSite.length);
        const byColumns = new Map<string, Row[]>();
        for (const p of rowsOfSite) {
          const columnsKey = Object.keys(p.stored).sort().join();
          byColumns.set(columnsKey, [...(byColumns.get(columnsKey) ?? []), p.stored]);
        }
        for (const group of byColumns.values()) {
          const inserted = await trx
            .insertInto(spec.table)
            .values(group)
            .returning(['id', keyField])
            .execute();
          for (const row of inserted) ids.set(String(row[keyField]), Number(row.id));
        }
      }
      for (const p of pending) {
        const key = String(p.stored[keyField]);
        const id = ids.get(key)!;
        await spec.afterInsert?.(id, p.values, p.write);
        await spec.afterWrite?.(id, p.values, p.write);
        const after = { ...p.stored, id };
        existingByKey.set(key, [...(existingByKey.get(key) ?? []), after]);
        audits.push({
          action: 'create',
          resource: spec.path,
          recordId: id,
          recordName: recordNameOf(after),
          tenantId: await tenantIdOf(Number(p.stored.groupId)),
          ...auditActor(caller),
          changes: fieldChanges(undefined, after, ignored),
        });
      }
      outcome.created += pending.length;
      pending = [];
      pendingKeys.clear();
    }

    for (const { cells, line, read } of rows) {
      outcome.totalRows += 1;
      if (read.problems.length > 0) {
        record(read.problems, cells, line);
        continue;
      }
      const problems: ImportProblem[] = [];
      const body: Row = {};
      // the row's group first: it decides the tenant its references and key belong to
      let groupId = options.defaultGroupId;
      const groupColumn = columns.find((column) => column.field === 'groupId')!;
      if (read.values.groupId !== undefined) {
        const found = await referenceId(
          'group',
          groupColumn.reference!.by,
          String(read.values.groupId),
          undefined,
        );
        if (typeof found === 'string')
          problems.push({ line, ...importColumnOf(head, 'groupId'), message: found });
        else groupId = body.groupId = found;
      }
      const tenantId = await tenantIdOf(groupId);
      for (const column of columns) {
        const value = read.values[column.field];
        if (value === undefined || column.field === 'groupId') continue;
        // null: the cell cleared the field (core's IMPORT_CLEAR_MARKER): a text field to its
        // default (''), a reference to none
        if (value === null && !column.reference) {
          body[column.field] = allFields(spec)[column.field]?.default ?? null;
          continue;
        }
        if (!column.reference || value === null) {
          body[column.field] = value;
          continue;
        }
        const { path, by } = column.reference;
        const codes = Array.isArray(value) ? (value as string[]) : [String(value)];
        const ids: number[] = [];
        for (const code of codes) {
          const found = await referenceId(path, by, code, tenantId);
          if (typeof found === 'string')
            problems.push({ line, ...importColumnOf(head, column.field), message: found });
          else ids.push(found);
        }
        body[column.field] = Array.isArray(value) ? ids : ids[0];
      }
      if (problems.length > 0) {
        // the row's other cells are told too, not only its unknown references
        try {
          parseWriteBody(spec, body, 'patch');
        } catch (error) {
          const named = new Set(problems.map((p) => p.column));
          for (const more of problemsOf(error, head, line) ?? [])
            if (!named.has(more.column)) problems.push(more);
        }
        record(
          problems.sort((a, b) => a.column - b.column),
          cells,
          line,
        );
        continue;
      }
      if (pendingKeys.has(read.key)) await flushCreates();
      // tenants of rows found by key: learnt here (tenantIdOf caches them)
      const sameTenant: Row[] = [];
      for (const row of existingByKey.get(read.key) ?? [])
        if (
          spec.fields[keyField]?.unique === 'global' ||
          (await tenantIdOf(Number(row.groupId))) === tenantId
        )
          sameTenant.push(row);
      const before = sameTenant[0];
      try {
        if (before && isSoftDeleted(before))
          throw new HttpError(409, `a deleted ${spec.path} holds this ${keyField}`, {
            [keyField]: `a deleted ${spec.path} holds this ${keyField}`,
          });
        const mode = before ? 'patch' : 'create';
        requirePermission(caller, spec, before ? 'u' : 'i');
        const values = parseWriteBody(spec, body, mode);
        if (before) {
          const readable = readableGroups(caller, spec);
          if (readable && !readable.has(ownerOf(spec, before)))
            throw new HttpError(409, `A ${spec.path} with this ${keyField} already exists`, {
              [keyField]: 'duplicate',
            });
          requireWritable(spec, before, caller);
          if (values.groupId !== undefined) requireWritableGroup(caller, values.groupId as number);
        } else {
          values.groupId ??= groupId;
          requireWritableGroup(caller, values.groupId as number);
        }
        const write: WriteContext = before
          ? { ctx, caller, trx, existing: before }
          : { ctx, caller, trx };
        await spec.beforeWrite?.(values, write);
        const rowGroup = Number(values.groupId ?? before?.groupId);
        // the same references checked once per distinct combination (a file names a few types)
        const signature = JSON.stringify([
          rowGroup,
          ...columns.map((c) => (c.reference ? values[c.field] : null)),
        ]);
        if (!checkedReferences.has(signature)) {
          await checkReferences(spec, values, rowGroup, write);
          checkedReferences.add(signature);
        }
        const stored = storage(spec, values);
        for (const key of COMPUTED_ON_CREATE) if (key in values) stored[key] = values[key];
        if (!before || values.groupId !== undefined) {
          if (!scopes.has(rowGroup))
            scopes.set(rowGroup, await uniqueScopeOf(spec, rowGroup, write));
          const scope = scopes.get(rowGroup);
          if (scope !== undefined) stored.uniqueScope = scope;
        }
        const now = Date.now();
        if (spec.modifiedAt) stored[spec.modifiedAt] = now;
        if (outcome.preview.length < PREVIEW_ROWS)
          outcome.preview.push({
            line,
            action: before ? 'update' : 'create',
            values: shownValues(values, read.values),
          });
        if (!before) {
          if (spec.createdAt) stored[spec.createdAt] = now;
          pending.push({ line, cells, write, values, stored });
          pendingKeys.add(read.key);
          continue;
        }
        if (Object.keys(stored).length > 0)
          await trx.updateTable(spec.table).set(stored).where('id', '=', before.id).execute();
        await spec.afterWrite?.(Number(before.id), values, write);
        const after = { ...before, ...stored };
        existingByKey.set(read.key, [after]);
        outcome.updated += 1;
        audits.push({
          action: 'update',
          resource: spec.path,
          recordId: Number(before.id),
          recordName: recordNameOf(after),
          tenantId,
          ...auditActor(caller),
          changes: fieldChanges(before, after, ignored),
        });
      } catch (error) {
        const found = problemsOf(error, head, line);
        if (!found) throw error;
        record(found, cells, line);
      }
    }
    await flushCreates();
    await appendAuditEntries(reader, origin, audits);
  }

  function shownValues(
    values: Row,
    given: Readonly<Record<string, unknown>>,
  ): Record<string, string> {
    const shown: Record<string, string> = {};
    for (const column of columns) {
      if (column.kind === 'password') continue;
      const value = column.reference ? given[column.field] : values[column.field];
      if (value === undefined || value === null) continue;
      shown[column.name] = Array.isArray(value) ? value.join('|') : String(value);
    }
    return shown;
  }

  const parser = Readable.from(options.chunks).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true }),
  );
  let batch: Array<{ cells: string[]; line: number }> = [];
  let read = 0;
  try {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const cells = item.record;
      const line = item.info.lines;
      if (!header) {
        header = readImportHeader(resource, cells);
        headerCells = cells;
        header.columns.forEach((column, index) => {
          if (column?.kind === 'password') passwordIndex.add(index);
        });
        if (header.problems.length > 0) {
          record(header.problems, cells, 1, false);
          fatal = header.problems.some((p) => p.columnName === keyField && p.column > cells.length);
        }
        continue;
      }
      read += 1;
      if (fatal) {
        outcome.totalRows += 1;
        continue;
      }
      batch.push({ cells, line });
      if (batch.length >= IMPORT_BATCH_ROWS) {
        await processBatch(batch);
        batch = [];
        await options.afterBatch?.(read);
      }
    }
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_')))
      throw error;
    const lines = (error as { lines?: number }).lines ?? 0;
    outcome.errorRows += 1;
    outcome.problems.push({
      line: lines,
      column: 0,
      columnName: '',
      message: `not a CSV file: ${error.message}`,
    });
    fatal = true;
  }
  if (!fatal && batch.length > 0) await processBatch(batch);
  if (!header)
    outcome.problems.push({
      line: 1,
      column: 0,
      columnName: '',
      message: 'the file is empty: a header line is required',
    });
  await options.afterBatch?.(read);
  if (errorLines.length > 0 || outcome.problems.length > 0)
    outcome.errorFile = `\uFEFF${[...headerCells, 'line', 'problems'].map(csvCell).join(',')}\r\n${errorLines.join('')}`;
  return outcome;
}
