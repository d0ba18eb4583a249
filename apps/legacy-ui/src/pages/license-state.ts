// The license pages' state, with no React: the generator's form turned into its request (or the
// fields' problems), an install refusal of the services turned into the sentence to show, and a
// limit's room left.
import { LICENSE_LIMITS, LICENSE_MODULES, MAX_LICENSE_LIMIT, expiryProblem } from '@portico/core';
import type { LicenseLimit } from '@portico/core';
import { ApiError } from '../api-client.ts';
import type { GenerateLicenseRequest } from '../api-client.ts';
import type { MessageKey } from '../i18n.ts';

/** What the generator's form holds: texts as typed. */
export interface GeneratorDraft {
  tenantId: string;
  expiresOn: string;
  modules: string[];
  limits: Record<LicenseLimit, string>;
}

/** A message and its values. */
export interface Said {
  key: MessageKey;
  values?: Record<string, string | number>;
}

/** A new form: every module, no limit, valid for a year from `now`. */
export function emptyGeneratorDraft(now: number): GeneratorDraft {
  const inAYear = new Date(now);
  inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
  return {
    tenantId: '',
    expiresOn: inAYear.toISOString().slice(0, 10),
    modules: [...LICENSE_MODULES],
    limits: { maxThings: '', maxUsers: '', maxZones: '' },
  };
}

/** The request a draft makes, or each field's problem (`tenantId`, `expiresOn`, a limit's name). */
export function generatorRequest(
  draft: GeneratorDraft,
  now: number,
): { request: GenerateLicenseRequest } | { problems: Record<string, Said> } {
  const problems: Record<string, Said> = {};
  const tenantId = /^[1-9]\d{0,9}$/.test(draft.tenantId) ? Number(draft.tenantId) : null;
  if (tenantId === null) problems.tenantId = { key: 'license.error.tenant' };
  if (expiryProblem(draft.expiresOn, now) !== null)
    problems.expiresOn = { key: 'license.error.expiry' };
  const limits: Partial<Record<LicenseLimit, number | null>> = {};
  for (const limit of LICENSE_LIMITS) {
    const typed = draft.limits[limit].trim().replace(/[\s,.]/g, '');
    if (typed === '') limits[limit] = null;
    else if (/^\d{1,10}$/.test(typed) && Number(typed) <= MAX_LICENSE_LIMIT)
      limits[limit] = Number(typed);
    else problems[limit] = { key: 'license.error.limit', values: { max: MAX_LICENSE_LIMIT } };
  }
  if (Object.keys(problems).length > 0 || tenantId === null) return { problems };
  return {
    request: { tenantId, expiresOn: draft.expiresOn, modules: [...draft.modules].sort(), limits },
  };
}

/** The sentence for an install the services refused (their 400 naming `text`), or null for other failures. */
export function installRefusal(error: unknown): Said | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const reason = error.fields.text ?? '';
  // first: the shape it must have names its signature too
  if (/is not a license|not JSON|payload/.test(reason))
    return { key: 'license.refused.notLicense' };
  const otherTenant = /another tenant \((.*)\)$/.exec(reason);
  if (otherTenant)
    return { key: 'license.refused.otherTenant', values: { tenant: otherTenant[1] ?? '' } };
  const expired = /expired on (\d{4}-\d{2}-\d{2})/.exec(reason);
  if (expired) return { key: 'license.refused.expired', values: { date: expired[1] ?? '' } };
  if (/signature/.test(reason)) return { key: 'license.refused.signature' };
  if (reason !== '') return { key: 'license.refused.notLicense' };
  return null;
}

/** What is left under a limit (negative: over it), or null when there is no limit. */
export function roomLeft(used: number, max: number | null): number | null {
  return max === null ? null : max - used;
}
