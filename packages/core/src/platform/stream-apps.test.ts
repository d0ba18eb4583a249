import { describe, expect, it } from 'vitest';
import { STREAM_APP_KINDS } from './enumerations.ts';
import {
  STREAM_APP_EXAMPLES,
  STREAM_APP_SCHEMAS,
  isStreamAppKind,
  streamAppSettings,
} from './stream-apps.ts';

describe('stream app kinds', () => {
  it.each(STREAM_APP_KINDS)(
    '%s has a closed object schema whose required settings it lists',
    (kind) => {
      const schema = STREAM_APP_SCHEMAS[kind];
      expect(schema.type).toBe('object');
      expect(schema.additionalProperties).toBe(false);
      for (const name of schema.required) expect(Object.keys(schema.properties)).toContain(name);
      // the example holds every required setting and nothing the schema does not know
      const example = Object.keys(STREAM_APP_EXAMPLES[kind]);
      for (const name of schema.required) expect(example).toContain(name);
      for (const name of example) expect(Object.keys(schema.properties)).toContain(name);
    },
  );

  it.each([
    ['mqttBridge', true],
    ['fileExporter', true],
    ['toString', false],
    ['', false],
    [3, false],
    [null, false],
  ])('%j is a kind: %s', (value, expected) => {
    expect(isStreamAppKind(value)).toBe(expected);
  });

  it.each([
    [
      'mqttBridge',
      [
        { name: 'brokerUrl', type: 'string', required: true },
        { name: 'topic', type: 'string', required: true },
        { name: 'qos', type: 'integer', required: false, values: [0, 1, 2] },
        { name: 'clientId', type: 'string', required: false },
      ],
    ],
    [
      'fileExporter',
      [
        { name: 'directory', type: 'string', required: true },
        { name: 'format', type: 'string', required: true, values: ['csv', 'json'] },
        { name: 'intervalMinutes', type: 'integer', required: false },
      ],
    ],
    ['nothing', []],
  ])('%s lists its settings', (kind, expected) => {
    expect(streamAppSettings(kind)).toEqual(expected);
  });
});
