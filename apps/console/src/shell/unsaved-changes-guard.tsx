import { useCallback, useSyncExternalStore } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_ROUTE } from '@portico/core';
import { useAppServices } from '../lib/app-context.ts';
import { leavesRecord } from '../frame/unsaved-work.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * The shell's navigation guard for unsaved work: while the frame's form has unsaved changes, a shell
 * navigation that leaves its record (browser Back or Forward, a tab, the palette, a typed address)
 * asks first. A navigation the frame made itself (it closed its own form) and the way to the sign-in
 * page (the session ended: the draft is kept) are never held.
 */
export function UnsavedChangesGuard() {
  const { t } = useTranslation();
  const { unsaved, frame } = useAppServices();
  const dirty = useSyncExternalStore(unsaved.subscribe, unsaved.current);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      const form = unsaved.current();
      if (!form) return false;
      const next = nextLocation.pathname + nextLocation.search;
      if (next === currentLocation.pathname + currentLocation.search) return false;
      if (nextLocation.pathname === LOGIN_ROUTE || frame.shows(next)) return false;
      return leavesRecord(form, next);
    },
    [unsaved, frame],
  );
  // always registered (it reads the dirty state when a navigation starts): a Back pressed right
  // after typing is held even before this component has re-rendered
  const blocker = useBlocker(shouldBlock);
  if (blocker.state !== 'blocked')
    // where tools and tests read whether the shell knows of unsaved changes (never shown)
    return dirty ? <span hidden data-unsaved-changes={dirty.path} /> : null;
  return (
    <ConfirmDialog
      title={t('safety.unsavedTitle')}
      body={t('safety.leaveBody')}
      cancelLabel={t('safety.stay')}
      confirmLabel={t('safety.leave')}
      onCancel={() => blocker.reset()}
      onConfirm={() => {
        // the user chose to lose the changes: the form is left, and nothing is kept
        unsaved.reset();
        blocker.proceed();
      }}
    />
  );
}
