import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ReactNode, SyntheticEvent } from 'react';
import { MIN_PASSWORD_LENGTH as MIN_LENGTH, attributeLabel } from '@portico/core';
import { ApiError } from '../api-client.ts';
import type { ThingTypeField } from '../api-client.ts';
import { AttributeInput, attributeProblemText } from './attribute-inputs.tsx';
import {
  attributeInputs,
  attributeKey,
  checkAttributeInputs,
  refusedAttributes,
  withAttributeDefaults,
} from './attribute-values.ts';
import type { ApiRow, SchemaProblem } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError, describeFieldError } from '../messages.ts';
import type { FieldDef, ResourceDef } from '../resources.ts';
import { PermissionsField, RolesField } from './access-fields.tsx';
import {
  FormValueError,
  checkValues,
  currentReference,
  formTitle,
  initialValues,
  recordName,
  toBody,
  toInput,
} from './form-values.ts';
import type { Values } from './form-values.ts';
import { MIN_SECRET_LENGTH } from './form-values.ts';
import { RoleMembers } from './role-members.tsx';
import { EndpointDeliveries, EventsField } from './webhook-fields.tsx';
import { AppConfigField, CronField, SchemaProblems, schemaKindOf } from './edge-fields.tsx';
import { ConfirmDelete, DraftOffer } from './form-parts.tsx';
import { FormSkeleton, LoadFailed } from './status-views.tsx';
import { MetricsField, ModelFileSection, ModelStatusField } from './model-fields.tsx';
import { metricRows } from './model-state.ts';
import { useUnsavedDraft } from './use-unsaved-draft.ts';
import { ReferenceCombobox, referenceText } from './reference-combobox.tsx';
import { loadWhileCurrent } from './load-while-current.ts';
import { useBusyAction } from './use-busy-action.ts';

/** Only the rows whose fields hold these values (a reader's profile: a `reader` one). */
function acceptOnly(only: Readonly<Record<string, string>>): (row: ApiRow) => boolean {
  return (row) => Object.entries(only).every(([name, value]) => row[name] === value);
}

/**
 * A reference field: the searchable combobox, starting from the row's resolved reference (so the
 * right name, and its site, shows at once).
 */
