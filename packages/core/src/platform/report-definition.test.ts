import { describe, expect, it } from 'vitest';
import * as ReportDefinition from './report-definition.ts';
import type { ReportField } from './report-definition.ts';
import { RESOURCE_CATALOG } from './resource-catalog.ts';
import type { CatalogField } from './resource-catalog.ts';

describe('reportable resources and their fields', () => {
  it('are catalog resources; reports, folders and secrets are not reported on', () => {
    for (const resource of ReportDefinition.REPORTABLE_RESOURCES)
      expect(RESOURCE_CATALOG[resource]).toBeDefined();
    expect(ReportDefinition.isReportableResource('thing')).toBe(true);
    for (const other of ['reportDefinition', 'folder', 'endpoint', 'nope', 3, undefined])
      expect(ReportDefinition.isReportableResource(other)).toBe(false);
    expect(ReportDefinition.reportFields('folder')).toEqual([]);
  });

  it.each([
    ['thing', 'name', { kind: 'text', groupable: true, listed: true }],
    [
      'thing',
      'status',
      { kind: 'enumeration', values: ['active', 'maintenance', 'retired', 'lost'] },
    ],
    ['thing', 'zoneId', { kind: 'reference', reference: 'zone', groupable: true }],
    ['thing', 'creationTime', { kind: 'time', groupable: false, listed: false }],
    ['zone', 'description', { kind: 'text', groupable: false }],
    ['zone', 'color', { kind: 'text', listed: false }],
    ['group', 'treeLevel', { kind: 'number', groupable: true }],
    ['scheduledRule', 'enabled', { kind: 'boolean', groupable: true }],
    ['user', 'email', { kind: 'text', maxLength: 254 }],
  ] as const)('%s.%s is %o', (resource, name, expected) => {
    expect(ReportDefinition.reportField(resource, name)).toMatchObject({ name, ...expected });
  });

  it.each([
    ['user', 'password'],
    ['user', 'roleIds'],
    ['zone', 'points'],
    ['connection', 'properties'],
    ['thing', 'nope'],
  ])('%s.%s is no report field', (resource, name) => {
    expect(ReportDefinition.reportField(resource, name)).toBeUndefined();
  });
});

describe('the operator table', () => {
  it.each([
    ['text', ['=', '!=', '~', 'startsWith', 'isEmpty', 'isNotEmpty']],
    ['number', ['=', '!=', '<', '>', '<=', '>=', 'isEmpty', 'isNotEmpty']],
    ['time', ['<', '>', '<=', '>=', 'isEmpty', 'isNotEmpty']],
    ['boolean', ['=']],
    ['enumeration', ['=', '!=', 'isEmpty', 'isNotEmpty']],
    ['reference', ['=', '!=', 'isEmpty', 'isNotEmpty']],
  ] as const)('%s offers %j', (kind, operators) => {
    expect(ReportDefinition.REPORT_OPERATORS[kind]).toEqual(operators);
  });

  it.each([
    ['=', true],
    ['~', true],
    ['<=', true],
    ['isEmpty', false],
    ['isNotEmpty', false],
  ] as const)('%s takes a value: %s', (operator, takes) => {
    expect(ReportDefinition.operatorTakesValue(operator)).toBe(takes);
  });
});

