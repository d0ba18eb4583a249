import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../api-client.ts';
import type { ApiRow } from '../api-client.ts';
import type { Translate } from '../i18n.ts';
import { useLegacy } from '../legacy-context.tsx';
import type { FieldDef, ResourceDef } from '../resources.ts';
import { RESOURCES } from '../resources.ts';

type Values = Record<string, string>;

function toInput(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'list') return Array.isArray(value) ? value.join('\n') : String(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A form value the API would refuse before it is sent (a JSON field that does not parse). */
export class FormValueError extends Error {
  readonly code = 'FORM_VALUE';
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** Converts the form's strings to the API's types (ids and numbers as numbers, lists as arrays, JSON parsed). */
export function toBody(fields: FieldDef[], values: Values, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.createOnly && !creating) continue;
    const raw = values[field.name] ?? '';
    if (field.kind === 'reference' || field.kind === 'number') body[field.name] = raw.trim() === '' ? null : Number(raw);
    else if (field.kind === 'list')
      body[field.name] = raw
        .split(/[\n,]/)
        .map((item) => item.trim())
        .filter(Boolean);
    else if (field.kind === 'json') {
      if (raw.trim() === '') body[field.name] = {};
      else {
        try {
          body[field.name] = JSON.parse(raw) as unknown;
        } catch {
          throw new FormValueError(field.name, 'Not valid JSON');
        }
      }
    } else if ((field.kind === 'select' || field.kind === 'color') && raw.trim() === '') continue; // the API keeps its default or the current value
    else body[field.name] = raw;
  }
  return body;
}

function ReferenceOptions({ resource }: { resource: string }) {
  const { api, t } = useLegacy();
  const [rows, setRows] = useState<ApiRow[]>([]);
  const def = RESOURCES[resource];
  useEffect(() => {
    if (!def) return;
    let active = true;
    api
      .list(def.api, { pageSize: 1000, pageNumber: 1, order: `${def.titleField}:asc` })
      .then((page) => active && setRows(page.results))
      .catch(() => active && setRows([]));
    return () => {
      active = false;
    };
  }, [api, def]);
  return (
    <>
      <option value="">{t('form.none')}</option>
      {rows.map((row) => (
        <option key={row.id} value={String(row.id)}>
          {String(row[def?.titleField ?? 'name'] ?? row.id)}
        </option>
      ))}
    </>
  );
}

/** Props of {@link ResourceForm}. */
export interface ResourceFormProps {
  resource: ResourceDef;
  id: number | 'new';
  /** After a successful save or delete. */
  onFinished: () => void;
  /** Cancel (shown when given: the dialog's way out). */
  onCancel?: () => void;
  /** Id of the heading naming the form (the dialog's title); the form renders its own when absent. */
  headingId?: string;
}

/** The title of the form for a resource row. */
export function formTitle(t: Translate, label: string, creating: boolean, canSave: boolean): string {
  if (creating) return t('form.create', { resource: label });
  return canSave ? t('form.edit', { resource: label }) : t('form.view', { resource: label });
}

/**
 * Create, view, edit and delete one row. Save and Delete appear only with the matching permission;
 * Delete asks for confirmation first; a 400's `fields` are shown next to their inputs.
 */
