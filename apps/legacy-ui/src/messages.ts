// What a person reads when something fails: a translated sentence saying what happened and what to
// do, never the API's own text (English, for developers and logs) nor a browser's ("Failed to fetch").
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblemOf } from '@portico/core';
import { ApiError, NetworkError } from './api-client.ts';
import type { SchemaProblem } from './api-client.ts';
import type { MessageKey, Translate } from './i18n.ts';
import type { FieldDef } from './resources.ts';

// The API's refusals that have a sentence of their own. The API answers English text (its contract is
// `{error}` with a status); these patterns pick the known ones, anything else gets its status's sentence.
const KNOWN_REFUSALS: ReadonlyArray<readonly [RegExp, MessageKey]> = [
  [/still used by/i, 'error.inUse'],
  // core's trained-models.ts deleteProblem
  [/deployed model cannot be deleted/i, 'error.modelDeployed'],
  [/last (remaining )?administrator/i, 'error.lastAdmin'],
  // the services' wording (policies/authority-policy.ts, requireAdministratorsRemain)
  [
    /is the last active user of .+ holding every|would hold every .+ permission any more/i,
    'error.lastAdmin',
  ],
  [/(delete|remove) (yourself|your own account)/i, 'error.deleteSelf'],
  [/archive yourself|archive your own/i, 'error.archiveSelf'],
  [/your own group/i, 'error.ownGroup'],
  [/belongs to a parent group/i, 'error.readOnly'],
  [/grant permissions/i, 'error.grant'],
  // the authority policy (policies/authority-policy.ts)
  [/cannot change your own roles/i, 'error.ownRoles'],
  [/cannot assign role/i, 'error.assignRole'],
  [/hold permissions you do not hold/i, 'error.holdsMore'],
];

/**
 * A create the tenant's license does not allow (the services' 403 `{license, limit, max}`), or null.
 * It is said on the page of what was being created, so "these" names it in the tenant's words.
 */
function licenseRefusal(t: Translate, error: ApiError): string | null {
  if (error.status !== 403) return null;
  const { license, limit, max, expiresAt } = error.details;
  if (license === 'expired' && typeof expiresAt === 'string')
    return t('error.licenseExpired', { date: expiresAt.slice(0, 10) });
  if (license === 'limitReached' && typeof limit === 'string' && typeof max === 'number')
    return t('error.licenseLimit', { count: max });
  return null;
}

/** The sentence for any failure of an API call. */
export function describeError(t: Translate, error: unknown): string {
  if (error instanceof NetworkError) return t('error.network');
  if (!(error instanceof ApiError)) return t('error.generic');
  const license = licenseRefusal(t, error);
  if (license) return license;
  const known = KNOWN_REFUSALS.find(([pattern]) => pattern.test(error.message));
  if (known) return t(known[1]);
  switch (error.status) {
    case 400:
      return t('form.fixErrors');
    case 403:
      return t('error.forbidden');
    case 404:
      return t('error.notFound');
    case 409:
      return error.field ? t('error.duplicate') : t('error.conflict');
    case 429:
      return t('error.tooMany');
    default:
      return error.status >= 500 ? t('error.server') : t('error.generic');
  }
}

/** Why a cron expression is refused (core's CronProblemCode), as the cron field says it. */
export const CRON_PROBLEM_KEYS = {
  empty: 'cron.problem.empty',
  tooLong: 'cron.problem.tooLong',
  fieldCount: 'cron.problem.fieldCount',
  invalidField: 'cron.problem.invalidField',
  neverRuns: 'cron.problem.neverRuns',
} as const satisfies Record<string, MessageKey>;