describe('filter values against the field', () => {
  const field = (kind: ReportField['kind'], extra: Partial<ReportField> = {}): ReportField => ({
    name: 'f',
    kind,
    groupable: true,
    listed: true,
    ...extra,
  });
  it.each([
    ['text', 'dock', undefined],
    ['text', '  ', 'valueRequired'],
    ['text', 'x'.repeat(201), 'tooLong'],
    ['number', '-12', undefined],
    ['number', '1.5', 'notANumber'],
    ['time', '2026-01-31', undefined],
    ['time', '1767139200000', undefined],
    ['time', '2026-01-31T10:00:00Z', undefined],
    ['time', 'yesterday', 'notATime'],
    ['boolean', 'true', undefined],
    ['boolean', 'false', undefined],
    ['boolean', 'yes', 'notABoolean'],
    ['reference', '42', undefined],
    ['reference', '0', 'notAnId'],
    ['reference', 'Dock', 'notAnId'],
  ] as const)('%s %j → %s', (kind, value, code) => {
    expect(ReportDefinition.filterValueProblem(field(kind), value)?.code).toBe(code);
  });

  it('checks an enumeration against its values (and a field with none refuses all)', () => {
    const status = field('enumeration', { values: ['active', 'lost'] });
    expect(ReportDefinition.filterValueProblem(status, 'lost')).toBeUndefined();
    expect(ReportDefinition.filterValueProblem(status, 'gone')).toMatchObject({
      code: 'notInEnumeration',
      message: 'one of active, lost',
    });
    expect(ReportDefinition.filterValueProblem(field('enumeration'), 'x')?.code).toBe(
      'notInEnumeration',
    );
  });

  it('uses the field’s own maximum length', () => {
    expect(ReportDefinition.filterValueProblem(field('text', { maxLength: 3 }), 'abcd')).toEqual({
      code: 'tooLong',
      message: 'at most 3 characters',
    });
  });

  it.each([
    ['2026-01-31', Date.UTC(2026, 0, 31)],
    ['2026-01-31T10:00:00Z', Date.UTC(2026, 0, 31, 10)],
    ['2026-01-31T10:00:00+02:00', Date.UTC(2026, 0, 31, 8)],
    ['1000', 1000],
    ['2026-13-45', undefined],
    ['31/01/2026', undefined],
  ])('time %s is %s ms', (text, ms) => {
    expect(ReportDefinition.reportTimeValue(text)).toBe(ms);
  });

  const hour = 3_600_000;
  it.each([
    // a date is the whole day on the runner's clock, however long the day is
    ['2026-01-31', 'UTC', Date.UTC(2026, 0, 31), Date.UTC(2026, 1, 1)],
    ['2026-01-31', 'America/Chicago', Date.UTC(2026, 0, 31, 6), Date.UTC(2026, 1, 1, 6)],
    ['2026-03-08', 'America/Chicago', Date.UTC(2026, 2, 8, 6), Date.UTC(2026, 2, 8, 6) + 23 * hour],
    [
      '2026-11-01',
      'America/Chicago',
      Date.UTC(2026, 10, 1, 5),
      Date.UTC(2026, 10, 1, 5) + 25 * hour,
    ],
    ['2026-01-31', 'Asia/Kolkata', Date.UTC(2026, 0, 30, 18, 30), Date.UTC(2026, 0, 31, 18, 30)],
    ['2026-01-31', 'Mars/Olympus', Date.UTC(2026, 0, 31), Date.UTC(2026, 1, 1)],
    // a time is the minute, second or millisecond it names; without an offset, on that clock
    ['2026-01-31T10:00', 'Europe/Berlin', Date.UTC(2026, 0, 31, 9), Date.UTC(2026, 0, 31, 9, 1)],
    [
      '2026-07-31 10:00:30',
      'Europe/Berlin',
      Date.UTC(2026, 6, 31, 8, 0, 30),
      Date.UTC(2026, 6, 31, 8, 0, 31),
    ],
    [
      '2026-01-31T10:00:00Z',
      'Europe/Berlin',
      Date.UTC(2026, 0, 31, 10),
      Date.UTC(2026, 0, 31, 10, 0, 1),
    ],
    [
      '2026-01-31T10:00:00.5+02:00',
      'UTC',
      Date.UTC(2026, 0, 31, 8, 0, 0, 500),
      Date.UTC(2026, 0, 31, 8, 0, 0, 501),
    ],
    ['2026-01-31T10:00-0330', 'UTC', Date.UTC(2026, 0, 31, 13, 30), Date.UTC(2026, 0, 31, 13, 31)],
    ['1000', 'America/Chicago', 1000, 1001],
  ])('time %s in %s spans %s to %s', (text, zone, start, end) => {
    expect(ReportDefinition.reportTimeSpan(text, zone)).toEqual({ start, end });
  });

  it.each(['2026-02-30', '2026-01-31T25:00', '2026-01-31T10:60', '31/01/2026', 'today', ''])(
    '%s is not a time',
    (text) => {
      expect(ReportDefinition.reportTimeSpan(text, 'Europe/Berlin')).toBeUndefined();
    },
  );
});

