// /analytics/report/create and /analytics/report/edit/{id}: the report builder — what the report
// lists (a resource of the catalog), its columns in order, its filters (an operator and a value
// input fitting each field), its order, an optional group-by and its folder; checked by core's rule
// before it is saved (the services check it again), then run on its execution page.
import { useEffect, useId, useRef, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { REPORTABLE_RESOURCES, REPORT_OPERATORS, operatorTakesValue } from '@portico/core';
import type { ReportOperator, ReportProblem } from '@portico/core';
import type { ApiRow } from '../api-client.ts';
import type { MessageKey } from '../i18n.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import type { ResourceDef } from '../resources.ts';
import { PageFrame } from './page-frame.tsx';
import { ReferenceCombobox } from './reference-combobox.tsx';
import {
  builderFields,
  bodyOf,
  defaultColumns,
  draftOf,
  draftProblems,
  newDraft,
  newFilter,
} from './report-state.ts';
import type { BuilderField, FilterDraft, ReportDraft } from './report-state.ts';
import { ErrorPanel, FormSkeleton } from './status-views.tsx';
import { useBusyAction } from './use-busy-action.ts';

const OPERATOR_KEYS: Record<ReportOperator, MessageKey> = {
  '=': 'report.op.eq',
  '!=': 'report.op.ne',
  '~': 'report.op.contains',
  startsWith: 'report.op.startsWith',
  '<': 'report.op.lt',
  '>': 'report.op.gt',
  '<=': 'report.op.le',
  '>=': 'report.op.ge',
  isEmpty: 'report.op.isEmpty',
  isNotEmpty: 'report.op.isNotEmpty',
};

/** The value input of one filter, fitting its field's kind. */
function FilterValue({
  id,
  field,
  filter,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  field: BuilderField;
  filter: FilterDraft;
  invalid: boolean;
  describedBy: string | undefined;
  onChange(value: string): void;
}) {
  const { t, enumLabel } = useLegacy();
  const common = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  switch (field.kind) {
    case 'enumeration':
      return (
        <select {...common} value={filter.value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('form.choose')}</option>
          {(field.values ?? []).map((value) => (
            <option key={value} value={value}>
              {enumLabel(value)}
            </option>
          ))}
        </select>
      );
    case 'boolean':
      return (
        <select {...common} value={filter.value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('form.choose')}</option>
          <option value="true">{t('report.yes')}</option>
          <option value="false">{t('report.no')}</option>
        </select>
      );
    case 'reference':
      return (
        <ReferenceCombobox
          id={id}
          resource={field.reference ?? ''}
          value={filter.value === '' ? null : Number(filter.value)}
          onChange={(value) => onChange(value === null ? '' : String(value))}
          invalid={invalid}
          {...(describedBy ? { describedBy } : {})}
          placeholder={t('form.choose')}
        />
      );
    case 'time':
      return (
        <input
          {...common}
          type="date"
          value={filter.value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'number':
      return (
        <input
          {...common}
          type="text"
          inputMode="numeric"
          value={filter.value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      return (
        <input
          {...common}
          type="text"
          value={filter.value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

export function ReportBuilderPage({ id }: { id: number | 'new' }) {
  const { api, t, fieldLabel, resourceLabel, oneLabel, navigate, done, permissions } = useLegacy();
  const [draft, setDraft] = useState<ReportDraft | null>(id === 'new' ? newDraft() : null);
  const [folder, setFolder] = useState<ApiRow | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [problems, setProblems] = useState<ReportProblem[]>([]);
  const { busy: saving, error: saveError, setError: setSaveError, run } = useBusyAction();
  const [adding, setAdding] = useState('');
  const problemsRef = useRef<HTMLDivElement>(null);
  const base = useId();
  const fieldId = (name: string) => `${base}-${name}`;

  useEffect(() => {
    if (id === 'new') return;
    let live = true;
    api.get('reportDefinition', id).then(
      (row) => {
        if (!live) return;
        setDraft(draftOf(row));
        setFolder((row.folder as ApiRow | null | undefined) ?? null);
      },
      (caught: unknown) => {
        if (live) setLoadError(describeError(t, caught));
      },
    );
    return () => {
      live = false;
    };
  }, [api, t, id]);

  const reportResource = RESOURCES.reportDefinition as ResourceDef;
  const title =
    id === 'new'
      ? t('report.new')
      : draft?.name
        ? t('form.titleWithName', { title: oneLabel(reportResource), name: draft.name })
        : oneLabel(reportResource);

  if (loadError)
    return (
      <PageFrame title={oneLabel(reportResource)}>
        <ErrorPanel message={loadError} />
      </PageFrame>
    );
  if (!draft)
    return (
      <PageFrame title={title}>
        <FormSkeleton label={t('list.loading')} />
      </PageFrame>
    );

  const fields = builderFields(draft.resource);
  const byName = new Map(fields.map((field) => [field.name, field]));
  const labelOf = (name: string) => {
    const field = byName.get(name);
    return field ? fieldLabel(field.def) : name;
  };
  const update = (change: Partial<ReportDraft>) => {
    setDraft((current) => (current ? { ...current, ...change } : current));
    setProblems([]);
  };
  const setFilter = (index: number, change: Partial<FilterDraft>) =>
    update({
      filters: draft.filters.map((filter, i) => (i === index ? { ...filter, ...change } : filter)),
    });
  const moveColumn = (index: number, by: -1 | 1) => {
    const columns = [...draft.columns];
    const [moved] = columns.splice(index, 1);
    columns.splice(index + by, 0, moved!);
    update({ columns });
  };
  const problemAt = (path: string) => problems.find((problem) => problem.path === path);
  const problemText = (problem: ReportProblem) => t(`report.problem.${problem.code}` as MessageKey);
  const placeOf = (path: string): string => {
    const [head, index] = path.split('.');
    if (head === 'name') return fieldLabel({ field: 'name', label: 'field.name' });
    if (head === 'resource') return t('report.resource');
    if (head === 'reportProperty') return t('report.columns');
    if (head === 'reportFilter')
      return index === undefined
        ? t('report.filters')
        : t('report.filterN', { n: Number(index) + 1 });
    if (head === 'reportGroupBy') return t('report.groupBy');
    return t('report.sort');
  };
  const available = fields.filter((field) => !draft.columns.includes(field.name));
  const canSave = permissions.has(id === 'new' ? 'report_definition:i' : 'report_definition:u');

  async function save(andRun: boolean) {
    if (!draft) return;
    const found = draftProblems(draft);
    setProblems(found);
    setSaveError(null);
    if (found.length > 0) {
      requestAnimationFrame(() => problemsRef.current?.focus());
      return;
    }
    const finished = await run(async () => {
      const body = bodyOf(draft);
      const saved =
        id === 'new'
          ? await api.create('reportDefinition', body)
          : await api.update('reportDefinition', id, body);
      done('reportDefinition.save', true, t('report.saved'));
      if (andRun) navigate(`/analytics/report/execution/${saved.id}`);
      else if (id === 'new') navigate(`/analytics/report/edit/${saved.id}`, { replace: true });
    });
    if (!finished) requestAnimationFrame(() => problemsRef.current?.focus());
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(false);
  }

  return (
    <PageFrame title={title}>
      <form className="resource-form report-builder" noValidate onSubmit={submit}>
        <div ref={problemsRef} tabIndex={-1}>
          {problems.length > 0 ? (
            <div className="error-panel" role="alert">
              <p className="error-title">{t('report.problems')}</p>
              <ul>
                {problems.map((problem) => (
                  <li key={`${problem.path}:${problem.code}`}>
                    {placeOf(problem.path)}: {problemText(problem)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {saveError ? <ErrorPanel message={saveError} /> : null}
        </div>

        <div className="field">
          <label htmlFor={fieldId('name')}>
            {fieldLabel({ field: 'name', label: 'field.name' })}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id={fieldId('name')}
            name="name"
            type="text"
            required
            value={draft.name}
            aria-invalid={problemAt('name') ? true : undefined}
            onChange={(event) => update({ name: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={fieldId('description')}>
            {fieldLabel({ field: 'description', label: 'field.description' })}
          </label>
          <textarea
            id={fieldId('description')}
            name="description"
            value={draft.description}
            onChange={(event) => update({ description: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={fieldId('folder')}>
            {fieldLabel({
              field: 'folderId',
              label: 'field.folder',
              concept: 'ReportFolder',
            })}
          </label>
          <ReferenceCombobox
            id={fieldId('folder')}
            resource="folder"
            value={draft.folderId === '' ? null : Number(draft.folderId)}
            selected={folder}
            emptyLabel={t('form.none')}
            placeholder={t('form.none')}
            onChange={(value, row) => {
              setFolder(row);
              update({ folderId: value === null ? '' : String(value) });
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={fieldId('resource')}>{t('report.resource')}</label>
          <select
            id={fieldId('resource')}
            name="resource"
            value={draft.resource}
            onChange={(event) => {
              const resource = event.target.value;
              update({
                resource,
                columns: defaultColumns(resource),
                filters: [],
                groupBy: '',
                sortField: '',
              });
            }}
          >
            {REPORTABLE_RESOURCES.filter((path) => RESOURCES[path]).map((path) => (
              <option key={path} value={path}>
                {resourceLabel(RESOURCES[path]!)}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="report-part">
          <legend>{t('report.columns')}</legend>
          {draft.columns.length === 0 ? <p className="form-hint">{t('report.noColumns')}</p> : null}
          <ol className="report-columns">
            {draft.columns.map((name, index) => (
              <li key={name}>
                <span>{labelOf(name)}</span>
                <button
                  type="button"
                  className="secondary"
                  disabled={index === 0}
                  aria-label={t('report.moveUp', { name: labelOf(name) })}
                  onClick={() => moveColumn(index, -1)}
                >
                  ▲
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={index === draft.columns.length - 1}
                  aria-label={t('report.moveDown', { name: labelOf(name) })}
                  onClick={() => moveColumn(index, 1)}
                >
                  ▼
                </button>
                <button
                  type="button"
                  className="secondary"
                  aria-label={t('report.removeColumn', { name: labelOf(name) })}
                  onClick={() => update({ columns: draft.columns.filter((c) => c !== name) })}
                >
                  {t('report.remove')}
                </button>
              </li>
            ))}
          </ol>
          {available.length > 0 ? (
            <div className="toolbar">
              <label htmlFor={fieldId('add-column')}>{t('report.columnToAdd')}</label>
              <select
                id={fieldId('add-column')}
                value={adding}
                onChange={(event) => setAdding(event.target.value)}
              >
                <option value="">{t('form.choose')}</option>
                {available.map((field) => (
                  <option key={field.name} value={field.name}>
                    {fieldLabel(field.def)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="secondary"
                disabled={adding === ''}
                onClick={() => {
                  update({ columns: [...draft.columns, adding] });
                  setAdding('');
                }}
              >
                {t('report.addColumn')}
              </button>
            </div>
          ) : null}
        </fieldset>

        <fieldset className="report-part">
          <legend>{t('report.filters')}</legend>
          {draft.filters.length === 0 ? <p className="form-hint">{t('report.noFilters')}</p> : null}
          {draft.filters.map((filter, index) => {
            const field = byName.get(filter.propertyName) ?? fields[0]!;
            const operators = REPORT_OPERATORS[field.kind];
            const problem =
              problemAt(`reportFilter.${index}.value`) ??
              problemAt(`reportFilter.${index}.operator`) ??
              problemAt(`reportFilter.${index}.propertyName`);
            const errorId = problem ? fieldId(`filter-${index}-error`) : undefined;
            const n = index + 1;
            return (
              <div
                className="report-filter"
                role="group"
                aria-label={t('report.filterN', { n })}
                key={index}
              >
                <div className="field">
                  <label htmlFor={fieldId(`filter-${index}-field`)}>
                    {t('report.filterField', { n })}
                  </label>
                  <select
                    id={fieldId(`filter-${index}-field`)}
                    value={field.name}
                    onChange={(event) => {
                      const next = byName.get(event.target.value);
                      if (next) setFilter(index, newFilter(next));
                    }}
                  >
                    {fields.map((candidate) => (
                      <option key={candidate.name} value={candidate.name}>
                        {fieldLabel(candidate.def)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={fieldId(`filter-${index}-operator`)}>
                    {t('report.operator', { n })}
                  </label>
                  <select
                    id={fieldId(`filter-${index}-operator`)}
                    value={filter.operator}
                    onChange={(event) =>
                      setFilter(index, { operator: event.target.value as ReportOperator })
                    }
                  >
                    {operators.map((operator) => (
                      <option key={operator} value={operator}>
                        {t(OPERATOR_KEYS[operator])}
                      </option>
                    ))}
                  </select>
                </div>
                {operatorTakesValue(filter.operator) ? (
                  <div className="field">
                    <label htmlFor={fieldId(`filter-${index}-value`)}>
                      {t('report.value', { n })}
                    </label>
                    <FilterValue
                      id={fieldId(`filter-${index}-value`)}
                      field={field}
                      filter={filter}
                      invalid={problem !== undefined}
                      describedBy={errorId}
                      onChange={(value) => setFilter(index, { value })}
                    />
                  </div>
                ) : null}
                {problem ? (
                  <span id={errorId} className="field-error">
                    {problemText(problem)}
                  </span>
                ) : null}
                <button
                  type="button"
                  className="secondary"
                  onClick={() => update({ filters: draft.filters.filter((_, i) => i !== index) })}
                >
                  {t('report.removeFilter', { n })}
                </button>
              </div>
            );
          })}
          {fields.length > 0 ? (
            <button
              type="button"
              className="secondary"
              onClick={() => update({ filters: [...draft.filters, newFilter(fields[0]!)] })}
            >
              {t('report.addFilter')}
            </button>
          ) : null}
        </fieldset>

        <fieldset className="report-part">
          <legend>{t('report.sortAndGroup')}</legend>
          <div className="field">
            <label htmlFor={fieldId('sort')}>{t('report.sort')}</label>
            <select
              id={fieldId('sort')}
              value={draft.sortField}
              onChange={(event) => update({ sortField: event.target.value })}
            >
              <option value="">{t('report.noSort')}</option>
              {fields.map((field) => (
                <option key={field.name} value={field.name}>
                  {fieldLabel(field.def)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={fieldId('direction')}>{t('report.direction')}</label>
            <select
              id={fieldId('direction')}
              value={draft.sortDirection}
              disabled={draft.sortField === ''}
              onChange={(event) =>
                update({ sortDirection: event.target.value === 'desc' ? 'desc' : 'asc' })
              }
            >
              <option value="asc">{t('report.asc')}</option>
              <option value="desc">{t('report.desc')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={fieldId('group')}>{t('report.groupBy')}</label>
            <select
              id={fieldId('group')}
              value={draft.groupBy}
              aria-describedby={fieldId('group-hint')}
              onChange={(event) => update({ groupBy: event.target.value })}
            >
              <option value="">{t('report.noGroup')}</option>
              {fields
                .filter((field) => field.groupable)
                .map((field) => (
                  <option key={field.name} value={field.name}>
                    {fieldLabel(field.def)}
                  </option>
                ))}
            </select>
            <span id={fieldId('group-hint')} className="form-hint">
              {t('report.groupHint')}
            </span>
          </div>
        </fieldset>

        <div className="form-actions">
          <button type="submit" disabled={saving || !canSave}>
            {saving ? t('form.saving') : t('form.save')}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={saving || !canSave}
            onClick={() => void save(true)}
          >
            {t('report.saveAndRun')}
          </button>
          {id !== 'new' ? (
            <button
              type="button"
              className="secondary"
              onClick={() => navigate(`/analytics/report/execution/${id}`)}
            >
              {t('report.run')}
            </button>
          ) : null}
        </div>
      </form>
    </PageFrame>
  );
}
