/**
 * Importing a CSV file of records: which resources take one, their columns (the catalog's writable
 * fields; a reference is written as the referred row's code, or its name where it has no code), the
 * key column that decides between an update and a create, and how a header line and a row's cells
 * become a write body. The services validate that body with the same rules as an API write.
 */
import { catalogEntry } from './resource-catalog.ts';
import type { CatalogFieldKind } from './resource-catalog.ts';

/** The resources a CSV file can be imported into, and the key column of each. */
export const IMPORT_KEYS = { thing: 'serial', zone: 'code', user: 'username' } as const;

export type ImportResource = keyof typeof IMPORT_KEYS;

export const IMPORT_RESOURCES = Object.keys(IMPORT_KEYS) as readonly ImportResource[];

/**
 * A cell holding exactly this (spaces around it and letter case aside) clears an optional field: an
 * empty cell leaves the field as it is on an update (a file of a few columns changes only those), so
 * clearing needs a word no real value is. A field that must have a value refuses it.
 */
export const IMPORT_CLEAR_MARKER = '(empty)';

/** The separator of several references in one cell (a user's roles: `Operator|Viewer`). */
export const IMPORT_LIST_SEPARATOR = '|';

export function isImportResource(value: unknown): value is ImportResource {
  return typeof value === 'string' && Object.hasOwn(IMPORT_KEYS, value);
}

export interface ImportColumn {
  /** The header of the column (`thingType`). */
  readonly name: string;
  /** The field of the write body it fills (`thingTypeId`). */
  readonly field: string;
  readonly kind: CatalogFieldKind;
  /** For a reference: the API path of the row it names, and the field naming it (`code`). */
  readonly reference?: { readonly path: string; readonly by: string };
  /** The key column: a row whose key exists updates that record, any other creates one. */
  readonly key: boolean;
  /** A value is required (or it is the key): IMPORT_CLEAR_MARKER cannot clear it. */
  readonly required: boolean;
}

/** The field of a resource that names its rows in a CSV cell: `code` where it has one. */
function lookupFieldOf(path: string): string {
  // resource-catalog.test.ts holds every reference of the catalog to an entry of it
  const entry = catalogEntry(path)!;
  return 'code' in entry.fields ? 'code' : entry.titleField;
}

function columnNameOf(field: string, kind: CatalogFieldKind): string {
  if (kind === 'references') return `${field.replace(/Ids$/, '')}s`;
  return kind === 'reference' ? field.replace(/Id$/, '') : field;
}

/**
 * A resource's import columns, in catalog order: every field a client writes, and the owning group
 * (`group`, by code) where the catalog does not list it.
 */
export function importColumns(resource: ImportResource): readonly ImportColumn[] {
  const entry = catalogEntry(resource)!;
  const columns: ImportColumn[] = [];
  const fields = { ...entry.fields };
  if (!('groupId' in fields))
    Object.assign(fields, { groupId: { kind: 'reference', reference: 'group' } });
  for (const [field, spec] of Object.entries(fields)) {
    if ('readOnly' in spec && spec.readOnly) continue;
    // a zone's outline is drawn in the zone builder, not typed in a cell
    if (spec.kind === 'outline') continue;
    const target = 'reference' in spec ? spec.reference : undefined;
    columns.push({
      name: columnNameOf(field, spec.kind),
      field,
      kind: spec.kind,
      ...(target ? { reference: { path: target, by: lookupFieldOf(target) } } : {}),
      key: field === IMPORT_KEYS[resource],
      // a record is always in a group; a password or a yes/no has no empty value
      required:
        ('required' in spec && spec.required === true) ||
        field === IMPORT_KEYS[resource] ||
        field === 'groupId' ||
        spec.kind === 'password' ||
        spec.kind === 'boolean',
    });
  }
  return columns;
}

/** A problem of one cell (or of the header, line 1): its line and column (both from 1). */
export interface ImportProblem {
  readonly line: number;
  readonly column: number;
  /** The column's header ('' when the cell has none). */
  readonly columnName: string;
  readonly message: string;
}

export interface ImportHeader {
  /** The column of each position of a row (undefined: a column refused in the header). */
  readonly columns: ReadonlyArray<ImportColumn | undefined>;
  readonly problems: readonly ImportProblem[];
}

