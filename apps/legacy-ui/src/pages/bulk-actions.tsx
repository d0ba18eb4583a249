// The bulk actions of a resource list: the confirmation that names what will go, the "change a
// field" dialog, and the undo toast of a delete. The list page owns the selection (some rows, or
// every record matching the list's query) and calls the services' bulk endpoint.
import { useEffect, useId, useRef, useState } from 'react';
import type { ButtonHTMLAttributes } from 'react';
import type { ApiRow } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import type { FieldDef, ResourceDef } from '../resources.ts';
import { describeFieldError } from '../messages.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { ReferenceCombobox } from './reference-combobox.tsx';
import { namesText } from './bulk-summary.ts';
import { BusyButton } from './status-views.tsx';

/** Fields worth changing on many records at once: not names, codes or serials (unique or personal). */
export function bulkFields(resource: ResourceDef): FieldDef[] {
  const personal = new Set([resource.titleField, 'name', 'code', 'serial', 'username', 'email']);
  return resource.fields.filter(
    (field) =>
      !field.createOnly &&
      !personal.has(field.name) &&
      ['select', 'reference', 'number', 'color', 'text', 'textarea'].includes(field.kind),
  );
}

/**
 * A bulk dialog's footer: Cancel, and its action (the button's own props and words), both held
 * while the bulk request runs, the action saying so meanwhile.
 */
function BulkDialogActions({
  working,
  onCancel,
  children,
  ...action
}: ButtonHTMLAttributes<HTMLButtonElement> & { working: boolean; onCancel(): void }) {
  const { t } = useLegacy();
  return (
    <div className="actions">
      <button type="button" className="secondary" onClick={onCancel} disabled={working}>
        {t('confirm.cancel')}
      </button>
      <BusyButton {...action} busy={working} busyLabel={t('list.bulkWorking')}>
        {children}
      </BusyButton>
    </div>
  );
}

/** The confirmation of a bulk delete: "Delete Dock 1, Dock 2 and 3 more?". */
export function BulkDeleteDialog({
  names,
  count,
  undoable,
  working,
  onConfirm,
  onCancel,
}: {
  /** The names known (the page's selected rows). */
  names: string[];
  /** How many will go in all. */
  count: number;
  undoable: boolean;
  working: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t, language } = useLegacy();
  const titleId = useId();
  return (
    <ModalDialog
      title={t('list.deleteTitle', { names: namesText(t, language, names, count) })}
      titleId={titleId}
      onDismiss={() => !working && onCancel()}
    >
      <p>{t(undoable ? 'list.deleteUndoable' : 'list.deleteFinal', { count })}</p>
      <BulkDialogActions
        working={working}
        onCancel={onCancel}
        className="danger"
        onClick={onConfirm}
      >
        {t('list.deleteCount', { count })}
      </BulkDialogActions>
    </ModalDialog>
  );
}