export function ResourceForm({ resource, id, onFinished, onCancel, headingId }: ResourceFormProps) {
  const { api, t, permissions, done, resourceLabel } = useLegacy();
  const formId = useId();
  const creating = id === 'new';
  const [row, setRow] = useState<ApiRow | null>(null);
  const [values, setValues] = useState<Values>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const label = resourceLabel(resource);
  const canSave = permissions.has(`${resource.permission}:${creating ? 'i' : 'u'}`);
  const canDelete = !creating && permissions.has(`${resource.permission}:d`);

  useEffect(() => {
    if (id === 'new') return;
    let active = true;
    api
      .get(resource.api, id)
      .then((loaded) => {
        if (!active) return;
        setRow(loaded);
        setValues(Object.fromEntries(resource.fields.map((field) => [field.name, toInput(field, loaded[field.name])])));
      })
      .catch((caught: unknown) => active && setError(describe(caught)));
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- describe() only reads t
  }, [api, resource, id]);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  function describe(caught: unknown): string {
    if (caught instanceof ApiError) {
      if (caught.status === 403) return t('error.forbidden');
      if (caught.status === 404) return t('error.notFound');
      if (caught.status === 409) return `${t('error.conflict')} ${caught.message}`;
      return caught.message;
    }
    return t('error.generic');
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setFieldErrors({});
    try {
      const body = toBody(resource.fields, values, creating);
      if (creating) await api.create(resource.api, { ...resource.createDefaults, ...body });
      else await api.update(resource.api, id, body);
      done(`${resource.api}.${creating ? 'create' : 'update'}`, true, t('form.saved'));
      setSaving(false);
      onFinished();
    } catch (caught) {
      if (caught instanceof FormValueError) {
        setFieldErrors({ [caught.field]: caught.message });
        setError(t('form.fixErrors'));
      } else if (caught instanceof ApiError && caught.status === 400 && Object.keys(caught.fields).length > 0) {
        setFieldErrors(caught.fields);
        setError(t('form.fixErrors'));
      } else {
        setError(describe(caught));
      }
      setSaving(false);
    }
  }

  async function handleDelete() {
    if (id === 'new') return;
    try {
      await api.remove(resource.api, id);
      done(`${resource.api}.delete`, true);
      onFinished();
    } catch (caught) {
      setConfirming(false);
      setError(describe(caught));
    }
  }

  const rowName = row ? String(row[resource.titleField] ?? `#${row.id}`) : '';
  const visibleFields = resource.fields.filter((field) => creating || !field.createOnly);
  const confirmTitleId = `${formId}-confirm`;

  return (
    <div className="resource-form">
      {headingId ? null : (
        <h1 id="page-title">
          {formTitle(t, label, creating, canSave)}
          {rowName ? `: ${rowName}` : ''}
        </h1>
      )}
      {error ? <p role="alert">{error}</p> : null}
      {creating || row ? (
        <form id={formId} onSubmit={(event) => void handleSubmit(event)} noValidate {...(headingId ? { 'aria-labelledby': headingId } : {})}>
          {visibleFields.map((field) => {
            const inputId = `${formId}-${field.name}`;
            const errorId = `${inputId}-error`;
            const fieldError = fieldErrors[field.name];
            const common = {
              id: inputId,
              name: field.name,
              value: values[field.name] ?? '',
              disabled: !canSave || confirming,
              required: field.required === true,
              'aria-invalid': fieldError ? true : undefined,
              'aria-describedby': fieldError ? errorId : undefined,
              onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field.name]: event.target.value })),
            };
            return (
              <div className="field" key={field.name}>
                <label htmlFor={inputId}>
                  {t(field.label)}
                  {field.required ? <span aria-hidden="true"> *</span> : null}
                </label>
                {field.kind === 'reference' ? (
                  <select {...common}>
                    <ReferenceOptions resource={field.reference ?? ''} />
                  </select>
                ) : field.kind === 'select' ? (
                  <select {...common}>
                    <option value="">{t('form.none')}</option>
                    {(field.options ?? []).map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                ) : field.kind === 'textarea' || field.kind === 'list' || field.kind === 'json' ? (
                  <textarea {...common} rows={field.kind === 'list' ? 6 : 3} />
                ) : (
                  <input {...common} type={field.kind === 'color' ? 'text' : field.kind} autoComplete={field.kind === 'password' ? 'new-password' : 'off'} />
                )}
                {fieldError ? (
                  <span id={errorId} className="field-error">
                    {fieldError}
                  </span>
                ) : null}
              </div>
            );
          })}
          {confirming ? (
            <div key="confirm" className="confirm" role="group" aria-labelledby={confirmTitleId}>
              <p id={confirmTitleId}>
                <strong>{t('confirm.title', { name: rowName })}</strong> {t('confirm.body')}
              </p>
              <div className="actions">
                <button ref={confirmRef} type="button" className="danger" onClick={() => void handleDelete()}>
                  {t('confirm.confirm')}
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  {t('confirm.cancel')}
                </button>
              </div>
            </div>
          ) : (
            <div key="actions" className="actions">
              {canSave ? (
                <button type="submit" disabled={saving}>
                  {t('form.save')}
                </button>
              ) : null}
              {canDelete ? (
                <button type="button" className="danger" onClick={() => setConfirming(true)}>
                  {t('form.delete')}
                </button>
              ) : null}
              {onCancel ? (
                <button type="button" className="secondary" onClick={onCancel}>
                  {t('form.cancel')}
                </button>
              ) : null}
            </div>
          )}
        </form>
      ) : null}
    </div>
  );
}
