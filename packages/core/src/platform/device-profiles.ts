/**
 * Device profiles: configuration templates for readers and edge boxes. A profile's settings must
 * match its device kind's JSON Schema (draft-07, the same shape as a stream app kind's); the
 * services check them with ajv, the legacy UI lists each kind's settings beside the field. A
 * logical reader takes only a `reader` profile, an edge box only an `edgebox` one.
 */
import { DEVICE_KINDS } from './enumerations.ts';
import type { DeviceKind } from './enumerations.ts';
import { schemaSettings } from './stream-apps.ts';
import type { AppSchema, AppSetting } from './stream-apps.ts';

/** Each device kind's settings schema. */
export const DEVICE_PROFILE_SCHEMAS: Readonly<Record<DeviceKind, AppSchema>> = {
  reader: {
    type: 'object',
    properties: {
      txPowerDbm: { type: 'number', minimum: 10, maximum: 33 },
      session: { type: 'integer', enum: [0, 1, 2, 3] },
      antennas: {
        type: 'array',
        items: { type: 'integer', minimum: 1, maximum: 32 },
        minItems: 1,
        maxItems: 32,
        uniqueItems: true,
      },
      readMode: { type: 'string', enum: ['continuous', 'triggered'] },
      dwellMs: { type: 'integer', minimum: 0, maximum: 60000 },
    },
    required: ['txPowerDbm', 'antennas'],
    additionalProperties: false,
  },
  edgebox: {
    type: 'object',
    properties: {
      heartbeatSeconds: { type: 'integer', minimum: 5, maximum: 3600 },
      logLevel: { type: 'string', enum: ['error', 'warn', 'info', 'debug'] },
      bufferMb: { type: 'integer', minimum: 1, maximum: 65536 },
      ntpServer: { type: 'string', minLength: 1, maxLength: 255 },
    },
    required: ['heartbeatSeconds', 'logLevel'],
    additionalProperties: false,
  },
};

/** Settings each kind accepts: what a new profile's form starts from. */
export const DEVICE_PROFILE_EXAMPLES: Readonly<
  Record<DeviceKind, Readonly<Record<string, unknown>>>
> = {
  reader: { txPowerDbm: 30, session: 1, antennas: [1, 2], readMode: 'continuous' },
  edgebox: { heartbeatSeconds: 60, logLevel: 'info', bufferMb: 512 },
};

/** Whether `value` names a device kind. */
export function isDeviceKind(value: unknown): value is DeviceKind {
  return typeof value === 'string' && (DEVICE_KINDS as readonly string[]).includes(value);
}

/** The device kind a profile must have to be assigned to a row of `resource`; null for others. */
export function deviceKindOf(resource: string): DeviceKind | null {
  if (resource === 'logicalReader') return 'reader';
  if (resource === 'edgebox') return 'edgebox';
  return null;
}

/** The settings of a device kind, in the schema's order; none for an unknown kind. */
export function deviceProfileSettings(kind: string): AppSetting[] {
  return isDeviceKind(kind) ? schemaSettings(DEVICE_PROFILE_SCHEMAS[kind]) : [];
}
