import { useEffect, useMemo, useRef, useState } from 'react';
import { useLegacy } from '../legacy-context.tsx';
import type { DraftValues } from '../legacy-context.tsx';

/** What {@link useUnsavedDraft} needs from the form. */
export interface UnsavedDraftOptions {
  /** The form shows its record's values (loaded, or a new record's defaults). */
  ready: boolean;
  /** The user may save (a read-only view has nothing to lose). */
  editable: boolean;
  /** The values on screen. */
  values: DraftValues;
  /** The values as loaded (or a new record's defaults): the form is dirty when `values` differ. */
  pristine: DraftValues;
  /** Fields never kept in a draft (passwords). */
  secret: ReadonlySet<string>;
}

/**
 * A form's side of never losing work: it tells the shell while it has unsaved changes (the draft:
 * its values, passwords left out), tells it when it has none (saved, discarded, closed), and on
 * opening asks whether the shell kept a draft for this record when a session ended, to offer it.
 */
export function useUnsavedDraft({
  ready,
  editable,
  values,
  pristine,
  secret,
}: UnsavedDraftOptions) {
  const { unsaved } = useLegacy();
  // the form's own location, as it opened (the frame may have moved on when it closes)
  const path = useRef<string | null>(null);
  path.current ??= unsaved?.location() ?? null;
  const [offer, setOffer] = useState<DraftValues | null>(null);

  const draft = useMemo(() => {
    if (!ready || !editable) return null;
    const changed = Object.keys(values).some(
      (name) => !secret.has(name) && (values[name] ?? '') !== (pristine[name] ?? ''),
    );
    if (!changed) return null;
    return Object.fromEntries(Object.entries(values).filter(([name]) => !secret.has(name)));
  }, [ready, editable, values, pristine, secret]);
  const draftKey = draft === null ? null : JSON.stringify(draft);

  useEffect(() => {
    if (!unsaved || path.current === null) return;
    unsaved.report(path.current, draftKey === null ? null : (JSON.parse(draftKey) as DraftValues));
  }, [unsaved, draftKey]);

  // closed, saved and left, or the session ended: the shell hears that nothing is pending here
  useEffect(
    () => () => {
      if (unsaved && path.current !== null) unsaved.report(path.current, null);
    },
    [unsaved],
  );

  useEffect(() => {
    if (!ready || !editable || !unsaved || path.current === null) return;
    let active = true;
    unsaved
      .fetch(path.current)
      .then((kept) => {
        if (active && kept) setOffer(kept);
      })
      .catch(() => undefined); // no draft to offer: the form is as loaded
    return () => {
      active = false;
    };
  }, [ready, editable, unsaved]);

  return {
    /** A kept draft to offer ("Restore your unsaved changes?"), or null. */
    offer,
    /** The values with the kept draft restored (only the form's own fields, never a secret). */
    restore(current: DraftValues): DraftValues {
      setOffer(null);
      if (!offer) return current;
      const next = { ...current };
      for (const [name, value] of Object.entries(offer))
        if (name in current && !secret.has(name)) next[name] = value;
      return next;
    },
    discard() {
      setOffer(null);
    },
  };
}

/** What {@link useUnsavedDraft} gives the form. */
export type UnsavedDraft = ReturnType<typeof useUnsavedDraft>;