/** One problem of a JSON value against its schema, from its keyword (the services' text is English). */
export function describeSchemaProblem(t: Translate, problem: SchemaProblem): string {
  const params = problem.params ?? {};
  const limit = typeof params.limit === 'number' ? params.limit : 0;
  switch (problem.keyword) {
    case 'required':
      return t('config.problem.required');
    case 'additionalProperties':
      return t('config.problem.unknown');
    case 'type':
      return t('config.problem.type', { type: String(params.type ?? '') });
    case 'enum':
      return t('config.problem.enum', {
        values: Array.isArray(params.allowedValues) ? params.allowedValues.join(', ') : '',
      });
    case 'minimum':
      return t('config.problem.minimum', { limit });
    case 'maximum':
      return t('config.problem.maximum', { limit });
    case 'minLength':
    case 'minItems':
      return t('config.problem.tooShort', { limit });
    case 'maxLength':
    case 'maxItems':
      return t('config.problem.tooLong', { limit });
    case 'pattern':
      return t('config.problem.pattern');
    default:
      return t('config.problem.invalid');
  }
}

/** The sentence for one field the API (or the form) refused, from its kind and the API's reason. */
export function describeFieldError(
  t: Translate,
  field: FieldDef | undefined,
  reason: string,
): string {
  const text = reason.toLowerCase();
  if (text === 'duplicate') return t('error.duplicate');
  if (field?.kind === 'metrics') return t('error.metrics');
  if (/semantic version/.test(text)) return t('error.modelVersion');
  if (/needs an uploaded file/.test(text)) return t('error.modelNeedsFile');
  if (/cannot change from|starts as draft/.test(text)) return t('error.modelTransition');
  // the form's own check (`cron:<code>`), or the services' refusal of the expression
  const cron = reason.startsWith('cron:') ? reason.slice(5) : undefined;
  if (cron !== undefined && Object.hasOwn(CRON_PROBLEM_KEYS, cron))
    return t(CRON_PROBLEM_KEYS[cron as keyof typeof CRON_PROBLEM_KEYS]);
  if (field?.kind === 'cron' && !/required|must not be empty/.test(text))
    return t('cron.problem.invalidField');
  if (field?.kind === 'appConfig' && /does not match/.test(text)) return t('config.mismatch');
  if (
    /required|must not be empty|too small.*>=1|expected string|received null|received undefined/.test(
      text,
    )
  )
    return t('error.required');
  if (/must be an? \w+ profile/.test(text)) return t('error.profileKind');
  if (/^no \w+ \d+/.test(text) || field?.kind === 'reference') return t('error.reference');
  if (field?.kind === 'color' || /colou?r/.test(text)) return t('error.color');
  if (field?.kind === 'email' || /email/.test(text)) return t('error.email');
  if (text === 'secretlength' || (field?.kind === 'secret' && /at least/.test(text)))
    return t('error.secretLength', { min: 16 });
  if (/not in the webhook hosts/.test(text))
    return t('error.webhookHost', { hosts: /allows \((.*)\)$/.exec(reason)?.[1] ?? '' });
  if (/webhook host is allowed/.test(text)) return t('error.noWebhookHosts');
  if (/http or https url|user name or password|#fragment/.test(text)) return t('error.url');
  if (/set by the server/.test(text)) return t('error.reservedHeader');
  if (/not a header name|line break|at most 20 headers/.test(text)) return t('error.header');
  if (field?.kind === 'events' || /names no resource|action must be/.test(text))
    return t('error.events');
  if (field?.kind === 'json' || field?.kind === 'appConfig') return t('error.json');
  if (field?.kind === 'number') return t('error.number');
  const password = passwordProblemOf(text);
  if (password === 'tooShort') return t('error.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
  if (password === 'tooLong') return t('error.passwordTooLong', { max: MAX_PASSWORD_LENGTH });
  if (password === 'common') return t('error.passwordCommon');
  if (password === 'username') return t('error.passwordUsername');
  if (field?.kind === 'password') return t('error.password');
  if (text === 'permissionlines') return t('error.permissionLines');
  if (field?.kind === 'list' || field?.kind === 'permissions' || /permission string/.test(text))
    return t('error.permissionList');
  if (/_ \. @ -/.test(text)) return t('error.username');
  if (/letters, digits/.test(text)) return t('error.code');
  return t('error.invalid');
}
