// Licenses: what root grants a tenant (modules, limits, an expiry), the portable text that carries
// it, and the rules the services apply to it. The signature itself (Ed25519) is the services' work;
// everything here is pure: the canonical form that is signed, reading a license text and its payload
// back, why an installed license is refused, and whether a create would go over a limit.
import { MODULE_NAMES } from '../navigation/app-routes.ts';

/** The first segment of every license text: the format and its version. */
export const LICENSE_FORMAT = 'PORTICO-LICENSE-1';

/** The limits a license may set, in the order they are signed and shown. */
export const LICENSE_LIMITS = ['maxThings', 'maxUsers', 'maxZones'] as const;
export type LicenseLimit = (typeof LICENSE_LIMITS)[number];

/** The API resource (its path) each limit counts. */
export const LICENSE_LIMITED_RESOURCES: Readonly<Record<LicenseLimit, string>> = {
  maxThings: 'thing',
  maxUsers: 'user',
  maxZones: 'zone',
};

/** The largest value a limit may take. */
export const MAX_LICENSE_LIMIT = 1_000_000_000;
/** The longest a license may run from the day it is generated, in days (ten years). */
export const MAX_LICENSE_DAYS = 3653;

/** The modules a license may name: every module of spec §2 but home, which everyone has. */
export const LICENSE_MODULES: readonly string[] = MODULE_NAMES.filter((name) => name !== 'home');

/** What a license grants, as signed. A limit left out is no limit. */
export interface LicensePayload {
  /** A random identifier of this license. */
  id: string;
  /** The tenant's group id (tree level 2) and its name when it was generated. */
  tenantId: number;
  tenantName: string;
  /** ISO 8601 instants (UTC). */
  issuedAt: string;
  expiresAt: string;
  /** Sorted, each once. */
  modules: string[];
  limits: Partial<Record<LicenseLimit, number>>;
}

/** The limit counting rows of API resource `path`, if any. */
export function licenseLimitOf(path: string): LicenseLimit | undefined {
  return LICENSE_LIMITS.find((limit) => LICENSE_LIMITED_RESOURCES[limit] === path);
}

/**
 * The one JSON text of a payload that is signed: keys in a fixed order, modules sorted and each
 * once, limits in {@link LICENSE_LIMITS} order. Two payloads granting the same give the same text.
 */
