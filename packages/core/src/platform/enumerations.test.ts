import { describe, expect, it } from 'vitest';
import * as Enumerations from './enumerations.ts';

describe('resource enumerations', () => {
  it.each([
    ['thing', 'status', Enumerations.THING_STATUSES, ['active', 'maintenance', 'retired', 'lost']],
    ['resource', 'typeName', Enumerations.RESOURCE_TYPE_NAMES, ['class', 'module']],
    ['connection', 'type', Enumerations.CONNECTION_TYPES, ['MQTT', 'KAFKA', 'REST', 'SQL', 'FTP']],
    ['edgebox', 'type', Enumerations.EDGEBOX_TYPES, ['edge', 'core']],
    ['edgebox', 'status', Enumerations.EDGEBOX_STATUSES, ['online', 'offline']],
    ['reportDefinition', 'reportType', Enumerations.REPORT_TYPES, ['table', 'map', 'summary']],
    [
      'scheduledRule',
      'action',
      Enumerations.SCHEDULED_RULE_ACTIONS,
      ['runRules', 'sendCommand', 'exportData'],
    ],
    [
      'streamApp',
      'appKind',
      Enumerations.STREAM_APP_KINDS,
      ['mqttBridge', 'dwellTimer', 'fileExporter'],
    ],
    ['streamApp', 'desiredState', Enumerations.STREAM_APP_DESIRED_STATES, ['running', 'stopped']],
    [
      'streamApp',
      'reportedState',
      Enumerations.STREAM_APP_REPORTED_STATES,
      ['unknown', 'running', 'stopped', 'failed'],
    ],
    ['deviceProfile', 'deviceKind', Enumerations.DEVICE_KINDS, ['reader', 'edgebox']],
    [
      'trainedModel',
      'status',
      Enumerations.TRAINED_MODEL_STATUSES,
      ['draft', 'validated', 'deployed', 'retired'],
    ],
  ] as const)('%s.%s is %j', (resource, field, values, expected) => {
    expect(values).toEqual(expected);
    expect(
      (Enumerations.RESOURCE_ENUMERATIONS[resource] as Record<string, readonly string[]>)[field],
    ).toBe(values);
  });

  it('indexes every enumeration once, each a set of distinct, non-empty values', () => {
    const all = Object.values(Enumerations.RESOURCE_ENUMERATIONS).flatMap((fields) =>
      Object.values(fields),
    );
    expect(all).toHaveLength(12);
    for (const values of all) {
      expect(values.length).toBeGreaterThan(0);
      expect(new Set(values).size).toBe(values.length);
      for (const value of values) expect(value).toMatch(/^[A-Za-z]+$/);
    }
  });
});
