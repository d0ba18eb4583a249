// The shape of a resource definition: one generic mechanism (resource-routes.ts) serves every
// resource from these declarations.
import type { CatalogPath } from '@portico/core';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../auth/directory.ts';
import type { ServicesContext } from '../services-context.ts';

export type FieldKind =
  'string' | 'integer' | 'boolean' | 'json' | 'time' | 'ref' | 'idList' | 'stringList';

export interface FieldSpec {
  kind: FieldKind;
  /** Validator of a client-written value; absent = read-only. */
  write?: z.ZodType;
  /** Must be given on create (and on PUT). */
  required?: boolean;
  /** Stored on create when the client gives nothing. */
  default?: unknown;
  /** Part of the case-insensitive `filter` text search. */
  search?: boolean;
  /** Usable as an exact-match query parameter (`thingTypeId=3`). */
  filter?: boolean;
  /** Usable in `order`. Default true for scalar kinds. */
  sort?: boolean;
  /** For ref / idList: the referenced resource path (`thingType`). */
  ref?: string;
  nullable?: boolean;
  /** Never in the JSON (password hashes). */
  hidden?: boolean;
  /**
   * A non-empty value must be unique: among the rows of the row's tenant (`tenant`), or of the whole
   * table (`global`). A duplicate is refused with 409 `{error, field}`.
   */
  unique?: 'tenant' | 'global';
}

export type Row = Record<string, unknown>;
export type Json = Record<string, unknown>;

export interface WriteContext {
  readonly ctx: ServicesContext;
  readonly caller: Caller;
  readonly trx: Transaction<Record<string, Row>>;
  /** The row before the write (update); undefined on create. */
  readonly existing?: Row;
}

export interface ReadContext {
  readonly ctx: ServicesContext;
  readonly caller: Caller;
  readonly db: Kysely<Record<string, Row>>;
}

/**
 * Who may read a row: `tree` = the caller's group and below; `tenant` = also the caller's ancestors
 * inside its tenant (shared model data such as thing types); `global` = also the root's rows.
 * Writes always need the row in the caller's own tree.
 */
export type Visibility = 'tree' | 'tenant' | 'global';

export interface ResourceSpec {
  /** The singular API path (`thing`): a resource of the catalog. */
  path: CatalogPath;
  table: string;
  /** Permission resource name (`thing` → `thing:r`). */
  permission: string;
  visibility: Visibility;
  /** The column that places a row in the group tree: `groupId`, or `id` for groups themselves. */
  ownerColumn?: 'groupId' | 'id';
  /** Field shown in resolved references (`{id, name}`). */
  displayField?: string;
  fields: Record<string, FieldSpec>;
  /** Keys the JSON carries besides fields (ignored when a client sends them back). */
  outputOnly?: readonly string[];
  /**
   * The real platform's names of fields Portico names otherwise (`thingTypeCode` → `code`): answered
   * beside the field, accepted in writes (the field's own key wins when both are sent), in `where`,
   * `order` and `only`.
   */
  aliases?: Readonly<Record<string, string>>;
  createdAt?: string;
  modifiedAt?: string;
  /** Tables whose caches depend on this one (the directory: users, roles, groups). */
  invalidatesDirectory?: boolean;
  beforeWrite?(values: Row, write: WriteContext): Promise<void>;
  afterInsert?(id: number, values: Row, write: WriteContext): Promise<void>;
  afterWrite?(id: number, values: Row, write: WriteContext): Promise<void>;
  beforeDelete?(row: Row, write: WriteContext): Promise<void>;
  /** Runs in the transaction after the row is gone (throwing rolls the delete back). */
  afterDelete?(write: WriteContext): Promise<void>;
  /** Adds computed keys to a page of JSON rows. */
  decorate?(items: Json[], rows: Row[], read: ReadContext): Promise<void>;
}
