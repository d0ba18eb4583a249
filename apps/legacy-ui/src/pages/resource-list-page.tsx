import { useEffect, useId, useMemo, useState, useRef } from 'react';
import type { MouseEvent } from 'react';
import { formatDateTime } from '@portico/core';
import type { ApiRow, ListPage } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import type { FieldDef, ResourceDef } from '../resources.ts';
import { detailPathOf } from '../routes.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { Pager } from './pager.tsx';
import { ResourceDialog } from './resource-dialog.tsx';
import { ErrorPanel } from './status-views.tsx';
import { PAGE_SIZES, cellText, filterFields, readListState, writeListState } from './list-state.ts';
import type { ListState } from './list-state.ts';
import { rowName, useReferenceRows } from './use-reference-rows.ts';

const FILTER_DELAY_MS = 250;
const SKELETON_ROWS = 5;

/** One filter select of the toolbar: an enumeration's values or a reference's rows. */
function FilterSelect({
  field,
  value,
  onChange,
}: {
  field: FieldDef;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t, fieldLabel, enumLabel } = useLegacy();
  const id = useId();
  const choices = useReferenceRows(field.kind === 'reference' ? field.reference : undefined);
  if (field.kind === 'reference' && choices.status === 'unavailable') return null;
  return (
    <span className="filter">
      <label htmlFor={id}>{fieldLabel(field)}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-busy={choices.status === 'loading' ? true : undefined}
      >
        <option value="">{t('list.all')}</option>
        {field.kind === 'select' ? (
          (field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {enumLabel(option)}
            </option>
          ))
        ) : choices.status === 'ready' ? (
          choices.rows.map((row) => (
            <option key={row.id} value={String(row.id)}>
              {rowName(field.reference, row)}
            </option>
          ))
        ) : value !== '' ? (
          <option value={value}>{t('form.loadingOptions')}</option>
        ) : null}
      </select>
    </span>
  );
}

type Bulk = { phase: 'confirm' } | { phase: 'deleting' } | null;

/**
 * A resource list: sort, search, per-column filters, paging (all in the URL), real links to each
 * record's address, bulk delete and CSV export when allowed, and the record dialog over the list
 * when the address names one.
 */
