// The parts every legacy form is made of: a field (its label, its input, a hint, an error the input
// is described by) and the offer to restore an unsaved draft. One markup, so that every form reads
// the same to a screen reader and the accessibility checks hold for all of them at once.
import type { ReactNode } from 'react';
import { useLegacy } from '../legacy-context.tsx';

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

/** The offer to restore the draft a form left unsaved (`useUnsavedDraft`), or to discard it. */
export function DraftOffer({
  id,
  onRestore,
  onDiscard,
}: {
  /** The id of its sentence, which names the group. */
  id: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useLegacy();
  return (
    <div className="draft-offer" role="group" aria-labelledby={id}>
      <p id={id} role="status">
        <strong>{t('draft.title')}</strong> {t('draft.body')}
      </p>
      <div className="actions">
        <button type="button" onClick={onRestore}>
          {t('draft.restore')}
        </button>
        <button type="button" className="secondary" onClick={onDiscard}>
          {t('draft.discard')}
        </button>
      </div>
    </div>
  );
}