/** Reads the header line: known columns, each once, and the key column present. */
export function readImportHeader(resource: ImportResource, cells: readonly string[]): ImportHeader {
  const known = new Map(importColumns(resource).map((column) => [column.name, column]));
  const seen = new Set<string>();
  const problems: ImportProblem[] = [];
  const columns = cells.map((raw, index) => {
    const name = raw.replace(/^\uFEFF/, '').trim();
    const column = known.get(name);
    const at = { line: 1, column: index + 1, columnName: name };
    if (!column) {
      problems.push({
        ...at,
        message: `unknown column: one of ${[...known.keys()].join(', ')}`,
      });
      return undefined;
    }
    if (seen.has(name)) {
      problems.push({ ...at, message: 'this column is given twice' });
      return undefined;
    }
    seen.add(name);
    return column;
  });
  const key = IMPORT_KEYS[resource];
  if (!seen.has(key))
    problems.push({
      line: 1,
      column: cells.length + 1,
      columnName: key,
      message: `the key column ${key} is required`,
    });
  return { columns, problems };
}

/**
 * A cell's value in a write body: undefined when the cell is empty (the field is not given), null
 * (an empty list for a list of references) for IMPORT_CLEAR_MARKER (the field is cleared).
 */
export type CellValue =
  | { readonly value: unknown; readonly error?: undefined }
  | { readonly value?: undefined; readonly error: string };

const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

/** The value of one cell of `column`, as the write body takes it (references still by code). */
export function importCellValue(column: ImportColumn, cell: string): CellValue {
  const text = column.kind === 'password' || column.kind === 'longText' ? cell : cell.trim();
  if (text === '') return { value: undefined };
  if (text.trim().toLowerCase() === IMPORT_CLEAR_MARKER) {
    if (column.required)
      return { error: `required: ${IMPORT_CLEAR_MARKER} cannot clear it (an empty cell keeps it)` };
    return { value: column.kind === 'references' ? [] : null };
  }
  switch (column.kind) {
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { error: 'true or false' };
    }
    case 'integer':
      return /^-?\d{1,15}$/.test(text) ? { value: Number(text) } : { error: 'a whole number' };
    case 'references':
      return {
        value: text
          .split(IMPORT_LIST_SEPARATOR)
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      };
    default:
      return { value: text };
  }
}

export interface ImportRow {
  /** The fields given, references still as the codes or names of the rows they name. */
  readonly values: Readonly<Record<string, unknown>>;
  /** The key column's value ('' when empty). */
  readonly key: string;
  readonly problems: readonly ImportProblem[];
}

/** One data line's cells as a write body (line: the line number of the file, the header is 1). */
export function readImportRow(
  resource: ImportResource,
  header: ImportHeader,
  cells: readonly string[],
  line: number,
): ImportRow {
  const values: Record<string, unknown> = {};
  const problems: ImportProblem[] = [];
  const keyField = IMPORT_KEYS[resource];
  cells.forEach((cell, index) => {
    const column = header.columns[index];
    if (index >= header.columns.length) {
      if (cell.trim() !== '')
        problems.push({
          line,
          column: index + 1,
          columnName: '',
          message: 'a cell beyond the last column',
        });
      return;
    }
    if (!column) return;
    const { value, error } = importCellValue(column, cell);
    if (error !== undefined)
      problems.push({ line, column: index + 1, columnName: column.name, message: error });
    else if (value !== undefined) values[column.field] = value;
  });
  const key = typeof values[keyField] === 'string' ? (values[keyField] as string) : '';
  if (key === '') {
    const index = header.columns.findIndex((column) => column?.field === keyField);
    if (index >= 0)
      problems.push({
        line,
        column: index + 1,
        columnName: keyField,
        message: 'required: the key column decides between an update and a create',
      });
  }
  return { values, key, problems };
}

/** The column (from 1) and header of `field` in a file with `header` (0 / the field: not in it). */
export function importColumnOf(
  header: ImportHeader,
  field: string,
): { column: number; columnName: string } {
  const index = header.columns.findIndex((column) => column?.field === field);
  const column = header.columns[index];
  return column ? { column: index + 1, columnName: column.name } : { column: 0, columnName: field };
}
