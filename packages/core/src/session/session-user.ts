/**
 * The session user (spec §3 "Session/user", §6 root flag, §7 user request, §9 cookies).
 */
import { decodeUriLenient } from '../navigation/uri.ts';

/** The group fields the root rule reads (spec §3 "Group"). */
export interface GroupLike {
  treeLevel?: number | null;
  fqnBase?: string | null;
}

/** The user fields the session rules read. */
export interface SessionUserLike {
  id: number | string;
  group?: GroupLike | null;
  passwordExpirationTime?: number | string | null;
  displayPasswordExpirationTime?: boolean | number | null;
}

/** Spec §3: a group is the root when treeLevel is 1 or fqnBase is empty (''). */
export function isRootGroup(group: GroupLike | null | undefined): boolean {
  if (!group) return false;
  return group.treeLevel === 1 || group.fqnBase === '';
}

/** Spec §3, §6: a user is root if their group is at level 1. */
export function isRootUser(user: { group?: GroupLike | null } | null | undefined): boolean {
  return isRootGroup(user?.group);
}

/** `extra` for a root user's request (spec §7 table; root omits the activeGroup parentLevel2 details). */
export const ROOT_USER_EXTRA: readonly string[] = [
  'group',
  'group.groupType',
  'group.parentLevel2',
  'activeGroup',
  'activeGroup.groupType',
];
/** `extra` for a non-root user's request (spec §7 table). */
export const USER_EXTRA: readonly string[] = [
  ...ROOT_USER_EXTRA,
  'activeGroup.parentLevel2',
  'activeGroup.parentLevel2.groupType',
];
/** `only` for the user request (spec §7 table). */
export const USER_ONLY: readonly string[] = [
  'id',
  'archived',
  'username',
  'firstName',
  'lastName',
  'email',
  'timeZone',
  'calendarFormat',
  'dateFormat',
  'hiddenTabs',
];

/** The `extra` and `only` lists of `GET /user/{id}` for a root or non-root user (spec §6, §7). */
export function buildUserRequestQuery(isRoot: boolean): {
  extra: readonly string[];
  only: readonly string[];
} {
  return { extra: isRoot ? ROOT_USER_EXTRA : USER_EXTRA, only: USER_ONLY };
}

/** The stored session summary (spec §3): id, passwordExpirationTime, displayPasswordExpirationTime, isRoot. */
export interface SessionSummary {
  id: number | string;
  passwordExpirationTime: number | string | null;
  displayPasswordExpirationTime: boolean | number | null;
  isRoot: boolean;
}

/** Builds the summary stored in RIOT_UD. */
export function toSessionSummary(user: SessionUserLike): SessionSummary {
  return {
    id: user.id,
    passwordExpirationTime: user.passwordExpirationTime ?? null,
    displayPasswordExpirationTime: user.displayPasswordExpirationTime ?? null,
    isRoot: isRootUser(user),
  };
}

/** The RIOT_TK payload (spec §9: the token with a timestamp). */
export interface TokenCookie {
  token: string;
  timestamp: number;
}

/** Encodes RIOT_TK as JSON `{"token","timestamp"}`. */
export function encodeTokenCookie(token: string, timestamp: number): string {
  return JSON.stringify({ token, timestamp });
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** Decodes RIOT_TK (JSON, possibly URI-encoded, or a bare token); null for garbage. Never throws. */
export function decodeTokenCookie(value: unknown): TokenCookie | null {
  if (typeof value !== 'string' || value === '') return null;
  const text = decodeUriLenient(value);
  const json = parseJson(text);
  if (typeof json === 'object' && json !== null) {
    const { token, timestamp } = json as { token?: unknown; timestamp?: unknown };
    if (typeof token !== 'string' || token === '') return null;
    return {
      token,
      timestamp: typeof timestamp === 'number' && Number.isFinite(timestamp) ? timestamp : 0,
    };
  }
  return /^[A-Za-z0-9._~+/=-]{8,512}$/.test(text) ? { token: text, timestamp: 0 } : null;
}

/** Encodes RIOT_UD (the session summary) as JSON. */
export function encodeUserDetailCookie(summary: SessionSummary): string {
  return JSON.stringify(summary);
}

/** Decodes RIOT_UD; null for anything that is not a summary with an id. Never throws. */
export function decodeUserDetailCookie(value: unknown): SessionSummary | null {
  if (typeof value !== 'string') return null;
  const json = parseJson(decodeUriLenient(value));
  if (typeof json !== 'object' || json === null) return null;
  const summary = json as Partial<SessionSummary>;
  if (typeof summary.id !== 'number' && typeof summary.id !== 'string') return null;
  return {
    id: summary.id,
    passwordExpirationTime: summary.passwordExpirationTime ?? null,
    displayPasswordExpirationTime: summary.displayPasswordExpirationTime ?? null,
    isRoot: summary.isRoot === true,
  };
}

/** Spec §5: a session needs an id; otherwise 'unable to fetch session information'. */
export const SESSION_INFO_ERROR = 'unable to fetch session information';