function ReferenceField({
  field,
  row,
  common,
}: {
  field: FieldDef;
  row: ApiRow | null;
  common: Record<string, unknown> & {
    id: string;
    value: string;
    disabled: boolean;
    required: boolean;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
    onChange: (event: { target: { value: string } }) => void;
  };
}) {
  const { t } = useLegacy();
  const value = /^\d+$/.test(common.value) ? Number(common.value) : null;
  return (
    <ReferenceCombobox
      id={common.id}
      resource={field.reference ?? ''}
      value={value}
      selected={currentReference(field, row)}
      onChange={(id) => common.onChange({ target: { value: id === null ? '' : String(id) } })}
      {...(field.required ? {} : { emptyLabel: t('form.none') })}
      {...(field.only ? { accept: acceptOnly(field.only) } : {})}
      required={common.required}
      disabled={common.disabled}
      invalid={common['aria-invalid'] === true}
      {...(common['aria-describedby'] ? { describedBy: common['aria-describedby'] } : {})}
      placeholder={field.required ? t('form.choose') : t('form.none')}
    />
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

/**
 * Create, view, edit and delete one row. Save and Delete appear only with the matching permission;
 * Delete is apart from Save and asks first (Cancel focused); refusals are shown next to their field
 * or at the top, and the form stays open with what was typed.
 */
export function ResourceForm({ resource, id, onFinished, onCancel, headingId }: ResourceFormProps) {
  const { api, t, permissions, done, oneLabel, fieldLabel, enumLabel, user, language } =
    useLegacy();
  const formId = useId();
  const creating = id === 'new';
  const [row, setRow] = useState<ApiRow | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  const [values, setValues] = useState<Values>(() => initialValues(resource.fields));
  // the values as loaded: the form has unsaved changes when what is on screen differs
  const [pristine, setPristine] = useState<Values>(values);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // a JSON field's problems against its schema, each at its pointer (a stream app's configuration)
  const [fieldProblems, setFieldProblems] = useState<Record<string, readonly SchemaProblem[]>>({});
  const { busy: saving, error, setError, run } = useBusyAction();
  const [confirming, setConfirming] = useState(false);
  // the attributes of the record's type (a thing's thing type); null: none to show or not loaded
  const [attributes, setAttributes] = useState<ThingTypeField[] | null>(null);
  const attributeType = resource.attributes ? (values[resource.attributes.typeField] ?? '') : '';
  const errorRef = useRef<HTMLParagraphElement>(null);
  const one = oneLabel(resource);
  const canSave = permissions.has(`${resource.permission}:${creating ? 'i' : 'u'}`);
  const secretFields = useMemo(
    () => new Set(resource.fields.filter((field) => field.kind === 'password').map((f) => f.name)),
    [resource],
  );
  const draft = useUnsavedDraft({
    ready: creating || row !== null,
    editable: canSave && !saving,
    values,
    pristine,
    secret: secretFields,
  });
  const canDelete = !creating && permissions.has(`${resource.permission}:d`);

  useEffect(() => {
    if (id === 'new') return;
    setLoadError(null);
    return loadWhileCurrent(
      api.get(resource.api, id),
      (loaded) => {
        setRow(loaded);
        const shown = {
          ...Object.fromEntries(
            resource.fields.map((field) => [field.name, toInput(field, loaded[field.name])]),
          ),
          ...(resource.attributes ? attributeInputs(loaded.udfs) : {}),
        };
        setValues(shown);
        setPristine(shown);
      },
      (caught) => setLoadError(describeError(t, caught)),
    );
  }, [api, resource, id, t, loads]);

  useEffect(() => {
    if (!resource.attributes || !/^[1-9]\d*$/.test(attributeType)) {
      setAttributes(null);
      return;
    }
    return loadWhileCurrent(
      api.thingTypeFields(Number(attributeType)),
      (loaded) => {
        setAttributes(loaded);
        if (creating) setValues((current) => withAttributeDefaults(loaded, current));
      },
      // without them the form still saves the record's own fields (its values stay as they are)
      () => setAttributes(null),
    );
  }, [api, resource, attributeType, creating]);

  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);

  const isAttribute = (name: string) =>
    attributes?.some((attribute) => attributeKey(attribute.name) === name) ?? false;

  const fieldOf = useCallback(
    (name: string) => resource.fields.find((field) => field.name === name),
    [resource],
  );

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setFieldProblems({});
    const visible = resource.fields.filter((field) => creating || !field.createOnly);
    const problems = checkValues(visible, values, creating);
    const attributeCheck = attributes ? checkAttributeInputs(attributes, values) : undefined;
    const attributeErrors =
      attributeCheck && !attributeCheck.ok
        ? Object.fromEntries(
            Object.entries(attributeCheck.problems).map(([key, problem]) => [
              key,
              attributeProblemText(t, problem),
            ]),
          )
        : {};
    if (Object.keys(problems).length > 0 || Object.keys(attributeErrors).length > 0) {
      setFieldErrors({
        ...Object.fromEntries(
          Object.entries(problems).map(([name, reason]) => [
            name,
            describeFieldError(t, fieldOf(name), reason),
          ]),
        ),
        ...attributeErrors,
      });
      setError(t('form.fixErrors'));
      return;
    }
    setFieldErrors({});
    await run(async () => {
      const body = toBody(resource.fields, values, creating);
      if (attributeCheck?.ok) body.udfs = attributeCheck.udfs;
      const saved = creating
        ? await api.create(resource.api, { ...resource.createDefaults, ...body })
        : await api.update(resource.api, id, body);
      const name = recordName(resource, saved, values);
      done(
        `${resource.api}.${creating ? 'create' : 'update'}`,
        true,
        t(creating ? 'toast.created' : 'toast.saved', { resource: one, name }),
      );
      onFinished();
    }, describeSaveFailure);
  }

  /** A refused save said on its fields (the form's error asks to fix them), else undefined. */
  function describeSaveFailure(caught: unknown): string | undefined {
    if (caught instanceof FormValueError) {
      setFieldErrors({
        [caught.field]: describeFieldError(t, fieldOf(caught.field), caught.message),
      });
      return t('form.fixErrors');
    }
    if (
      caught instanceof ApiError &&
      caught.status === 409 &&
      caught.field &&
      fieldOf(caught.field)
    ) {
      setFieldErrors({ [caught.field]: t('error.duplicate') });
      return t('form.fixErrors');
    }
    if (
      caught instanceof ApiError &&
      caught.status === 400 &&
      Object.keys(caught.fields).some((name) => fieldOf(name) || isAttribute(name))
    ) {
      const known = Object.entries(caught.fields).filter(([name]) => fieldOf(name));
      const refused = refusedAttributes(caught.details);
      setFieldErrors({
        ...Object.fromEntries(
          known.map(([name, reason]) => [name, describeFieldError(t, fieldOf(name), reason)]),
        ),
        // the services' refusal of a value, on its input: in words when its problem is known
        ...Object.fromEntries(
          Object.entries(caught.fields)
            .filter(([name]) => isAttribute(name))
            .map(([name, reason]) => {
              const problem = refused[name];
              return [name, problem ? attributeProblemText(t, problem) : reason];
            }),
        ),
      });
      const schemaField = known.find(([name]) => fieldOf(name)?.kind === 'appConfig');
      if (schemaField && caught.problems.length > 0)
        setFieldProblems({ [schemaField[0]]: caught.problems });
      return t('form.fixErrors');
    }
    return undefined;
  }

  async function handleDelete() {
    if (id === 'new') return;
    await run(
      async () => {
        await api.remove(resource.api, id);
        done(
          `${resource.api}.delete`,
          true,
          t('toast.deleted', { resource: one, name: recordName(resource, row) }),
        );
        onFinished();
      },
      () => {
        setConfirming(false);
        return undefined;
      },
    );
  }

  const name = recordName(resource, row);
  const visibleFields = resource.fields.filter((field) => creating || !field.createOnly);
  // The details view (no update permission) shows no password box.
  const shownFields = visibleFields.filter(
    (field) => field.kind !== 'password' && field.kind !== 'secret',
  );
  const confirmTitleId = `${formId}-confirm`;
  const errorId = `${formId}-error`;
  const title = formTitle(t, one, creating, canSave);

  function displayValue(field: FieldDef): string {
    const raw = values[field.name] ?? '';
    if (field.kind === 'reference') {
      const current = currentReference(field, row);
      return current ? referenceText(field.reference, current) : '';
    }
    if (field.kind === 'select' || field.kind === 'modelStatus')
      return raw === '' ? '' : enumLabel(raw);
    if (field.kind === 'metrics')
      return metricRows(raw)
        .map(([metric, value]) => `${metric} ${value}`)
        .join(', ');
    if (field.kind === 'roles')
      return Array.isArray(row?.roles)
        ? (row.roles as Array<{ name?: unknown }>).map((role) => String(role.name)).join(', ')
        : '';
    if (field.kind === 'permissions' || field.kind === 'events')
      return raw.split('\n').filter(Boolean).join(', ');
    if (field.kind === 'flag') return enumLabel(raw === 'true' ? 'true' : 'false');
    return raw;
  }

  let content;
  if (loadError) {
    content = <LoadFailed message={loadError} onRetry={() => setLoads((n) => n + 1)} />;
  } else if (!creating && !row) {
    content = <FormSkeleton label={t('form.loading')} />;
  } else if (!canSave) {
    content = (
      <>
        {error ? (
          <p ref={errorRef} id={errorId} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <dl className="details">
          {shownFields.map((field) => {
            const text = displayValue(field);
            return (
              <div key={field.name} className="detail">
                <dt>{fieldLabel(field)}</dt>
                <dd className={text === '' ? 'not-set' : undefined}>
                  {text === '' ? t('form.notSet') : text}
                </dd>
              </div>
            );
          })}
          {(attributes ?? []).map((attribute) => {
            const text = values[attributeKey(attribute.name)] ?? '';
            const shown =
              attribute.dataType === 'BOOLEAN'
                ? t(text === 'true' ? 'attributes.yes' : 'attributes.no')
                : [text, text === '' ? '' : attribute.symbol].filter(Boolean).join(' ');
            return (
              <div key={`udf-${attribute.id}`} className="detail">
                <dt>{attributeLabel(attribute, language)}</dt>
                <dd className={shown === '' ? 'not-set' : undefined}>
                  {shown === '' ? t('form.notSet') : shown}
                </dd>
              </div>
            );
          })}
        </dl>
        <FormActions>
          {canDelete ? (
            <DeleteButton onClick={() => setConfirming(true)} hidden={confirming} />
          ) : null}
          {onCancel ? (
            <button type="button" className="secondary" onClick={onCancel}>
              {t('form.close')}
            </button>
          ) : null}
        </FormActions>
      </>
    );
  } else {
    content = (
      <form
        id={formId}
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-busy={saving || undefined}
        aria-labelledby={headingId ?? 'page-title'}
        {...(error ? { 'aria-describedby': errorId } : {})}
      >
        <DraftOffer id={`${formId}-draft`} draft={draft} values={values} onRestore={setValues} />
        {error ? (
          <p ref={errorRef} id={errorId} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="form-hint">{t('form.requiredHint')}</p>
        {visibleFields.map((field) => {
          const inputId = `${formId}-${field.name}`;
          const fieldErrorId = `${inputId}-error`;
          const fieldError = fieldErrors[field.name];
          const common = {
            id: inputId,
            name: field.name,
            value: values[field.name] ?? '',
            disabled: confirming || saving,
            required: field.required === true,
            'aria-invalid': fieldError ? true : undefined,
            'aria-describedby': fieldError ? fieldErrorId : undefined,
            onChange: (event: { target: { value: string } }) =>
              setValues((current) => ({ ...current, [field.name]: event.target.value })),
          };
          const onChange = (value: string) =>
            setValues((current) => ({ ...current, [field.name]: value }));
          const problems = fieldProblems[field.name] ?? [];
          const errorText = fieldError ? (
            <span id={fieldErrorId} className="field-error">
              {fieldError}
              <SchemaProblems problems={problems} />
            </span>
          ) : null;
          if (field.kind === 'cron' || field.kind === 'appConfig') {
            const { 'aria-describedby': _described, ...input } = common;
            const describedBy = fieldError ? fieldErrorId : undefined;
            return (
              <div className="field" key={field.name}>
                <label htmlFor={inputId}>
                  {fieldLabel(field)}
                  {field.required ? <span aria-hidden="true"> *</span> : null}
                </label>
                {field.kind === 'cron' ? (
                  <CronField input={input} errorId={describedBy} />
                ) : (
                  <AppConfigField
                    input={input}
                    resource={resource.api}
                    kind={schemaKindOf(resource.api, values)}
                    onChange={onChange}
                    errorId={describedBy}
                  />
                )}
                {errorText}
              </div>
            );
          }
          if (field.kind === 'modelStatus') {
            const { 'aria-describedby': _described, 'aria-invalid': _invalid, ...input } = common;
            return (
              <div className="field" key={field.name}>
                <label htmlFor={inputId}>
                  {fieldLabel(field)}
                  <span aria-hidden="true"> *</span>
                </label>
                <ModelStatusField
                  input={input}
                  row={row}
                  errorId={fieldError ? fieldErrorId : undefined}
                />
                {errorText}
              </div>
            );
          }
          if (field.kind === 'flag') {
            return (
              <div className="field field-flag" key={field.name}>
                <label htmlFor={inputId}>
                  <input
                    id={inputId}
                    name={field.name}
                    type="checkbox"
                    checked={values[field.name] === 'true'}
                    disabled={confirming || saving}
                    aria-describedby={fieldError ? fieldErrorId : undefined}
                    onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
                  />{' '}
                  {fieldLabel(field)}
                </label>
                {errorText}
              </div>
            );
          }
          if (field.kind === 'secret') {
            const hintId = `${inputId}-hint`;
            return (
              <div className="field" key={field.name}>
                <label htmlFor={inputId}>
                  {fieldLabel(field)}
                  {creating ? <span aria-hidden="true"> *</span> : null}
                </label>
                <span className="input-with-action">
                  <input
                    {...common}
                    type="text"
                    required={creating}
                    autoComplete="off"
                    spellCheck={false}
                    aria-describedby={[hintId, fieldError ? fieldErrorId : undefined]
                      .filter(Boolean)
                      .join(' ')}
                  />
                  <button
                    type="button"
                    className="secondary"
                    disabled={confirming || saving}
                    onClick={() => onChange(newSecret())}
                  >
                    {t('form.generateSecret')}
                  </button>
                </span>
                <span id={hintId} className="form-hint">
                  {t('form.secretRule', { min: MIN_SECRET_LENGTH })}
                  {creating ? null : ` ${t('form.secretKeep')}`}
                </span>
                {errorText}
              </div>
            );
          }
          if (
            field.kind === 'roles' ||
            field.kind === 'permissions' ||
            field.kind === 'metrics' ||
            field.kind === 'events'
          ) {
            // a field of its own parts: a group named by its legend, the error after it
            const props = {
              id: inputId,
              legend: fieldLabel(field),
              value: values[field.name] ?? '',
              onChange,
              disabled: confirming || saving,
              errorId: fieldError ? fieldErrorId : undefined,
            };
            return (
              <div key={field.name}>
                {field.kind === 'roles' ? (
                  <RolesField
                    {...props}
                    row={row}
                    own={!creating && row?.username === user.username}
                  />
                ) : field.kind === 'permissions' ? (
                  <PermissionsField {...props} />
                ) : field.kind === 'metrics' ? (
                  <MetricsField {...props} />
                ) : (
                  <EventsField {...props} />
                )}
                {errorText}
              </div>
            );
          }
          const newPassword = field.kind === 'password' && !creating;
          const hintId = `${inputId}-hint`;
          const described =
            [field.kind === 'password' ? hintId : undefined, fieldError ? fieldErrorId : undefined]
              .filter(Boolean)
              .join(' ') || undefined;
          return (
            <div className="field" key={field.name}>
              <label htmlFor={inputId}>
                {newPassword ? t('field.newPassword') : fieldLabel(field)}
                {field.required && !newPassword ? <span aria-hidden="true"> *</span> : null}
              </label>
              {field.kind === 'reference' ? (
                <ReferenceField field={field} row={row} common={common} />
              ) : field.kind === 'select' ? (
                <select {...common}>
                  {field.required ? null : <option value="">{t('form.none')}</option>}
                  {(field.options ?? []).map((option) => (
                    <option key={option} value={option}>
                      {enumLabel(option)}
                    </option>
                  ))}
                </select>
              ) : field.kind === 'textarea' || field.kind === 'list' || field.kind === 'json' ? (
                <textarea
                  {...common}
                  rows={field.kind === 'list' ? 6 : 3}
                  spellCheck={field.kind === 'textarea'}
                />
              ) : (
                <input
                  {...common}
                  required={common.required && !newPassword}
                  aria-describedby={described}
                  type={
                    field.kind === 'color' ? 'text' : field.kind === 'number' ? 'text' : field.kind
                  }
                  inputMode={field.kind === 'number' ? 'numeric' : undefined}
                  autoComplete={
                    field.kind === 'password'
                      ? 'new-password'
                      : field.kind === 'email'
                        ? 'email'
                        : 'off'
                  }
                />
              )}
              {field.kind === 'password' ? (
                <span id={hintId} className="form-hint">
                  {/* two sentences, two text nodes (each one translation) */}
                  {t('form.passwordRule', { min: MIN_LENGTH })}
                  {newPassword ? ` ${t('form.newPasswordHint')}` : null}
                </span>
              ) : null}
              {errorText}
            </div>
          );
        })}
        {attributes && attributes.length > 0 ? (
          <fieldset className="attribute-values">
            <legend>{t('attributes.values')}</legend>
            {attributes.map((attribute) => {
              const key = attributeKey(attribute.name);
              const inputId = `${formId}-udf-${attribute.name}`;
              const fieldError = fieldErrors[key];
              return (
                <div
                  className={attribute.dataType === 'BOOLEAN' ? 'field field-flag' : 'field'}
                  key={attribute.id}
                >
                  <AttributeInput
                    definition={attribute}
                    id={inputId}
                    value={values[key] ?? ''}
                    disabled={confirming || saving}
                    errorId={fieldError ? `${inputId}-error` : undefined}
                    onChange={(value) => setValues((current) => ({ ...current, [key]: value }))}
                  />
                  {fieldError ? (
                    <span id={`${inputId}-error`} className="field-error">
                      {fieldError}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ) : null}
        <FormActions>
          {canDelete ? (
            <DeleteButton onClick={() => setConfirming(true)} hidden={confirming} />
          ) : null}
          <span className="actions-end">
            {onCancel ? (
              <button type="button" className="secondary" onClick={onCancel} disabled={saving}>
                {t('form.cancel')}
              </button>
            ) : null}
            <button type="submit" disabled={saving || confirming}>
              {saving ? t('form.saving') : t('form.save')}
            </button>
          </span>
        </FormActions>
      </form>
    );
  }

  return (
    <div className="resource-form">
      {headingId ? null : (
        <h1 id="page-title">{name ? t('form.titleWithName', { title, name }) : title}</h1>
      )}
      {content}
      {resource.api === 'role' && !creating && row && permissions.has('user:r') ? (
        <RoleMembers roleId={row.id} />
      ) : null}
      {resource.api === 'trainedModel' && !creating && row ? (
        <ModelFileSection
          row={row}
          onUploaded={(saved) => {
            setRow(saved);
            // the status may now move on (validated needs a file): the form keeps what was typed
          }}
        />
      ) : null}
      {resource.api === 'endpoint' && !creating && row ? (
        <EndpointDeliveries endpointId={row.id} />
      ) : null}
      {confirming ? (
        <ConfirmDelete
          id={confirmTitleId}
          name={name}
          busy={saving}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void handleDelete()}
        />
      ) : null}
    </div>
  );
}

function FormActions({ children }: { children: ReactNode }) {
  return <div className="form-actions">{children}</div>;
}

function DeleteButton({ onClick, hidden }: { onClick: () => void; hidden: boolean }) {
  const { t } = useLegacy();
  if (hidden) return null;
  return (
    <button type="button" className="danger delete-record" onClick={onClick}>
      {t('form.delete')}
    </button>
  );
}

/** A new signing secret: 32 random bytes, base64url (43 characters), from the browser's CSPRNG. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
