import { describe, expect, it } from 'vitest';
import {
  CONNECTION_TYPES,
  EDGEBOX_STATUSES,
  EDGEBOX_TYPES,
  REPORT_TYPES,
  RESOURCE_ENUMERATIONS,
  RESOURCE_TYPE_NAMES,
  THING_STATUSES,
} from './enumerations.ts';

describe('resource enumerations', () => {
  it.each([
    ['thing', 'status', THING_STATUSES, ['active', 'maintenance', 'retired', 'lost']],
    ['resource', 'typeName', RESOURCE_TYPE_NAMES, ['class', 'module']],
    ['connection', 'type', CONNECTION_TYPES, ['MQTT', 'KAFKA', 'REST', 'SQL', 'FTP']],
    ['edgebox', 'type', EDGEBOX_TYPES, ['edge', 'core']],
    ['edgebox', 'status', EDGEBOX_STATUSES, ['online', 'offline']],
    ['reportDefinition', 'reportType', REPORT_TYPES, ['table', 'map', 'summary']],
  ] as const)('%s.%s is %j', (resource, field, values, expected) => {
    expect(values).toEqual(expected);
    expect((RESOURCE_ENUMERATIONS[resource] as Record<string, readonly string[]>)[field]).toBe(
      values,
    );
  });

  it('indexes every enumeration once, each a set of distinct, non-empty values', () => {
    const all = Object.values(RESOURCE_ENUMERATIONS).flatMap((fields) => Object.values(fields));
    expect(all).toHaveLength(6);
    for (const values of all) {
      expect(values.length).toBeGreaterThan(0);
      expect(new Set(values).size).toBe(values.length);
      for (const value of values) expect(value).toMatch(/^[A-Za-z]+$/);
    }
  });
});
