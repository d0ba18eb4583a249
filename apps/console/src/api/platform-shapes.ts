import { isRecord } from '@portico/core';
// What the console needs from each platform answer (apps/services/API.md "Compatibility"): extra
// fields are ignored, a missing or mistyped required one is an IncompatiblePlatformError that names
// the call and the field, instead of a blank screen or a wrong session later on.
import { ApiError } from './api-errors.ts';

/** A platform answer lacks a field the console needs (an older or different platform version). */
export class IncompatiblePlatformError extends ApiError {
  /** The call, e.g. `GET /user/whoami`. */
  readonly call: string;
  /** The missing or mistyped field (`""` for the whole answer). */
  readonly field: string;

  constructor(call: string, field: string, expected: string, message?: string) {
    super(
      'INCOMPATIBLE_PLATFORM',
      200,
      message ??
        `The platform's answer to ${call} ${field ? `lacks "${field}" (${expected})` : `is not ${expected}`}: this platform version is not compatible with Portico (see the compatibility table in apps/services/API.md).`,
    );
    this.name = 'IncompatiblePlatformError';
    this.call = call;
    this.field = field;
  }
}

type Kind = 'number' | 'string' | 'string[]' | 'object' | 'array';

const EXPECTED: Record<Kind, string> = {
  number: 'a number',
  string: 'a string',
  'string[]': 'a list of strings',
  object: 'an object',
  array: 'a list',
};

function matches(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string' && value !== '';
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
  }
}

/** The required fields of each answer the console reads (spec §7). */
export const REQUIRED_FIELDS = {
  'POST /user/login': { token: 'string', id: 'number', username: 'string' },
  'GET /user/whoami': { id: 'number' },
  'GET /user/{userId}': { id: 'number', username: 'string' },
  'GET /user/{userId}/permissions': { results: 'string[]' },
} as const satisfies Record<string, Record<string, Kind>>;

/** Checks `body` against the required fields of `call`; returns it unchanged (extra fields kept). */
export function requireFields<T>(
  call: keyof typeof REQUIRED_FIELDS,
  body: unknown,
  prefix = '',
): T {
  if (!isRecord(body))
    throw new IncompatiblePlatformError(
      call,
      '',
      'a JSON object',
      prefix
        ? `${prefix}: the platform's answer to ${call} is not a JSON object (see the compatibility table in apps/services/API.md).`
        : undefined,
    );
  for (const [field, kind] of Object.entries(REQUIRED_FIELDS[call]) as [string, Kind][]) {
    if (!matches(body[field], kind)) {
      const error = new IncompatiblePlatformError(call, field, EXPECTED[kind]);
      throw prefix
        ? new IncompatiblePlatformError(call, field, EXPECTED[kind], `${prefix}: ${error.message}`)
        : error;
    }
  }
  return body as T;
}

/** Checks that `body` is a JSON object (a map answer) or a list, as `call` promises. */
export function requireKind<T>(call: string, body: unknown, kind: 'object' | 'array'): T {
  if (!matches(body, kind)) throw new IncompatiblePlatformError(call, '', EXPECTED[kind]);
  return body as T;
}
