import { describe, expect, it } from 'vitest';
import * as CsvImport from './csv-import.ts';
import type { ImportColumn, ImportResource } from './csv-import.ts';

const column = (kind: ImportColumn['kind']): ImportColumn => ({
  name: 'x',
  field: 'x',
  kind,
  key: false,
  required: false,
});

describe('importColumns', () => {
  it.each([
    ['thing', ['name', 'serial', 'thingType', 'zone', 'status', 'group'], 'serial'],
    ['zone', ['name', 'code', 'zoneType', 'zoneGroup', 'color', 'description', 'group'], 'code'],
    [
      'user',
      ['username', 'firstName', 'lastName', 'email', 'group', 'roles', 'password'],
      'username',
    ],
  ] as const)('%s: the catalog’s writable fields, key %s', (resource, names, key) => {
    const columns = CsvImport.importColumns(resource);
    expect(columns.map((c) => c.name)).toEqual(names);
    expect(columns.filter((c) => c.key).map((c) => c.name)).toEqual([key]);
  });

  it.each([
    ['thing', 'thingType', 'thingTypeId', 'thingType', 'code'],
    ['thing', 'group', 'groupId', 'group', 'code'],
    ['zone', 'zoneGroup', 'zoneGroupId', 'zoneGroup', 'name'],
    ['user', 'roles', 'roleIds', 'role', 'name'],
  ] as const)('%s.%s fills %s, naming a %s by its %s', (resource, name, field, path, by) => {
    const found = CsvImport.importColumns(resource).find((c) => c.name === name);
    expect(found?.field).toBe(field);
    expect(found?.reference).toEqual({ path, by });
  });

  it('knows its resources and nothing else', () => {
    for (const resource of CsvImport.IMPORT_RESOURCES)
      expect(CsvImport.isImportResource(resource)).toBe(true);
    for (const other of ['thingType', 'constructor', '', 3, undefined])
      expect(CsvImport.isImportResource(other)).toBe(false);
  });
});

describe('readImportHeader', () => {
  it.each([
    ['thing', ['serial', 'name'], []],
    ['thing', ['\uFEFFserial', ' name '], []],
    ['thing', ['name'], [[1, 2, 'serial', 'the key column serial is required']]],
    ['thing', ['serial', 'colour'], [[1, 2, 'colour', 'unknown column']]],
    ['zone', ['code', 'name', 'code'], [[1, 3, 'code', 'given twice']]],
    ['user', ['username', 'thingType'], [[1, 2, 'thingType', 'unknown column']]],
  ] as const)('%s %j → %j', (resource, cells, expected) => {
    const { problems, columns } = CsvImport.readImportHeader(resource as ImportResource, cells);
    expect(problems.map((p) => [p.line, p.column, p.columnName])).toEqual(
      expected.map(([line, col, name]) => [line, col, name]),
    );
    expected.forEach(([, , , message], index) =>
      expect(problems[index]?.message).toContain(message),
    );
    expect(columns).toHaveLength(cells.length);
  });
});

describe('importCellValue', () => {
  it.each([
    ['text', ' Dock 4 ', 'Dock 4'],
    ['text', '   ', undefined],
    ['longText', ' two\nlines ', ' two\nlines '],
    ['password', ' secret ', ' secret '],
    ['boolean', 'YES', true],
    ['boolean', 'true', true],
    ['boolean', '1', true],
    ['boolean', 'no', false],
    ['boolean', 'False', false],
    ['boolean', '0', false],
    ['integer', '42', 42],
    ['integer', '-7', -7],
    ['references', 'Operator| Viewer ||', ['Operator', 'Viewer']],
    ['reference', ' DOCK ', 'DOCK'],
    ['enumeration', 'active', 'active'],
  ] as const)('%s %j → %j', (kind, cell, value) => {
    expect(CsvImport.importCellValue(column(kind), cell)).toEqual({ value });
  });

  it.each([
    ['boolean', 'maybe', 'true or false'],
    ['integer', '4.5', 'a whole number'],
    ['integer', '1e3', 'a whole number'],
  ] as const)('%s %j is refused: %s', (kind, cell, error) => {
    expect(CsvImport.importCellValue(column(kind), cell)).toEqual({ error });
  });
});

