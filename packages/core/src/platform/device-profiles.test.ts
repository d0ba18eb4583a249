import { describe, expect, it } from 'vitest';
import { DEVICE_KINDS } from './enumerations.ts';
import {
  DEVICE_PROFILE_EXAMPLES,
  DEVICE_PROFILE_SCHEMAS,
  deviceKindOf,
  deviceProfileSettings,
  isDeviceKind,
} from './device-profiles.ts';

describe('device profile kinds', () => {
  it.each(DEVICE_KINDS)('%s has a closed object schema its example satisfies', (kind) => {
    const schema = DEVICE_PROFILE_SCHEMAS[kind];
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    for (const name of schema.required) expect(Object.keys(schema.properties)).toContain(name);
    const example = Object.keys(DEVICE_PROFILE_EXAMPLES[kind]);
    for (const name of schema.required) expect(example).toContain(name);
    for (const name of example) expect(Object.keys(schema.properties)).toContain(name);
  });

  it.each([
    ['reader', true],
    ['edgebox', true],
    ['Reader', false],
    ['constructor', false],
    ['', false],
    [1, false],
    [undefined, false],
  ])('%j is a device kind: %s', (value, expected) => {
    expect(isDeviceKind(value)).toBe(expected);
  });

  it.each([
    ['logicalReader', 'reader'],
    ['edgebox', 'edgebox'],
    ['zone', null],
    ['deviceProfile', null],
  ])('a %s takes a profile of kind %s', (resource, kind) => {
    expect(deviceKindOf(resource)).toBe(kind);
  });

  it.each([
    [
      'reader',
      [
        { name: 'txPowerDbm', type: 'number', required: true },
        { name: 'session', type: 'integer', required: false, values: [0, 1, 2, 3] },
        { name: 'antennas', type: 'array', required: true },
        {
          name: 'readMode',
          type: 'string',
          required: false,
          values: ['continuous', 'triggered'],
        },
        { name: 'dwellMs', type: 'integer', required: false },
      ],
    ],
    [
      'edgebox',
      [
        { name: 'heartbeatSeconds', type: 'integer', required: true },
        {
          name: 'logLevel',
          type: 'string',
          required: true,
          values: ['error', 'warn', 'info', 'debug'],
        },
        { name: 'bufferMb', type: 'integer', required: false },
        { name: 'ntpServer', type: 'string', required: false },
      ],
    ],
    ['streamApp', []],
  ])('%s lists its settings', (kind, expected) => {
    expect(deviceProfileSettings(kind)).toEqual(expected);
  });
});