/** "Change a field" of many records: the field, its new value, checked again by the server. */
export function BulkUpdateDialog({
  resource,
  count,
  working,
  error,
  onApply,
  onCancel,
}: {
  resource: ResourceDef;
  count: number;
  working: boolean;
  /** The server's refusal of the value (a 400 names the field). */
  error: { field: string; reason: string } | null;
  onApply(field: FieldDef, value: unknown): void;
  onCancel(): void;
}) {
  const { t, fieldLabel, enumLabel } = useLegacy();
  const titleId = useId();
  const fieldId = useId();
  const valueId = useId();
  const errorId = useId();
  const fields = bulkFields(resource);
  const [name, setName] = useState(fields[0]?.name ?? '');
  const [text, setText] = useState('');
  const [reference, setReference] = useState<number | null>(null);
  const field = fields.find((candidate) => candidate.name === name);
  const [localError, setLocalError] = useState<string | null>(null);
  const shownError =
    localError ??
    (error && field && error.field === field.name
      ? describeFieldError(t, field, error.reason)
      : null);

  function reset(next: string) {
    setName(next);
    setText('');
    setReference(null);
    setLocalError(null);
  }

  function apply() {
    if (!field) return;
    let value: unknown;
    if (field.kind === 'reference') value = reference;
    else if (field.kind === 'number') {
      if (text.trim() === '' || !Number.isFinite(Number(text))) {
        setLocalError(t('error.number'));
        return;
      }
      value = Number(text);
    } else value = text;
    if (field.required && (value === null || value === '')) {
      setLocalError(t('error.required'));
      return;
    }
    setLocalError(null);
    onApply(field, value);
  }

  const common = {
    id: valueId,
    disabled: working,
    'aria-invalid': shownError ? true : undefined,
    'aria-describedby': shownError ? errorId : undefined,
  } as const;
  return (
    <ModalDialog
      title={t('list.bulkUpdateTitle', { count })}
      titleId={titleId}
      onDismiss={() => !working && onCancel()}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <div className="field">
          <label htmlFor={fieldId}>{t('list.bulkField')}</label>
          <select
            id={fieldId}
            value={name}
            onChange={(event) => reset(event.target.value)}
            disabled={working}
          >
            {fields.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {fieldLabel(candidate)}
              </option>
            ))}
          </select>
        </div>
        {field ? (
          <div className="field">
            <label htmlFor={valueId}>{t('list.bulkValue')}</label>
            {field.kind === 'reference' ? (
              <ReferenceCombobox
                key={field.name}
                id={valueId}
                resource={field.reference ?? ''}
                value={reference}
                onChange={(id: number | null, _row: ApiRow | null) => setReference(id)}
                {...(field.required ? {} : { emptyLabel: t('list.noValue') })}
                required={field.required === true}
                disabled={working}
                invalid={shownError !== null}
                {...(shownError ? { describedBy: errorId } : {})}
              />
            ) : field.kind === 'select' ? (
              <select {...common} value={text} onChange={(event) => setText(event.target.value)}>
                <option value="">{field.required ? t('form.choose') : t('list.noValue')}</option>
                {(field.options ?? []).map((option) => (
                  <option key={option} value={option}>
                    {enumLabel(option)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={
                  field.kind === 'number' ? 'number' : field.kind === 'color' ? 'color' : 'text'
                }
                value={field.kind === 'color' && text === '' ? '#000000' : text}
                onChange={(event) => setText(event.target.value)}
              />
            )}
            {shownError ? (
              <span id={errorId} className="field-error">
                {shownError}
              </span>
            ) : null}
          </div>
        ) : null}
        <BulkDialogActions working={working} onCancel={onCancel} type="submit" disabled={!field}>
          {t('list.bulkApply')}
        </BulkDialogActions>
      </form>
    </ModalDialog>
  );
}

/**
 * The toast after a delete that can be undone: what went, and "Undo" until the window closes. It
 * takes the focus (the records the focus was on are gone), so Enter undoes at once.
 */
export function UndoToast({
  message,
  until,
  working,
  onUndo,
  onExpire,
}: {
  message: string;
  /** Epoch ms when the undo window closes. */
  until: number;
  working: boolean;
  onUndo(): void;
  onExpire(): void;
}) {
  const { t } = useLegacy();
  const button = useRef<HTMLButtonElement>(null);
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  useEffect(() => {
    button.current?.focus();
  }, []);
  useEffect(() => {
    const timer = setInterval(() => {
      const seconds = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) onExpire();
    }, 250);
    return () => clearInterval(timer);
  }, [until, onExpire]);
  return (
    <div className="undo-toast" role="status">
      <span>{message}</span>
      <button
        ref={button}
        type="button"
        onClick={onUndo}
        disabled={working || left === 0}
        aria-busy={working || undefined}
      >
        {t('list.undo')}
        <span className="undo-seconds" aria-hidden="true">
          {` (${left})`}
        </span>
      </button>
    </div>
  );
}
