// Drafts of unsaved forms kept past the end of a session, in the tab's session storage (never
// localStorage: a draft stays with the tab it was typed in; never with the token), one per user
// under core's key. Who sees a draft, for which record and for how long are core's rules
// (decideDraftOffer, draftKeysToDelete); logout's clear leaves these keys (browser-storage.ts).
import {
  decideDraftOffer,
  draftKeysToDelete,
  draftStorageKey,
  parseStoredDraft,
  type DraftValues,
  type StoredDraft,
} from '@portico/core';
import { getSession, removeSession, sessionKeys, setSession } from './browser-storage.ts';

/** Keeps `values` typed at `path` (a frame location) as `userId`'s draft, replacing an older one. */
export function keepDraft(
  userId: string | number,
  path: string,
  values: DraftValues,
  now: number = Date.now(),
): void {
  const draft: StoredDraft = { userId: String(userId), path, values, savedAt: now };
  setSession(draftStorageKey(userId), JSON.stringify(draft));
}

/**
 * The draft `userId` kept for the record at `path`, handed over once (it leaves storage), or null.
 * A draft that is unreadable, too old or someone else's is deleted on the way.
 */
export function takeDraft(
  userId: string | number,
  path: string,
  now: number = Date.now(),
): DraftValues | null {
  const key = draftStorageKey(userId);
  const draft = parseStoredDraft(getSession(key));
  const decision = decideDraftOffer({ draft, userId, path, now });
  if (decision === 'KEEP') return null;
  removeSession(key);
  return decision === 'OFFER' && draft ? draft.values : null;
}

/** A user signed in: every other user's draft in this tab goes (they never see it). */
export function dropOtherUsersDrafts(userId: string | number): void {
  for (const key of draftKeysToDelete(sessionKeys(), userId)) removeSession(key);
}
