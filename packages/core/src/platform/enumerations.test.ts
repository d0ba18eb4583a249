import { describe, expect, it } from 'vitest';
import {
  CONNECTION_TYPES,
  DEVICE_KINDS,
  EDGEBOX_STATUSES,
  EDGEBOX_TYPES,
  REPORT_TYPES,
  RESOURCE_ENUMERATIONS,
  RESOURCE_TYPE_NAMES,
  SCHEDULED_RULE_ACTIONS,
  STREAM_APP_DESIRED_STATES,
  STREAM_APP_KINDS,
  STREAM_APP_REPORTED_STATES,
  THING_STATUSES,
  TRAINED_MODEL_STATUSES,
} from './enumerations.ts';

describe('resource enumerations', () => {
  it.each([
    ['thing', 'status', THING_STATUSES, ['active', 'maintenance', 'retired', 'lost']],
    ['resource', 'typeName', RESOURCE_TYPE_NAMES, ['class', 'module']],
    ['connection', 'type', CONNECTION_TYPES, ['MQTT', 'KAFKA', 'REST', 'SQL', 'FTP']],
    ['edgebox', 'type', EDGEBOX_TYPES, ['edge', 'core']],
    ['edgebox', 'status', EDGEBOX_STATUSES, ['online', 'offline']],
    ['reportDefinition', 'reportType', REPORT_TYPES, ['table', 'map', 'summary']],
    ['scheduledRule', 'action', SCHEDULED_RULE_ACTIONS, ['runRules', 'sendCommand', 'exportData']],
    ['streamApp', 'appKind', STREAM_APP_KINDS, ['mqttBridge', 'dwellTimer', 'fileExporter']],
    ['streamApp', 'desiredState', STREAM_APP_DESIRED_STATES, ['running', 'stopped']],
    [
      'streamApp',
      'reportedState',
      STREAM_APP_REPORTED_STATES,
      ['unknown', 'running', 'stopped', 'failed'],
    ],
    ['deviceProfile', 'deviceKind', DEVICE_KINDS, ['reader', 'edgebox']],
    [
      'trainedModel',
      'status',
      TRAINED_MODEL_STATUSES,
      ['draft', 'validated', 'deployed', 'retired'],
    ],
  ] as const)('%s.%s is %j', (resource, field, values, expected) => {
    expect(values).toEqual(expected);
    expect((RESOURCE_ENUMERATIONS[resource] as Record<string, readonly string[]>)[field]).toBe(
      values,
    );
  });

  it('indexes every enumeration once, each a set of distinct, non-empty values', () => {
    const all = Object.values(RESOURCE_ENUMERATIONS).flatMap((fields) => Object.values(fields));
    expect(all).toHaveLength(12);
    for (const values of all) {
      expect(values.length).toBeGreaterThan(0);
      expect(new Set(values).size).toBe(values.length);
      for (const value of values) expect(value).toMatch(/^[A-Za-z]+$/);
    }
  });
});
