/**
 * Unsaved work that outlives its session: when a session ends while a form in the frame has unsaved
 * changes (expiry, a sign-out in another tab), the console keeps the form's values in the tab's
 * session storage, keyed by user, and offers them back to the same user only, on the same record.
 * These rules decide the keys, what a stored draft must look like, who may see it and when it goes.
 */

/** Session-storage key prefix of a kept draft; the user id follows (`UNSAVED_DRAFT.42`). */
export const DRAFT_KEY_PREFIX = 'UNSAVED_DRAFT.';
/** A draft older than this is not offered (and is deleted): a day. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** At most this many fields and characters per value are kept (the frame protocol's own limits). */
export const DRAFT_MAX_FIELDS = 200;
export const DRAFT_MAX_VALUE_LENGTH = 20_000;

/** A form's values: field name → the text typed. */
export type DraftValues = Record<string, string>;

/** A kept draft as stored. */
export interface StoredDraft {
  /** Whose draft it is (the user id as text, as LAST_ID holds it). */
  userId: string;
  /** The frame location of the record (`/things/thing/7?page=2`). */
  path: string;
  values: DraftValues;
  /** When it was kept, ms epoch. */
  savedAt: number;
}

/** The storage key of `userId`'s draft. */
export function draftStorageKey(userId: string | number): string {
  return `${DRAFT_KEY_PREFIX}${String(userId)}`;
}

/** The record a location names: its path without the query (a list's page and filters). */
export function draftRecordPath(location: string): string {
  const index = location.indexOf('?');
  return index >= 0 ? location.slice(0, index) : location;
}

function isDraftValues(value: unknown): value is DraftValues {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= DRAFT_MAX_FIELDS &&
    entries.every(
      ([name, text]) =>
        name.length > 0 &&
        name.length <= 128 &&
        typeof text === 'string' &&
        text.length <= DRAFT_MAX_VALUE_LENGTH,
    )
  );
}

/** Reads a stored draft; anything malformed (edited by hand, another version) is null. */
export function parseStoredDraft(text: string | null | undefined): StoredDraft | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const draft = value as Partial<StoredDraft>;
  if (
    typeof draft.userId !== 'string' ||
    draft.userId === '' ||
    typeof draft.path !== 'string' ||
    !draft.path.startsWith('/') ||
    typeof draft.savedAt !== 'number' ||
    !Number.isFinite(draft.savedAt) ||
    !isDraftValues(draft.values)
  )
    return null;
  return { userId: draft.userId, path: draft.path, values: draft.values, savedAt: draft.savedAt };
}

/**
 * The draft keys that go when `userId` signs in: every other user's (a different user never sees
 * someone's draft, and it is not left behind for later either).
 */
export function draftKeysToDelete(keys: Iterable<string>, userId: string | number): string[] {
  const own = draftStorageKey(userId);
  return [...keys].filter((key) => key.startsWith(DRAFT_KEY_PREFIX) && key !== own);
}

/** What to do with a stored draft when the frame asks for one. */
export type DraftDecision = 'OFFER' | 'KEEP' | 'DELETE';

/** What {@link decideDraftOffer} needs. */
export interface DraftOfferInput {
  draft: StoredDraft | null;
  /** The signed-in user's id. */
  userId: string | number;
  /** The frame location the form shows. */
  path: string;
  now: number;
}

/**
 * `OFFER` the draft to the form when it is the signed-in user's, for the record the form shows
 * (query aside), and at most a day old; `DELETE` it when it is someone else's, too old or unreadable;
 * otherwise `KEEP` it for the record it belongs to.
 */
export function decideDraftOffer({ draft, userId, path, now }: DraftOfferInput): DraftDecision {
  if (draft === null) return 'DELETE';
  if (draft.userId !== String(userId)) return 'DELETE';
  if (now - draft.savedAt > DRAFT_MAX_AGE_MS || draft.savedAt > now + 60_000) return 'DELETE';
  return draftRecordPath(draft.path) === draftRecordPath(path) ? 'OFFER' : 'KEEP';
}