export function ResourceListPage({
  resource,
  open = null,
  query = '',
}: {
  resource: ResourceDef;
  open?: number | 'new' | null;
  query?: string;
}) {
  const {
    api,
    t,
    permissions,
    preferences,
    resourceLabel,
    fieldLabel,
    enumLabel,
    navigate,
    consoleHref,
    done,
  } = useLegacy();
  const title = resourceLabel(resource);
  const searchId = useId();
  const bulkTitleId = useId();
  const state = useMemo(
    () => readListState(resource, new URLSearchParams(query)),
    [resource, query],
  );
  const listQuery = writeListState(resource, state);
  const listLocation = `${resource.listPath}${listQuery ? `?${listQuery}` : ''}`;
  const [filterInput, setFilterInput] = useState(state.filter);
  const [page, setPage] = useState<ListPage<ApiRow> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string[]>([]);
  const [reloads, setReloads] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState<Bulk>(null);
  const [exporting, setExporting] = useState(false);
  const canRead = permissions.has(`${resource.permission}:r`);
  const canInsert = permissions.has(`${resource.permission}:i`);
  const canDelete = permissions.has(`${resource.permission}:d`);
  const filters = filterFields(resource);
  const filtered = state.filter !== '' || Object.keys(state.filters).length > 0;
  const order = `${state.order.field}:${state.order.direction}`;
  const filtersKey = JSON.stringify(state.filters);

  function update(change: Partial<ListState>) {
    const next = writeListState(resource, { ...state, pageNumber: 1, ...change });
    navigate(`${resource.listPath}${next ? `?${next}` : ''}`, { replace: true });
  }

  // The search box follows the address (Back, a shared link) and writes to it after a pause.
  useEffect(() => setFilterInput(state.filter), [state.filter]);
  // A write still waiting when a record opens is cancelled: the record's address carries the typed
  // filter instead, so a late write can never navigate back to the list and close the dialog.
  const pendingFilterWrite = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const text = filterInput.trim();
    if (text === state.filter) return;
    const timer = setTimeout(() => {
      pendingFilterWrite.current = null;
      update({ filter: text });
    }, FILTER_DELAY_MS);
    pendingFilterWrite.current = timer;
    return () => {
      clearTimeout(timer);
      if (pendingFilterWrite.current === timer) pendingFilterWrite.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update() reads the current state
  }, [filterInput]);

  useEffect(() => {
    if (!canRead) return;
    let active = true;
    setLoading(true);
    api
      .list(resource.api, {
        pageSize: state.pageSize,
        pageNumber: state.pageNumber,
        order,
        ...(state.filter ? { filter: state.filter } : {}),
        filters: JSON.parse(filtersKey) as Record<string, string>,
      })
      .then((result) => {
        if (!active) return;
        setPage(result);
        setError(null);
        setLoading(false);
        setSelected(
          (current) =>
            new Set([...current].filter((id) => result.results.some((row) => row.id === id))),
        );
      })
      .catch((caught: unknown) => {
        if (!active) return;
        setError(describeError(t, caught));
        setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [
    api,
    resource.api,
    state.pageSize,
    state.pageNumber,
    order,
    state.filter,
    filtersKey,
    canRead,
    t,
    reloads,
  ]);

  const pages = page ? Math.max(1, Math.ceil(page.total / state.pageSize)) : 1;
  const format = (value: unknown) => formatDateTime(value, preferences);
  const rows = page?.results ?? [];
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  function sortBy(field: string) {
    update({
      order: {
        field,
        direction: state.order.field === field && state.order.direction === 'asc' ? 'desc' : 'asc',
      },
    });
  }

  function recordLocation(id: number | 'new', filter: string = state.filter): string {
    const query =
      filter === state.filter
        ? listQuery
        : writeListState(resource, { ...state, pageNumber: 1, filter });
    return `${detailPathOf(resource, id)}${resource.editor === 'dialog' && query ? `?${query}` : ''}`;
  }

  function openRecord(event: MouseEvent<HTMLAnchorElement>, id: number | 'new') {
    // A plain click stays in the frame (the shell follows); a modified click opens the console URL.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    if (pendingFilterWrite.current !== null) {
      clearTimeout(pendingFilterWrite.current);
      pendingFilterWrite.current = null;
    }
    navigate(recordLocation(id, filterInput.trim()));
  }

  function clearFilters() {
    setFilterInput('');
    update({ filter: '', filters: {} });
  }

  async function exportCsv() {
    setExporting(true);
    setNotice([]);
    try {
      const blob = await api.exportCsv(resource.api, {
        order,
        ...(state.filter ? { filter: state.filter } : {}),
        filters: state.filters,
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${resource.api}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      done(`${resource.api}.export`, true, t('list.exported'));
    } catch (caught) {
      setNotice([t('error.exportFailed'), describeError(t, caught)]);
    } finally {
      setExporting(false);
    }
  }

  async function deleteSelected() {
    setBulk({ phase: 'deleting' });
    const failures: string[] = [];
    let deleted = 0;
    for (const row of rows.filter((candidate) => selected.has(candidate.id))) {
      try {
        await api.remove(resource.api, row.id);
        deleted += 1;
      } catch (caught) {
        failures.push(
          t('list.bulkFailed', {
            name:
              cellText(row, { field: resource.titleField, label: 'field.name' }, format) ||
              `#${row.id}`,
            reason: describeError(t, caught),
          }),
        );
      }
    }
    setBulk(null);
    setSelected(new Set());
    setNotice(failures);
    if (deleted > 0)
      done(`${resource.api}.bulkDelete`, true, t('list.bulkDone', { count: deleted }));
    setReloads((n) => n + 1);
  }

  const selectedCount = rows.filter((row) => selected.has(row.id)).length;

  return (
    <section aria-labelledby="page-title" className="list-page">
      <div className="page-heading">
        <h1 id="page-title">{title}</h1>
        <span className="heading-actions">
          {canRead ? (
            <button
              type="button"
              className="secondary"
              onClick={() => void exportCsv()}
              disabled={exporting}
              aria-busy={exporting || undefined}
            >
              {exporting ? t('list.exporting') : t('list.export')}
            </button>
          ) : null}
          {canInsert ? (
            <a
              className="button-like"
              href={consoleHref(recordLocation('new'))}
              onClick={(event) => openRecord(event, 'new')}
            >
              {t('list.new')}
            </a>
          ) : null}
        </span>
      </div>
      {!canRead ? (
        // named in the tenant's vocabulary ("You don't have permission to see Assets")
        <ErrorPanel message={t('app.noPermissionPage', { page: title })} />
      ) : (
        <>
          <div className="toolbar" role="search">
            <span className="filter filter-search">
              <label htmlFor={searchId}>{t('list.filter')}</label>
              <input
                id={searchId}
                type="search"
                value={filterInput}
                onChange={(event) => setFilterInput(event.target.value)}
                autoComplete="off"
              />
            </span>
            {filters.map((field) => (
              <FilterSelect
                key={field.name}
                field={field}
                value={state.filters[field.name] ?? ''}
                onChange={(value) => update({ filters: { ...state.filters, [field.name]: value } })}
              />
            ))}
            {filtered ? (
              <button type="button" className="secondary" onClick={clearFilters}>
                {t('list.clearFilters')}
              </button>
            ) : null}
          </div>
          <div className="list-status">
            <span data-testid="list-total" aria-live="polite">
              {page ? t('list.total', { count: page.total }) : t('list.loading')}
            </span>
            {canDelete && selectedCount > 0 ? (
              <span className="bulk-bar">
                <span>{t('list.selected', { count: selectedCount })}</span>
                <button
                  type="button"
                  className="danger"
                  onClick={() => setBulk({ phase: 'confirm' })}
                >
                  {t('list.deleteSelected')}
                </button>
                <button type="button" className="secondary" onClick={() => setSelected(new Set())}>
                  {t('list.clearSelection')}
                </button>
              </span>
            ) : null}
          </div>
          {error ? (
            <ErrorPanel
              title={t('list.loadFailed')}
              message={error}
              onRetry={() => setReloads((n) => n + 1)}
            />
          ) : null}
          {notice.length > 0 ? (
            <div className="form-error" role="alert">
              {notice.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : null}
          {/* The table scrolls in its own box on narrow screens; the page never scrolls sideways. */}
          <div className="table-scroll" role="region" aria-label={t('list.records')} tabIndex={0}>
            <table aria-busy={loading || undefined}>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {canDelete ? (
                    <th scope="col" className="select-cell">
                      <input
                        type="checkbox"
                        aria-label={t('list.selectAll')}
                        checked={allSelected}
                        disabled={rows.length === 0}
                        onChange={() =>
                          setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))
                        }
                      />
                    </th>
                  ) : null}
                  {resource.columns.map((column) => {
                    const sorted = state.order.field === column.field;
                    return (
                      <th
                        key={column.field}
                        scope="col"
                        aria-sort={
                          sorted
                            ? state.order.direction === 'asc'
                              ? 'ascending'
                              : 'descending'
                            : 'none'
                        }
                      >
                        <button type="button" className="sort" onClick={() => sortBy(column.field)}>
                          {fieldLabel(column)}
                          <span aria-hidden="true">
                            {sorted ? (state.order.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                          </span>
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {!page && !error
                  ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                      <tr key={`skeleton-${index}`} aria-hidden="true">
                        {canDelete ? <td className="select-cell" /> : null}
                        {resource.columns.map((column) => (
                          <td key={column.field}>
                            <span className="skeleton" />
                          </td>
                        ))}
                      </tr>
                    ))
                  : null}
                {rows.map((row) => {
                  const name =
                    cellText(row, { field: resource.titleField, label: 'field.name' }, format) ||
                    `#${row.id}`;
                  return (
                    <tr key={row.id} aria-selected={canDelete ? selected.has(row.id) : undefined}>
                      {canDelete ? (
                        <td className="select-cell">
                          <input
                            type="checkbox"
                            aria-label={t('list.selectRow', { name })}
                            checked={selected.has(row.id)}
                            onChange={() =>
                              setSelected((current) => {
                                const next = new Set(current);
                                if (next.has(row.id)) next.delete(row.id);
                                else next.add(row.id);
                                return next;
                              })
                            }
                          />
                        </td>
                      ) : null}
                      {resource.columns.map((column) => {
                        const text = cellText(row, column, format);
                        let cell;
                        if (column.field === resource.titleField) {
                          cell = (
                            <a
                              href={consoleHref(recordLocation(row.id))}
                              onClick={(event) => openRecord(event, row.id)}
                            >
                              {name}
                            </a>
                          );
                        } else if (column.kind === 'enum' && text !== '') {
                          cell = (
                            <span className={`badge badge-${text.toLowerCase()}`}>
                              {enumLabel(text)}
                            </span>
                          );
                        } else {
                          cell = text;
                        }
                        return (
                          <td key={column.field} data-label={fieldLabel(column)}>
                            {cell}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {page && page.results.length === 0 ? (
            <div className="empty-state">
              <p>{filtered ? t('list.noMatch') : t('list.empty')}</p>
              {filtered ? (
                <button type="button" onClick={clearFilters}>
                  {t('list.clearFilters')}
                </button>
              ) : null}
            </div>
          ) : null}
          <Pager
            label={t('list.pages')}
            pageNumber={state.pageNumber}
            pages={pages}
            pageSize={state.pageSize}
            pageSizes={PAGE_SIZES}
            onPage={(pageNumber) => update({ pageNumber })}
            onPageSize={(pageSize) => update({ pageSize })}
          />
        </>
      )}
      {open !== null && resource.editor === 'dialog' ? (
        <ResourceDialog
          key={String(open)}
          resource={resource}
          id={open}
          onClose={(changed) => {
            navigate(listLocation);
            if (changed) setReloads((n) => n + 1);
          }}
        />
      ) : null}
      {bulk ? (
        <ModalDialog
          title={t('list.bulkTitle', { count: selectedCount })}
          titleId={bulkTitleId}
          onDismiss={() => bulk.phase === 'confirm' && setBulk(null)}
        >
          <p>{t('list.bulkBody')}</p>
          <div className="actions">
            <button
              type="button"
              className="secondary"
              onClick={() => setBulk(null)}
              disabled={bulk.phase === 'deleting'}
            >
              {t('confirm.cancel')}
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => void deleteSelected()}
              disabled={bulk.phase === 'deleting'}
              aria-busy={bulk.phase === 'deleting' || undefined}
            >
              {t('confirm.confirm')}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}
