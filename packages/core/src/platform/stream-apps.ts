/**
 * The stream apps an edge box runs and the JSON Schema (draft-07) each one's configuration must
 * match. The services validate a stream app's configuration against its kind's schema (ajv) and
 * answer each problem with its JSON pointer; the legacy UI lists each kind's settings beside the
 * configuration field.
 */
import { STREAM_APP_KINDS } from './enumerations.ts';
import type { StreamAppKind } from './enumerations.ts';

/** The part of JSON Schema the app schemas use (a plain JSON value, read by ajv as is). */
export interface AppSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly required: readonly string[];
  readonly additionalProperties: false;
}

/** Each kind's configuration schema. */
export const STREAM_APP_SCHEMAS: Readonly<Record<StreamAppKind, AppSchema>> = {
  mqttBridge: {
    type: 'object',
    properties: {
      brokerUrl: { type: 'string', pattern: '^(mqtts?|wss?)://[^\\s/]+', maxLength: 500 },
      topic: { type: 'string', minLength: 1, maxLength: 200 },
      qos: { type: 'integer', enum: [0, 1, 2] },
      clientId: { type: 'string', maxLength: 100 },
    },
    required: ['brokerUrl', 'topic'],
    additionalProperties: false,
  },
  dwellTimer: {
    type: 'object',
    properties: {
      thresholdSeconds: { type: 'integer', minimum: 1, maximum: 86400 },
      zoneCodes: {
        type: 'array',
        items: { type: 'string', minLength: 1, maxLength: 100 },
        minItems: 1,
        maxItems: 100,
      },
      alertOnExit: { type: 'boolean' },
    },
    required: ['thresholdSeconds', 'zoneCodes'],
    additionalProperties: false,
  },
  fileExporter: {
    type: 'object',
    properties: {
      directory: { type: 'string', pattern: '^/', maxLength: 500 },
      format: { type: 'string', enum: ['csv', 'json'] },
      intervalMinutes: { type: 'integer', minimum: 1, maximum: 1440 },
    },
    required: ['directory', 'format'],
    additionalProperties: false,
  },
};

/** A configuration each kind accepts: what a new stream app's form starts from. */
export const STREAM_APP_EXAMPLES: Readonly<
  Record<StreamAppKind, Readonly<Record<string, unknown>>>
> = {
  mqttBridge: { brokerUrl: 'mqtt://broker.local:1883', topic: 'things/updates', qos: 1 },
  dwellTimer: { thresholdSeconds: 300, zoneCodes: ['DOCK-1'], alertOnExit: true },
  fileExporter: { directory: '/var/export', format: 'csv', intervalMinutes: 60 },
};

/** One setting of a kind, as the form lists it. */
export interface AppSetting {
  readonly name: string;
  /** Its JSON type (`string`, `integer`, `array`…). */
  readonly type: string;
  readonly required: boolean;
  /** Its allowed values, when the schema lists them. */
  readonly values?: readonly unknown[];
}

/** Whether `value` names a stream app kind. */
export function isStreamAppKind(value: unknown): value is StreamAppKind {
  return typeof value === 'string' && (STREAM_APP_KINDS as readonly string[]).includes(value);
}

/** The settings of a schema, in its order (a stream app kind's, a device profile kind's). */
export function schemaSettings(schema: AppSchema): AppSetting[] {
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    type: String(property.type),
    required: schema.required.includes(name),
    ...(Array.isArray(property.enum) ? { values: property.enum as readonly unknown[] } : {}),
  }));
}

/** The settings of a kind, in the schema's order; none for an unknown kind. */
export function streamAppSettings(kind: string): AppSetting[] {
  return isStreamAppKind(kind) ? schemaSettings(STREAM_APP_SCHEMAS[kind]) : [];
}
