// /tenants/rulesAttributes: the attributes of each thing type (its user-defined fields: code,
// label, data type, unit, required, allowed values, bounds, default), added, changed, ordered and
// deleted here; each thing's form then shows its type's attributes. Core's rule checks a
// definition before it is sent (the services check with the same rule).
import { useEffect, useId, useState } from 'react';
import type { SyntheticEvent } from 'react';
import {
  ATTRIBUTE_DATA_TYPES,
  ATTRIBUTE_LABEL_LANGUAGES,
  ATTRIBUTE_LIMITS,
  attributeLabel,
  attributeValueText,
  checkAttributeDefinition,
} from '@portico/core';
import type {
  AttributeDataType,
  AttributeDefinition,
  AttributeDefinitionProblem,
} from '@portico/core';
import { ApiError } from '../api-client.ts';
import type { ApiRow, ThingTypeField } from '../api-client.ts';
import type { Translate } from '../i18n.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import { AttributeInput, attributeRuleText } from './attribute-inputs.tsx';
import { ConfirmDelete } from './form-parts.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import { PageFrame } from './page-frame.tsx';
import {
  ActionOutcome,
  FormError,
  LoadFailed,
  LoadingHint,
  NoPermission,
} from './status-views.tsx';
import { TableRegion } from './table-region.tsx';
import { useReload } from './use-reload.ts';
import { loadWhileCurrent } from './load-while-current.ts';
import { useBusyAction } from './use-busy-action.ts';

/** A definition's problem in the user's language. */
export function definitionProblemText(t: Translate, problem: AttributeDefinitionProblem): string {
  switch (problem.field) {
    case 'name':
      return problem.code === 'tooLong'
        ? t('attributeDef.name.tooLong', { max: ATTRIBUTE_LIMITS.name })
        : t(`attributeDef.name.${problem.code}`);
    case 'label':
      return t('attributeDef.label', { max: ATTRIBUTE_LIMITS.label });
    case 'unit':
    case 'symbol':
      return t('attributeDef.text', { max: ATTRIBUTE_LIMITS[problem.field] });
    case 'allowedValues':
      return problem.code === 'required' || problem.code === 'duplicate'
        ? t(`attributeDef.allowedValues.${problem.code}`)
        : t('attributeDef.allowedValues.other', {
            count: ATTRIBUTE_LIMITS.allowedValues,
            max: ATTRIBUTE_LIMITS.allowedValue,
          });
    case 'minimum':
    case 'maximum':
      return problem.code === 'notNumber'
        ? t('attributeDef.number')
        : problem.code === 'notInteger'
          ? t('attributeDef.integer')
          : t('attributeDef.minAboveMax');
    case 'maxLength':
      return t('attributeDef.maxLength', { max: ATTRIBUTE_LIMITS.text });
    case 'defaultValue':
      return problem.problem.code === 'tooLong'
        ? t('attributes.problem.tooLong', { max: problem.problem.max })
        : problem.problem.code === 'belowMinimum'
          ? t('attributes.problem.belowMinimum', { min: problem.problem.min })
          : problem.problem.code === 'aboveMaximum'
            ? t('attributes.problem.aboveMaximum', { max: problem.problem.max })
            : t(`attributes.problem.${problem.problem.code}`);
    case 'dataType':
    case 'required':
      return t('attributeDef.dataType');
  }
}

type Draft = Record<string, string>;

function draftOf(field: ThingTypeField | undefined): Draft {
  const label = field?.label ?? '';
  const labels: Draft = Object.fromEntries(
    ATTRIBUTE_LABEL_LANGUAGES.map((language) => [
      `label.${language}`,
      typeof label === 'string' ? (language === 'en' ? label : '') : (label[language] ?? ''),
    ]),
  );
  return {
    name: field?.name ?? '',
    ...labels,
    dataType: field?.dataType ?? 'TEXT',
    unit: field?.unit ?? '',
    symbol: field?.symbol ?? '',
    required: field?.required ? 'true' : 'false',
    allowedValues: (field?.allowedValues ?? []).join('\n'),
    minimum: attributeValueText(field?.minimum),
    maximum: attributeValueText(field?.maximum),
    maxLength: attributeValueText(field?.maxLength),
    defaultValue: attributeValueText(field?.defaultValue),
  };
}

