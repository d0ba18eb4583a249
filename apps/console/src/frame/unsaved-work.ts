// What the frame reported of unsaved work (bridge `dirtyState`), and what the shell does about it:
// - while a form is dirty the browser warns on tab close and reload (`beforeunload`, as browsers do)
//   and no update reload happens (busy-registry);
// - the shell asks before leaving the record (shell/unsaved-changes-guard.tsx) or signing out;
// - when the session ends anyway (not by the user's own sign-out) the draft is kept in the tab for
//   the same user (session/unsaved-drafts.ts), and handed back when the form asks (`fetchDraft`).
import type { BridgeDraft } from '@portico/bridge';
import { draftRecordPath } from '@portico/core';
import { markBusy } from '../updates/busy-registry.ts';
import { dropOtherUsersDrafts, keepDraft, takeDraft } from '../session/unsaved-drafts.ts';

/** The frame's form with unsaved changes: its location (legacy path, query included) and values. */
export interface DirtyForm {
  path: string;
  draft: BridgeDraft;
}

export interface UnsavedWorkDeps {
  /** The signed-in user's id, or null. */
  userId(): number | null;
  /** The window whose `beforeunload` warns (default: the global one). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface UnsavedWork {
  /** The dirty form, or null. */
  current(): DirtyForm | null;
  /** For useSyncExternalStore. */
  subscribe(listener: () => void): () => void;
  /** The frame's report (`dirtyState`): the form at `path` is dirty (with its draft) or clean. */
  report(state: { dirty: boolean; path: string; draft?: BridgeDraft }): void;
  /** The frame went away or reloaded: whatever it reported is over. */
  reset(): void;
  /** The frame asks for a kept draft for the form at `path` (`fetchDraft`). */
  takeDraft(path: string): BridgeDraft | null;
  /**
   * The session is ending. Not by the user's own choice (`deliberate` false): the dirty form's draft
   * is kept for `userId`. Either way the dirty state is over (the frame's form is gone with it).
   */
  sessionEnding(userId: number | null, deliberate: boolean): void;
  /** A session started for `userId`: other users' drafts in this tab are deleted. */
  sessionStarted(userId: number): void;
}

export function createUnsavedWork(deps: UnsavedWorkDeps): UnsavedWork {
  const target = deps.target ?? window;
  let dirty: DirtyForm | null = null;
  let release: (() => void) | null = null;
  const listeners = new Set<() => void>();

  // what a browser does for a page with unsaved changes: its own "Leave site?" prompt
  const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();

  function set(next: DirtyForm | null): void {
    const was = dirty;
    dirty = next;
    if (next && !was) {
      target.addEventListener('beforeunload', handleBeforeUnload);
      release = markBusy('unsaved form in the frame');
    } else if (!next && was) {
      target.removeEventListener('beforeunload', handleBeforeUnload);
      release?.();
      release = null;
    }
    if (was !== next) for (const listener of [...listeners]) listener();
  }

  return {
    current: () => dirty,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report({ dirty: isDirty, path, draft }) {
      if (isDirty) return set({ path, draft: draft ?? {} });
      // a form reporting "clean" for another record (closed after a newer one opened) is not ours
      if (dirty && draftRecordPath(dirty.path) !== draftRecordPath(path)) return;
      set(null);
    },
    reset() {
      set(null);
    },
    takeDraft(path) {
      const userId = deps.userId();
      return userId === null ? null : takeDraft(userId, path);
    },
    sessionEnding(userId, deliberate) {
      if (dirty && userId !== null && !deliberate) keepDraft(userId, dirty.path, dirty.draft);
      set(null);
    },
    sessionStarted(userId) {
      dropOtherUsersDrafts(userId);
    },
  };
}

/** Whether a shell navigation to `url` (an /app location) leaves the dirty form's record. */
export function leavesRecord(form: DirtyForm, url: string): boolean {
  const legacy = url.startsWith('/app/') ? url.slice(4) : url;
  return draftRecordPath(legacy) !== draftRecordPath(form.path);
}
