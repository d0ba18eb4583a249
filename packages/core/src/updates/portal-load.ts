/**
 * The one-event rule (spec §1, §9): exactly one 'Portal Load' per login — not per reload, tab or
 * re-render. A login is recognised by its token: a marker holding the 32-bit hash of the token
 * already counted is kept in local storage (shared by the tabs, kept across reloads, removed by
 * logout's clear).
 */
import { hashString32 } from '../analytics/analytics-identity.ts';

/** Local-storage key of the marker (not a preserved key: logout removes it). */
export const PORTAL_LOAD_MARKER_KEY = 'PORTAL_LOAD_COUNTED';

/** The marker value of a token. */
export function portalLoadMarker(token: string): string {
  return String(hashString32(token));
}

/** What to do with the current session's token. */
export interface PortalLoadDecision {
  /** Record 'Portal Load' now. */
  capture: boolean;
  /** The marker to store (`null`: leave it). */
  marker: string | null;
}

/**
 * A token not yet counted is a new login: capture and store its marker. The same token again (a
 * reload, a second tab, a re-render, a re-authentication) captures nothing. No token: nothing.
 */
export function decidePortalLoad(input: {
  token: string | null | undefined;
  marker: string | null | undefined;
}): PortalLoadDecision {
  if (!input.token) return { capture: false, marker: null };
  const marker = portalLoadMarker(input.token);
  return marker === input.marker ? { capture: false, marker: null } : { capture: true, marker };
}
