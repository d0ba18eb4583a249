// The parts every legacy form is made of: a field (its label, its input, a hint, an error the input
// is described by), the offer to restore an unsaved draft and the confirmation of a delete. One
// markup, so that every form reads the same to a screen reader and the accessibility checks hold
// for all of them at once.
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useLegacy } from '../legacy-context.tsx';
import type { DraftValues } from '../legacy-context.tsx';
import type { UnsavedDraft } from './use-unsaved-draft.ts';

/** What a field gives its input: its id, and its hint and error when it has them. */
export interface FieldInputProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A field made of its own parts (checkboxes, rows), a group named by its legend: what the resource
 * form gives it.
 */
export interface GroupFieldProps {
  id: string;
  legend: string;
  value: string;
  onChange(value: string): void;
  disabled: boolean;
  /** The id of the field's error, when the form shows one. */
  errorId: string | undefined;
}

/**
 * One field: its label, its input (given the id, `aria-invalid` when there is an error and
 * `aria-describedby` naming the hint and the error), the hint, then the error.
 */
export function Field({
  id,
  label,
  hint,
  error,
  hintId = `${id}-h`,
  errorId = `${id}-e`,
  errorRole,
  after,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  hintId?: string;
  errorId?: string;
  /** `alert` when the error comes after the user acted and must be read out at once. */
  errorRole?: 'alert';
  /** What follows the error inside the field (a second, unlinked message). */
  after?: ReactNode;
  children: (input: FieldInputProps) => ReactNode;
}) {
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint ? (
        <span id={hintId} className="form-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field-error" role={errorRole}>
          {error}
        </span>
      ) : null}
      {after}
    </div>
  );
}

/**
 * The offer to restore the draft a form left unsaved (`useUnsavedDraft`), or to discard it; nothing
 * when there is no draft to offer.
 */
export function DraftOffer({
  id,
  draft,
  values,
  onRestore,
}: {
  /** The id of its sentence, which names the group. */
  id: string;
  /** The form's `useUnsavedDraft`. */
  draft: UnsavedDraft;
  /** The values on screen, which the draft is restored over. */
  values: DraftValues;
  /** Show these values: the draft restored over `values`. */
  onRestore: (restored: DraftValues) => void;
}) {
  const { t } = useLegacy();
  if (!draft.offer) return null;
  return (
    <div className="draft-offer" role="group" aria-labelledby={id}>
      <p id={id} role="status">
        <strong>{t('draft.title')}</strong> {t('draft.body')}
      </p>
      <div className="actions">
        <button type="button" onClick={() => onRestore(draft.restore(values))}>
          {t('draft.restore')}
        </button>
        <button type="button" className="secondary" onClick={draft.discard}>
          {t('draft.discard')}
        </button>
      </div>
    </div>
  );
}

/**
 * A delete asked for in place: "Delete {name}?", what it means, Cancel and the delete. Cancel has
 * the focus as it opens, so Enter or a stray tap cancels (the safe choice).
 */
export function ConfirmDelete({
  id,
  name,
  body,
  confirmLabel,
  busy,
  onCancel,
  onConfirm,
}: {
  /** The id of its sentence, which names the group. */
  id: string;
  /** What goes, in the title. */
  name: string;
  /** What the delete means; that it is removed for everyone, for good, when absent. */
  body?: ReactNode;
  /** The delete's label; "Yes, delete" when absent. */
  confirmLabel?: string;
  /** A delete is running: the delete waits. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLegacy();
  const cancelDeleteRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancelDeleteRef.current?.focus();
  }, []);
  return (
    <div className="confirm" role="group" aria-labelledby={id}>
      <p id={id}>
        <strong>{t('confirm.title', { name })}</strong> {body ?? t('confirm.body')}
      </p>
      <div className="actions">
        <button ref={cancelDeleteRef} type="button" className="secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel ?? t('confirm.confirm')}
        </button>
      </div>
    </div>
  );
}

/**
 * The two buttons of a confirmation in the page (purge now, restore now): the action, then Cancel;
 * both wait while the action runs.
 */
export function ConfirmActions({
  action,
  busy,
  onAction,
  onCancel,
}: {
  /** The action's words ("Purge now"). */
  action: string;
  busy: boolean;
  onAction: () => void;
  onCancel: () => void;
}) {
  const { t } = useLegacy();
  return (
    <>
      <button type="button" className="danger" disabled={busy} onClick={onAction}>
        {action}
      </button>{' '}
      <button type="button" className="secondary" disabled={busy} onClick={onCancel}>
        {t('form.cancel')}
      </button>
    </>
  );
}