/** A draft as the definition a client sends (core checks it). */
function inputOf(draft: Draft): Record<string, unknown> {
  const labels = Object.fromEntries(
    ATTRIBUTE_LABEL_LANGUAGES.map((language) => [
      language,
      (draft[`label.${language}`] ?? '').trim(),
    ]).filter(([, text]) => text !== ''),
  );
  return {
    name: draft.name ?? '',
    label: Object.keys(labels).length > 0 ? labels : '',
    dataType: draft.dataType,
    unit: draft.unit ?? '',
    symbol: draft.symbol ?? '',
    required: draft.required === 'true',
    allowedValues: (draft.allowedValues ?? '').split('\n').filter((line) => line.trim() !== ''),
    minimum: draft.minimum ?? '',
    maximum: draft.maximum ?? '',
    maxLength: draft.maxLength ?? '',
    defaultValue: draft.defaultValue ?? '',
  };
}

export function RulesAttributesPage() {
  const { api, t, permissions, conceptLabel, oneLabel, language, done } = useLegacy();
  const title = conceptLabel('RulesAttributes', 'page.rulesAttributes');
  const typeResource = RESOURCES.thingType!;
  const typeLabel = oneLabel(typeResource);
  const pageId = useId();
  const canRead = permissions.has('thingtype:r');
  const canChange = permissions.has('thingtype:u');
  const [types, setTypes] = useState<ApiRow[] | null>(null);
  const [typeId, setTypeId] = useState('');
  // the attributes shown, with the type they belong to: reading them again after a change keeps
  // them on screen (no loading line beside the change's status line); another type shows none
  // until its own arrive
  const [shown, setShown] = useState<{ typeId: string; fields: ThingTypeField[] } | null>(null);
  const fields = shown?.typeId === typeId ? shown.fields : null;
  const { loads, loadError, setLoadError, reload, retry } = useReload();
  const [editing, setEditing] = useState<ThingTypeField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ThingTypeField | null>(null);
  const [inUse, setInUse] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const { busy, error, setError, run } = useBusyAction();

  useEffect(() => {
    if (!canRead) return;
    return loadWhileCurrent(
      api.list('thingType', { pageSize: 500, pageNumber: 1, order: 'name:asc' }),
      (page) => {
        setTypes(page.results);
        setTypeId((current) => current || String(page.results[0]?.id ?? ''));
      },
      (caught) => setLoadError(describeError(t, caught)),
    );
  }, [api, setLoadError, canRead, t, loads]);

  useEffect(() => {
    if (typeId === '') return;
    return loadWhileCurrent(
      api.thingTypeFields(Number(typeId)),
      (loaded) => setShown({ typeId, fields: loaded }),
      (caught) => setLoadError(describeError(t, caught)),
    );
  }, [api, setLoadError, typeId, t, loads]);

  const nameOf = (field: ThingTypeField) => attributeLabel(field, language);

  async function move(field: ThingTypeField, by: -1 | 1) {
    if (!fields) return;
    const order = fields.map((row) => row.id);
    const at = order.indexOf(field.id);
    const other = order[at + by];
    if (other === undefined) return;
    order[at + by] = field.id;
    order[at] = other;
    await run(async () => {
      setShown({ typeId, fields: await api.reorderThingTypeFields(Number(typeId), order) });
      setStatus(t('attributes.moved'));
      // the moved row's button keeps the focus where the row went
      requestAnimationFrame(() =>
        document
          .getElementById(`${pageId}-${by < 0 ? 'up' : 'down'}-${field.id}`)
          ?.focus({ preventScroll: false }),
      );
    });
  }

  function remove(field: ThingTypeField, removeValues: boolean) {
    return run(
      async () => {
        await api.deleteThingTypeField(Number(typeId), field.id, removeValues);
        setDeleting(null);
        setInUse(null);
        const message = t('attributes.deleted', { name: nameOf(field) });
        setStatus(message);
        done('thingTypeField.delete', true, message);
        reload();
      },
      (caught) => {
        if (!(caught instanceof ApiError && caught.status === 409)) return undefined;
        if (typeof caught.details.count !== 'number') return undefined;
        setInUse(caught.details.count);
        return null;
      },
    );
  }

  let content;
  if (!canRead) content = <NoPermission page={title} />;
  else if (loadError) content = <LoadFailed message={loadError} onRetry={retry} />;
  else if (!types) content = <LoadingHint>{t('attributes.loading')}</LoadingHint>;
  else if (types.length === 0) content = <p className="form-hint">{t('attributes.noTypes')}</p>;
  else
    content = (
      <>
        <p>{t('attributes.intro', { type: typeLabel })}</p>
        <div className="toolbar">
          <div className="field">
            <label htmlFor={`${pageId}-type`}>{typeLabel}</label>
            <select
              id={`${pageId}-type`}
              value={typeId}
              onChange={(event) => {
                setStatus('');
                setError(null);
                setTypeId(event.target.value);
              }}
            >
              {types.map((type) => (
                <option key={type.id} value={String(type.id)}>
                  {String(type.name)}
                </option>
              ))}
            </select>
          </div>
          {canChange ? (
            <button type="button" onClick={() => setEditing('new')} disabled={busy || !fields}>
              {t('attributes.add')}
            </button>
          ) : null}
        </div>
        {canChange ? null : <p className="form-hint">{t('attributes.readOnly')}</p>}
        {!fields ? (
          <LoadingHint>{t('attributes.loading')}</LoadingHint>
        ) : fields.length === 0 ? (
          <p className="form-hint">{t('attributes.none')}</p>
        ) : (
          <TableRegion label={t('attributes.values')} caption={t('attributes.values')}>
            <thead>
              <tr>
                <th scope="col">{t('attributes.code')}</th>
                <th scope="col">{t('attributes.label')}</th>
                <th scope="col">{t('attributes.dataType')}</th>
                <th scope="col">{t('attributes.unit')}</th>
                <th scope="col">{t('attributes.required')}</th>
                <th scope="col">{t('attributes.rules')}</th>
                <th scope="col">{t('attributes.defaultValue')}</th>
                {canChange ? <th scope="col">{t('list.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {fields.map((field, index) => (
                <tr key={field.id}>
                  <td data-label={t('attributes.code')}>
                    <code>{field.name}</code>
                  </td>
                  <td data-label={t('attributes.label')}>{nameOf(field)}</td>
                  <td data-label={t('attributes.dataType')}>
                    {t(`attributes.type.${field.dataType}`)}
                  </td>
                  <td data-label={t('attributes.unit')}>
                    {[field.unit, field.symbol && `(${field.symbol})`].filter(Boolean).join(' ')}
                  </td>
                  <td data-label={t('attributes.required')}>
                    {t(field.required ? 'attributes.required' : 'attributes.optional')}
                  </td>
                  <td data-label={t('attributes.rules')}>
                    {field.dataType === 'ENUMERATION'
                      ? field.allowedValues.join(', ')
                      : attributeRuleText(t, field)}
                  </td>
                  <td data-label={t('attributes.defaultValue')}>
                    {field.dataType === 'BOOLEAN' && field.defaultValue !== null
                      ? t(field.defaultValue === true ? 'attributes.yes' : 'attributes.no')
                      : attributeValueText(field.defaultValue)}
                  </td>
                  {canChange ? (
                    <td data-label={t('list.actions')} className="row-actions">
                      <button
                        type="button"
                        className="secondary"
                        id={`${pageId}-up-${field.id}`}
                        aria-label={t('attributes.moveUp', { name: nameOf(field) })}
                        disabled={busy || index === 0}
                        onClick={() => void move(field, -1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        id={`${pageId}-down-${field.id}`}
                        aria-label={t('attributes.moveDown', { name: nameOf(field) })}
                        disabled={busy || index === fields.length - 1}
                        onClick={() => void move(field, 1)}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        aria-label={t('attributes.editOne', { name: nameOf(field) })}
                        disabled={busy}
                        onClick={() => setEditing(field)}
                      >
                        {t('attributes.editShort')}
                      </button>
                      <button
                        type="button"
                        className="danger"
                        aria-label={t('attributes.deleteOne', { name: nameOf(field) })}
                        disabled={busy}
                        onClick={() => {
                          setInUse(null);
                          setDeleting(field);
                        }}
                      >
                        {t('form.delete')}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </TableRegion>
        )}
        {deleting ? (
          // keyed by the attribute: another row's Delete asks again, with the focus on Cancel
          <ConfirmDelete
            key={deleting.id}
            id={`${pageId}-confirm`}
            name={nameOf(deleting)}
            {...(inUse === null
              ? {}
              : {
                  body: t('attributes.inUse', { count: inUse, name: nameOf(deleting) }),
                  confirmLabel: t('attributes.deleteWithValues'),
                })}
            busy={busy}
            onCancel={() => {
              setDeleting(null);
              setInUse(null);
            }}
            onConfirm={() => void remove(deleting, inUse !== null)}
          />
        ) : null}
        <ActionOutcome status={status} error={error} />
      </>
    );

  return (
    <PageFrame title={title}>
      {content}
      {editing && fields ? (
        <AttributeDialog
          thingTypeId={Number(typeId)}
          field={editing === 'new' ? undefined : editing}
          siblings={fields
            .filter((row) => editing === 'new' || row.id !== editing.id)
            .map((row) => row.name)}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            const message = t('attributes.saved', { name: nameOf(saved) });
            setStatus(message);
            done('thingTypeField.save', true, message);
            reload();
          }}
        />
      ) : null}
    </PageFrame>
  );
}

function AttributeDialog({
  thingTypeId,
  field,
  siblings,
  onClose,
  onSaved,
}: {
  thingTypeId: number;
  field: ThingTypeField | undefined;
  siblings: string[];
  onClose(): void;
  onSaved(saved: ThingTypeField): void;
}) {
  const { api, t } = useLegacy();
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(field));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy: saving, error, setError, run } = useBusyAction();
  const dataType = (draft.dataType ?? 'TEXT') as AttributeDataType;
  const numeric = dataType === 'NUMBER' || dataType === 'INTEGER';
  const title = field ? t('attributes.edit', { name: field.name }) : t('attributes.new');
  const set = (key: string, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  // the default is typed as a thing's value would be (a choice of the values, a date, a number)
  const preview: AttributeDefinition = {
    name: draft.name ?? '',
    label: '',
    dataType,
    unit: draft.unit ?? '',
    symbol: draft.symbol ?? '',
    required: false,
    allowedValues: (draft.allowedValues ?? '').split('\n').filter((line) => line.trim() !== ''),
    minimum: null,
    maximum: null,
    maxLength: null,
    defaultValue: null,
  };

  async function save(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const check = checkAttributeDefinition(inputOf(draft), siblings);
    if (!check.ok) {
      const found: Record<string, string> = {};
      for (const problem of check.problems)
        found[problem.field] ??= definitionProblemText(t, problem);
      setErrors(found);
      setError(t('form.fixErrors'));
      return;
    }
    setErrors({});
    await run(
      async () =>
        onSaved(
          await api.saveThingTypeField(
            thingTypeId,
            field?.id,
            check.definition as unknown as Record<string, unknown>,
          ),
        ),
      (caught) => {
        if (!(caught instanceof ApiError)) return undefined;
        if (caught.status === 400 && Object.keys(caught.fields).length) {
          setErrors(caught.fields);
          return t('form.fixErrors');
        }
        if (caught.status === 409 && typeof caught.details.count === 'number')
          return t('attributes.breaksValues', { count: caught.details.count });
        return undefined;
      },
    );
  }

  const input = (key: string, label: string, extra: { hint?: string; numeric?: boolean } = {}) => {
    const id = `${formId}-${key}`;
    const fieldError = errors[key];
    const described =
      [extra.hint ? `${id}-hint` : undefined, fieldError ? `${id}-error` : undefined]
        .filter(Boolean)
        .join(' ') || undefined;
    return (
      <div className="field" key={key}>
        <label htmlFor={id}>
          {label}
          {key === 'name' ? <span aria-hidden="true"> *</span> : null}
        </label>
        <input
          id={id}
          type="text"
          value={draft[key] ?? ''}
          required={key === 'name'}
          autoComplete="off"
          spellCheck={false}
          inputMode={extra.numeric ? 'decimal' : undefined}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={described}
          disabled={saving}
          onChange={(event) => set(key, event.target.value)}
        />
        {extra.hint ? (
          <span id={`${id}-hint`} className="form-hint">
            {extra.hint}
          </span>
        ) : null}
        {fieldError ? (
          <span id={`${id}-error`} className="field-error">
            {fieldError}
          </span>
        ) : null}
      </div>
    );
  };
  const languageName = (code: string) =>
    new Intl.DisplayNames([code === 'pt-BR' ? 'pt-BR' : code], { type: 'language' }).of(code) ??
    code;

  return (
    <ModalDialog title={title} titleId={`${formId}-title`} onDismiss={onClose}>
      <form onSubmit={(event) => void save(event)} noValidate aria-labelledby={`${formId}-title`}>
        <FormError message={error} />
        {input('name', t('attributes.code'), { hint: t('attributes.codeHint') })}
        <fieldset>
          <legend>{t('attributes.label')}</legend>
          <p className="form-hint">{t('attributes.labelHint')}</p>
          {ATTRIBUTE_LABEL_LANGUAGES.map((code) =>
            input(`label.${code}`, t('attributes.labelIn', { name: languageName(code) })),
          )}
          {errors.label ? <span className="field-error">{errors.label}</span> : null}
        </fieldset>
        <div className="field">
          <label htmlFor={`${formId}-dataType`}>{t('attributes.dataType')}</label>
          <select
            id={`${formId}-dataType`}
            value={dataType}
            disabled={saving}
            onChange={(event) => set('dataType', event.target.value)}
          >
            {ATTRIBUTE_DATA_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`attributes.type.${type}`)}
              </option>
            ))}
          </select>
        </div>
        {numeric ? (
          <>
            {input('unit', t('attributes.unit'))}
            {input('symbol', t('attributes.symbol'))}
            {input('minimum', t('attributes.minimum'), { numeric: true })}
            {input('maximum', t('attributes.maximum'), { numeric: true })}
          </>
        ) : null}
        {dataType === 'TEXT'
          ? input('maxLength', t('attributes.maxLength'), { numeric: true })
          : null}
        {dataType === 'ENUMERATION' ? (
          <div className="field">
            <label htmlFor={`${formId}-allowedValues`}>
              {t('attributes.allowedValues')}
              <span aria-hidden="true"> *</span>
            </label>
            <textarea
              id={`${formId}-allowedValues`}
              rows={5}
              value={draft.allowedValues ?? ''}
              disabled={saving}
              aria-invalid={errors.allowedValues ? true : undefined}
              aria-describedby={[
                `${formId}-allowedValues-hint`,
                errors.allowedValues ? `${formId}-allowedValues-error` : undefined,
              ]
                .filter(Boolean)
                .join(' ')}
              onChange={(event) => set('allowedValues', event.target.value)}
            />
            <span id={`${formId}-allowedValues-hint`} className="form-hint">
              {t('attributes.allowedValuesHint')}
            </span>
            {errors.allowedValues ? (
              <span id={`${formId}-allowedValues-error`} className="field-error">
                {errors.allowedValues}
              </span>
            ) : null}
          </div>
        ) : null}
        <div className="field field-flag">
          <label htmlFor={`${formId}-required`}>
            <input
              id={`${formId}-required`}
              type="checkbox"
              checked={draft.required === 'true'}
              disabled={saving}
              onChange={(event) => set('required', event.target.checked ? 'true' : 'false')}
            />{' '}
            {t('attributes.required')}
          </label>
        </div>
        <div className="field">
          <AttributeInput
            definition={preview}
            id={`${formId}-defaultValue`}
            label={t('attributes.defaultValue')}
            value={draft.defaultValue ?? ''}
            disabled={saving}
            errorId={errors.defaultValue ? `${formId}-defaultValue-error` : undefined}
            onChange={(value) => set('defaultValue', value)}
          />
          {errors.defaultValue ? (
            <span id={`${formId}-defaultValue-error`} className="field-error">
              {errors.defaultValue}
            </span>
          ) : null}
        </div>
        <div className="form-actions">
          <span className="actions-end">
            <button type="button" className="secondary" onClick={onClose} disabled={saving}>
              {t('form.cancel')}
            </button>
            <button type="submit" disabled={saving}>
              {saving ? t('form.saving') : t('form.save')}
            </button>
          </span>
        </div>
      </form>
    </ModalDialog>
  );
}
