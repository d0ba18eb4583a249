// A JSON object against a JSON Schema of core's (a stream app kind's configuration, stream-apps.ts; a
// device profile kind's settings, device-profiles.ts), by ajv: every problem with the JSON pointer of
// the value it is about.
import { Ajv } from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { STREAM_APP_SCHEMAS, isStreamAppKind } from '@portico/core';
import type { AppSchema } from '@portico/core';

/** One problem of a configuration: where (a JSON pointer), what (ajv's keyword and message). */
export interface ConfigProblem {
  /** `/qos`, `/zoneCodes/0`; a missing or unknown setting is pointed at by its own name. */
  pointer: string;
  keyword: string;
  message: string;
  /** The allowed values (`enum`), the limit (`minimum`…), the type expected (`type`). */
  params?: Record<string, unknown>;
}

/** The most problems answered for one configuration. */
const MAX_PROBLEMS = 20;

const ajv = new Ajv({ allErrors: true, strict: true });
// compiled once per schema object
const validators = new WeakMap<AppSchema, ValidateFunction>();

function validatorOf(schema: AppSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema as unknown as Record<string, unknown>);
    validators.set(schema, validate);
  }
  return validate;
}

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

function problemOf(error: ErrorObject): ConfigProblem {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required')
    return {
      pointer: `${error.instancePath}/${escapePointer(String(params.missingProperty))}`,
      keyword: 'required',
      message: 'is required',
    };
  if (error.keyword === 'additionalProperties')
    return {
      pointer: `${error.instancePath}/${escapePointer(String(params.additionalProperty))}`,
      keyword: 'additionalProperties',
      message: 'is not a known setting',
    };
  const shown: Record<string, unknown> = {};
  if (Array.isArray(params.allowedValues)) shown.allowedValues = params.allowedValues;
  if (params.limit !== undefined) shown.limit = params.limit;
  if (params.type !== undefined) shown.type = params.type;
  return {
    pointer: error.instancePath === '' ? '/' : error.instancePath,
    keyword: error.keyword,
    message: error.message ?? 'is invalid',
    ...(Object.keys(shown).length > 0 ? { params: shown } : {}),
  };
}

/**
 * The problems of `configuration` for an app of `kind` (none: it is valid). An unknown kind has no
 * schema: its problem is the kind's, not the configuration's, so it answers none here.
 */
export function configurationProblems(kind: unknown, configuration: unknown): ConfigProblem[] {
  return isStreamAppKind(kind) ? schemaProblems(STREAM_APP_SCHEMAS[kind], configuration) : [];
}

/** The problems of `value` against `schema` (none: it is valid). */
export function schemaProblems(schema: AppSchema, value: unknown): ConfigProblem[] {
  const validate = validatorOf(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, MAX_PROBLEMS).map(problemOf);
}