describe(`${CsvImport.IMPORT_CLEAR_MARKER}: the marker that clears an optional field`, () => {
  const required = (kind: ImportColumn['kind']): ImportColumn => ({
    ...column(kind),
    required: true,
  });

  it.each([
    ['text', '(empty)', null],
    ['text', ' (EMPTY) ', null],
    ['longText', '(Empty)', null],
    ['integer', '(empty)', null],
    ['reference', '(empty)', null],
    ['enumeration', '(empty)', null],
    ['references', '(empty)', []],
    // not the marker: a value like any other
    ['text', '(empty) room', '(empty) room'],
    ['text', 'empty', 'empty'],
    ['text', '()', '()'],
  ] as const)('an optional %s cell %j → %j', (kind, cell, value) => {
    expect(CsvImport.importCellValue(column(kind), cell)).toEqual({ value });
  });

  it.each(['text', 'reference', 'references', 'integer'] as const)(
    'a required %s refuses it, and says an empty cell keeps it',
    (kind) => {
      expect(CsvImport.importCellValue(required(kind), '(empty)').error).toMatch(
        /^required: \(empty\) cannot clear it \(an empty cell keeps it\)$/,
      );
    },
  );

  it.each([
    ['thing', ['serial', 'name', 'group'], []],
    ['thing', ['zone', 'status'], ['zone', 'status']],
    ['zone', ['color', 'description', 'zoneGroup'], ['zoneGroup', 'color', 'description']],
    ['zone', ['code', 'name', 'zoneType', 'group'], []],
    ['user', ['username', 'password', 'group'], []],
    [
      'user',
      ['firstName', 'lastName', 'email', 'roles'],
      ['firstName', 'lastName', 'email', 'roles'],
    ],
  ] as const)('%s: of %j these can be cleared: %j', (resource, names, clearable) => {
    const columns = CsvImport.importColumns(resource).filter((c) =>
      (names as readonly string[]).includes(c.name),
    );
    expect(columns.filter((c) => !c.required).map((c) => c.name)).toEqual(clearable);
  });

  it('is named by line and column in a row; an empty cell still leaves the field out', () => {
    const header = CsvImport.readImportHeader('thing', ['serial', 'name', 'zone', 'status']);
    expect(CsvImport.readImportRow('thing', header, ['S-1', '', '(empty)', ''], 4)).toEqual({
      values: { serial: 'S-1', zoneId: null },
      key: 'S-1',
      problems: [],
    });
    expect(
      CsvImport.readImportRow('thing', header, ['S-1', '(empty)', '', ''], 4).problems,
    ).toEqual([
      {
        line: 4,
        column: 2,
        columnName: 'name',
        message: 'required: (empty) cannot clear it (an empty cell keeps it)',
      },
    ]);
  });
});

describe('readImportRow', () => {
  const header = CsvImport.readImportHeader('thing', ['serial', 'name', 'bogus', 'thingType']);

  it('gives the fields of the non-empty cells, the key, no problems', () => {
    expect(CsvImport.readImportRow('thing', header, ['S-1', 'Pallet', 'x', 'PALLET'], 2)).toEqual({
      values: { serial: 'S-1', name: 'Pallet', thingTypeId: 'PALLET' },
      key: 'S-1',
      problems: [],
    });
    expect(CsvImport.readImportRow('thing', header, ['S-1', '', '', ''], 2).values).toEqual({
      serial: 'S-1',
    });
  });

  it.each([
    [['', 'Pallet'], [[7, 1, 'serial', 'required']]],
    [['S-1', 'P', '', 'T', 'extra'], [[7, 5, '', 'beyond the last column']]],
    [['S-1', 'P', '', 'T', ' '], []],
  ] as const)('%j → %j', (cells, expected) => {
    const { problems } = CsvImport.readImportRow('thing', header, cells, 7);
    expect(problems.map((p) => [p.line, p.column, p.columnName])).toEqual(
      expected.map(([line, col, name]) => [line, col, name]),
    );
    expected.forEach(([, , , message], index) =>
      expect(problems[index]?.message).toContain(message),
    );
  });

  it('names a bad cell by its line and column', () => {
    const users = CsvImport.readImportHeader('user', ['username', 'roles', 'email']);
    const ok = CsvImport.readImportRow('user', users, ['ann', 'A|B', ''], 3);
    expect(ok.values).toEqual({ username: 'ann', roleIds: ['A', 'B'] });
    const zones = CsvImport.readImportHeader('zone', ['code']);
    expect(CsvImport.readImportRow('zone', zones, ['Z1'], 2).key).toBe('Z1');
    const flagged = CsvImport.readImportHeader('thing', ['serial', 'name']);
    expect(CsvImport.readImportRow('thing', flagged, ['  '], 4).problems[0]).toMatchObject({
      line: 4,
      column: 1,
    });
  });

  it('a row without its key column in the header reports no key problem (the header did)', () => {
    const noKey = CsvImport.readImportHeader('thing', ['name']);
    expect(CsvImport.readImportRow('thing', noKey, ['P'], 2)).toEqual({
      values: { name: 'P' },
      key: '',
      problems: [],
    });
  });

  it('reports a bad boolean-free cell error with its column name', () => {
    const users = CsvImport.readImportHeader('user', ['username', 'email']);
    const badColumn: ImportColumn = {
      name: 'n',
      field: 'n',
      kind: 'integer',
      key: false,
      required: false,
    };
    const custom = { columns: [...users.columns, badColumn], problems: [] };
    expect(CsvImport.readImportRow('user', custom, ['ann', '', 'x'], 9).problems).toEqual([
      { line: 9, column: 3, columnName: 'n', message: 'a whole number' },
    ]);
  });
});

describe('importColumnOf', () => {
  it.each([
    ['thingTypeId', { column: 3, columnName: 'thingType' }],
    ['serial', { column: 1, columnName: 'serial' }],
    ['zoneId', { column: 0, columnName: 'zoneId' }],
  ])('%s → %j', (field, expected) => {
    const header = CsvImport.readImportHeader('thing', ['serial', 'name', 'thingType']);
    expect(CsvImport.importColumnOf(header, field)).toEqual(expected);
  });
});