export function canonicalLicenseJson(payload: LicensePayload): string {
  const limits: Partial<Record<LicenseLimit, number>> = {};
  for (const limit of LICENSE_LIMITS) {
    const value = payload.limits[limit];
    if (value !== undefined) limits[limit] = value;
  }
  return JSON.stringify({
    id: payload.id,
    tenantId: payload.tenantId,
    tenantName: payload.tenantName,
    issuedAt: payload.issuedAt,
    expiresAt: payload.expiresAt,
    modules: [...new Set(payload.modules)].sort(),
    limits,
  });
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The bytes a license's signature covers: its format and its payload segment as written. */
export function signedLicensePart(payloadSegment: string): string {
  return `${LICENSE_FORMAT}.${payloadSegment}`;
}

/** A license text from its base64url payload and signature segments. */
export function licenseText(payloadSegment: string, signatureSegment: string): string {
  return `${signedLicensePart(payloadSegment)}.${signatureSegment}`;
}

/**
 * The segments of a license text (pasted or uploaded: white space and line breaks anywhere are
 * ignored), or why it is not one.
 */
export function splitLicenseText(
  text: string,
): { payload: string; signature: string } | { problem: string } {
  const compact = text.replace(/\s+/g, '');
  const parts = compact.split('.');
  if (parts.length !== 3 || parts[0] !== LICENSE_FORMAT)
    return { problem: `is not a license: it must read ${LICENSE_FORMAT}.<payload>.<signature>` };
  const [, payload = '', signature = ''] = parts;
  if (!BASE64URL.test(payload) || !BASE64URL.test(signature))
    return { problem: 'is not a license: its payload and signature must be base64url text' };
  return { payload, signature };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

function isInstant(value: unknown): value is string {
  return typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why `value` (a limit's number) cannot be a limit, or null. */
export function limitValueProblem(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be a whole number';
  if (value < 0) return 'must be 0 or more';
  if (value > MAX_LICENSE_LIMIT) return `must be at most ${MAX_LICENSE_LIMIT}`;
  return null;
}

/** Why a list of modules cannot be a license's, or null. */
export function modulesProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'must be a list of modules';
  const unknown = value.find(
    (module) => typeof module !== 'string' || !LICENSE_MODULES.includes(module),
  );
  if (unknown !== undefined)
    return `names no module: ${String(unknown).slice(0, 40)} (one of ${LICENSE_MODULES.join(', ')})`;
  return null;
}

/**
 * A license payload read back from its decoded JSON, or why it is not one. The signature was
 * checked first: this catches a license of another format or version, never a forgery.
 */
export function readLicensePayload(
  value: unknown,
): { payload: LicensePayload } | { problem: string } {
  if (!isRecord(value)) return { problem: 'payload is not an object' };
  const { id, tenantId, tenantName, issuedAt, expiresAt, modules, limits } = value;
  if (typeof id !== 'string' || id.length === 0 || id.length > 100)
    return { problem: 'payload id is missing' };
  if (typeof tenantId !== 'number' || !Number.isInteger(tenantId) || tenantId < 1)
    return { problem: 'payload tenantId is not a group id' };
  if (typeof tenantName !== 'string') return { problem: 'payload tenantName is missing' };
  if (!isInstant(issuedAt) || !isInstant(expiresAt))
    return { problem: 'payload issuedAt and expiresAt must be ISO 8601 instants' };
  const moduleProblem = modulesProblem(modules);
  if (moduleProblem) return { problem: `payload modules ${moduleProblem}` };
  if (!isRecord(limits)) return { problem: 'payload limits is not an object' };
  const read: Partial<Record<LicenseLimit, number>> = {};
  for (const [name, limit] of Object.entries(limits)) {
    if (!(LICENSE_LIMITS as readonly string[]).includes(name))
      return { problem: `payload limits names no limit: ${name.slice(0, 40)}` };
    const problem = limitValueProblem(limit);
    if (problem) return { problem: `payload limits.${name} ${problem}` };
    read[name as LicenseLimit] = limit as number;
  }
  return {
    payload: {
      id,
      tenantId,
      tenantName,
      issuedAt,
      expiresAt,
      modules: modules as string[],
      limits: read,
    },
  };
}

/** Whether a license has expired at `now` (ms since the epoch). */
export function isLicenseExpired(payload: Pick<LicensePayload, 'expiresAt'>, now: number): boolean {
  return Date.parse(payload.expiresAt) <= now;
}

/**
 * Why a genuine license (its signature checked) may not be installed for tenant `tenantId` at
 * `now`, or null when it may.
 */
export function licenseRefusal(
  payload: LicensePayload,
  tenantId: number,
  now: number,
): string | null {
  if (payload.tenantId !== tenantId)
    return `was issued for another tenant (${payload.tenantName || `group ${payload.tenantId}`})`;
  if (isLicenseExpired(payload, now)) return `expired on ${payload.expiresAt.slice(0, 10)}`;
  return null;
}

/** The instant a license generated to run through day `day` (YYYY-MM-DD, UTC) expires, or null. */
export function expiryOfDay(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const end = `${day}T23:59:59.999Z`;
  const parsed = new Date(end);
  // 2027-02-30 parses in some engines as March 2nd: the day must read back as written
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString() !== end) return null;
  return end;
}

/** Why a license may not be generated to run through `day` when generated at `now`, or null. */
export function expiryProblem(day: string, now: number): string | null {
  const expiresAt = expiryOfDay(day);
  if (expiresAt === null) return 'must be a date (YYYY-MM-DD)';
  const at = Date.parse(expiresAt);
  if (at <= now) return 'must be a day after today';
  if (at > now + MAX_LICENSE_DAYS * 24 * 60 * 60 * 1000)
    return `must be at most ${MAX_LICENSE_DAYS} days away`;
  return null;
}

/** One limit's use: `max` null when the license sets none. */
export interface LicenseUsage {
  limit: LicenseLimit;
  used: number;
  max: number | null;
}

/** Every limit's use against a license's limits (`limits` undefined: no license, no limits). */
export function licenseUsage(
  limits: Partial<Record<LicenseLimit, number>> | undefined,
  used: Readonly<Record<LicenseLimit, number>>,
): LicenseUsage[] {
  return LICENSE_LIMITS.map((limit) => ({
    limit,
    used: used[limit],
    max: limits?.[limit] ?? null,
  }));
}

/**
 * Whether adding `adding` rows counted by `limit` to the `used` ones would exceed the license's
 * limits: the refusal to answer, or null when the rows fit (or the license sets no such limit).
 */
export function limitExceeded(
  limits: Partial<Record<LicenseLimit, number>>,
  limit: LicenseLimit,
  used: number,
  adding: number,
): { limit: LicenseLimit; max: number; used: number } | null {
  const max = limits[limit];
  if (max === undefined || used + adding <= max) return null;
  return { limit, max, used };
}