describe('checkReportDefinition', () => {
  const good = {
    resource: 'thing',
    reportProperty: [{ propertyName: 'name' }, { propertyName: 'status' }],
    reportFilter: [
      { propertyName: 'status', operator: '!=', value: 'retired' },
      { propertyName: 'name', operator: '~', value: ' dock ' },
      { propertyName: 'zoneId', operator: 'isEmpty', value: 'ignored' },
    ],
    reportGroupBy: [{ propertyName: 'status' }],
    sortBy: { propertyName: 'name', direction: 'desc' },
  };

  it('accepts a good definition, trimming values and dropping the value of isEmpty', () => {
    expect(ReportDefinition.checkReportDefinition(good)).toEqual({
      ok: true,
      // the definition as given but for its filters' values
      query: {
        ...good,
        reportFilter: [
          { propertyName: 'status', operator: '!=', value: 'retired' },
          { propertyName: 'name', operator: '~', value: 'dock' },
          { propertyName: 'zoneId', operator: 'isEmpty', value: '' },
        ],
      },
    });
  });

  it('takes absent parts as empty and a sort without a direction as ascending', () => {
    expect(
      ReportDefinition.checkReportDefinition({
        resource: 'zone',
        sortBy: { propertyName: 'name' },
      }),
    ).toEqual({
      ok: true,
      query: {
        resource: 'zone',
        reportProperty: [],
        reportFilter: [],
        reportGroupBy: [],
        sortBy: { propertyName: 'name', direction: 'asc' },
      },
    });
    expect(
      ReportDefinition.checkReportDefinition({ resource: 'zone', sortBy: null }),
    ).toMatchObject({
      ok: true,
      query: { sortBy: null },
    });
  });

  const problems = (input: Record<string, unknown>) => {
    const result = ReportDefinition.checkReportDefinition(input);
    return result.ok ? [] : result.problems.map((p) => `${p.path} ${p.code}`);
  };

  it.each([
    [{ resource: 'folder' }, ['resource notReportable']],
    [{}, ['resource notReportable']],
    [{ resource: 'thing', reportProperty: 'name' }, ['reportProperty notAList']],
    [
      { resource: 'thing', reportProperty: [{ propertyName: 'password' }, 'name'] },
      ['reportProperty.0.propertyName unknownField', 'reportProperty.1.propertyName unknownField'],
    ],
    [
      { resource: 'thing', reportProperty: [{ propertyName: 'name' }, { propertyName: 'name' }] },
      ['reportProperty.1.propertyName duplicate'],
    ],
    [
      {
        resource: 'thing',
        reportProperty: Array.from({ length: ReportDefinition.REPORT_LIMITS.columns + 1 }, () => ({
          propertyName: 'name',
        })),
      },
      [
        'reportProperty tooMany',
        ...Array.from(
          { length: ReportDefinition.REPORT_LIMITS.columns - 1 },
          (_, i) => `reportProperty.${i + 1}.propertyName duplicate`,
        ),
      ],
    ],
    [
      { resource: 'thing', reportFilter: [{ propertyName: 'status', operator: '~', value: 'a' }] },
      ['reportFilter.0.operator badOperator'],
    ],
    [
      {
        resource: 'thing',
        reportFilter: [{ propertyName: 'status', operator: '=', value: 'gone' }],
      },
      ['reportFilter.0.value notInEnumeration'],
    ],
    [
      { resource: 'thing', reportFilter: [{ propertyName: 'name', operator: '=' }] },
      ['reportFilter.0.value valueRequired'],
    ],
    [{ resource: 'thing', reportFilter: [7] }, ['reportFilter.0.propertyName unknownField']],
    [
      { resource: 'thing', reportGroupBy: [{ propertyName: 'creationTime' }] },
      ['reportGroupBy.0.propertyName notGroupable'],
    ],
    [
      { resource: 'thing', reportGroupBy: ['status'] },
      ['reportGroupBy.0.propertyName unknownField'],
    ],
    [
      { resource: 'thing', reportGroupBy: [{ propertyName: 'status' }, { propertyName: 'name' }] },
      ['reportGroupBy tooMany'],
    ],
    [
      { resource: 'zone', sortBy: { propertyName: 'zoneGroupId', direction: 'up' } },
      ['sortBy.direction badDirection'],
    ],
    [
      { resource: 'zone', sortBy: { propertyName: 'points' } },
      ['sortBy.propertyName unknownField'],
    ],
    [{ resource: 'zone', sortBy: 'name' }, ['sortBy.propertyName unknownField']],
    [{ resource: 'logicalReader', sortBy: { propertyName: 'zoneId', direction: 'asc' } }, []],
  ])('%j → %j', (input, expected) => {
    expect(problems(input)).toEqual(expected);
  });

  it('sorts by any report field: the catalog lets the list sort by each', () => {
    for (const resource of ReportDefinition.REPORTABLE_RESOURCES)
      for (const field of ReportDefinition.reportFields(resource)) {
        const catalog: Readonly<Record<string, CatalogField>> = RESOURCE_CATALOG[resource].fields;
        expect(catalog[field.name]?.sortable, `${resource}.${field.name}`).toBe(true);
      }
  });

  it('names the fields there are in an unknown field’s message', () => {
    const result = ReportDefinition.checkReportDefinition({
      resource: 'zoneType',
      reportProperty: [{}],
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          path: 'reportProperty.0.propertyName',
          code: 'unknownField',
          message: 'not a field of zoneType; one of name, code, description',
        },
      ],
    });
  });
});

describe('reportColumns', () => {
  it('are the report’s own, or the list’s when it names none', () => {
    expect(
      ReportDefinition.reportColumns({
        resource: 'thing',
        reportProperty: [{ propertyName: 'status' }],
      }),
    ).toEqual(['status']);
    expect(ReportDefinition.reportColumns({ resource: 'thing', reportProperty: [] })).toEqual([
      'name',
      'serial',
      'thingTypeId',
      'zoneId',
      'status',
      'modifiedTime',
    ]);
  });
});
