import { useCallback, useEffect, useId, useMemo, useState, useRef } from 'react';
import type { MouseEvent } from 'react';
import { formatDateTime, softDeletes } from '@portico/core';
import { ApiError } from '../api-client.ts';
import type { ApiRow, BulkResult, ListPage } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import type { FieldDef, ResourceDef } from '../resources.ts';
import { detailPathOf } from '../routes.ts';
import { AfterAnswer } from './after-answer.tsx';
import { BulkDeleteDialog, BulkUpdateDialog, UndoToast, bulkFields } from './bulk-actions.tsx';
import { bulkSummary } from './bulk-summary.ts';
import { ListFooter } from './list-footer.tsx';
import { ReferenceCombobox } from './reference-combobox.tsx';
import { ResourceDialog } from './resource-dialog.tsx';
import { RouteLink } from './route-link.tsx';
import { isPlainClick } from './plain-click.ts';
import { LoadFailed, NoPermission } from './status-views.tsx';
import {
  PAGE_SIZES,
  cardColumns,
  cellText,
  filterFields,
  isSortable,
  readListState,
  writeListState,
} from './list-state.ts';
import type { ListState } from './list-state.ts';
import { ExportButton, download } from './download.tsx';
import { createLatestRequest, searchWriteDelay } from './latest-request.ts';

const SKELETON_ROWS = 5;

/** One filter of the toolbar: an enumeration's values, or a searchable reference. */
function FilterSelect({
  field,
  value,
  onChange,
}: {
  field: FieldDef;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t, fieldLabel, enumLabel, permissions } = useLegacy();
  const id = useId();
  const target = field.kind === 'reference' ? RESOURCES[field.reference ?? ''] : undefined;
  if (field.kind === 'reference' && (!target || !permissions.has(`${target.permission}:r`)))
    return null;
  return (
    <span className="filter">
      <label htmlFor={id}>{fieldLabel(field)}</label>
      {field.kind === 'reference' ? (
        <ReferenceCombobox
          id={id}
          resource={field.reference ?? ''}
          value={/^\d+$/.test(value) ? Number(value) : null}
          onChange={(next) => onChange(next === null ? '' : String(next))}
          emptyLabel={t('list.all')}
        />
      ) : (
        <AfterAnswer>
          <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">{t('list.all')}</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {enumLabel(option)}
              </option>
            ))}
          </select>
        </AfterAnswer>
      )}
    </span>
  );
}

type Bulk =
  | { kind: 'delete'; working: boolean }
  | { kind: 'update'; working: boolean; error: { field: string; reason: string } | null }
  | null;
/** A delete that can still be undone: its records and the end of its window. */
type Undo = { ids: number[]; message: string; until: number; working: boolean } | null;

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
    language,
    permissions,
    preferences,
    resourceLabel,
    oneLabel,
    fieldLabel,
    enumLabel,
    navigate,
    consoleHref,
    done,
  } = useLegacy();
  const title = resourceLabel(resource);
  const searchId = useId();
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
  // every record the list's query matches, not only the page's
  const [allMatching, setAllMatching] = useState(false);
  const [undo, setUndo] = useState<Undo>(null);
  const [exporting, setExporting] = useState(false);
  const canRead = permissions.has(`${resource.permission}:r`);
  const canInsert = permissions.has(`${resource.permission}:i`);
  const canDelete = permissions.has(`${resource.permission}:d`);
  const canUpdate = permissions.has(`${resource.permission}:u`) && bulkFields(resource).length > 0;
  const canSelect = canDelete || canUpdate;
  const filters = filterFields(resource);
  const filtered = state.filter !== '' || Object.keys(state.filters).length > 0;
  const order = `${state.order.field}:${state.order.direction}`;
  const filtersKey = JSON.stringify(state.filters);
  const filtersId = useId();
  const sortId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const onCard = cardColumns(resource);

  function update(change: Partial<ListState>) {
    const next = writeListState(resource, { ...state, pageNumber: 1, ...change });
    navigate(`${resource.listPath}${next ? `?${next}` : ''}`, { replace: true });
  }

  // A new search or filter is a new set of records: the selection goes. An empty selection is kept
  // as it is: a new empty set would render the page again right after it mounts (a tab click).
  useEffect(() => {
    setAllMatching(false);
    setSelected((current) => (current.size === 0 ? current : new Set()));
  }, [state.filter, filtersKey]);

  // The search box follows the address (Back, a shared link) and writes to it: at once for a
  // keystroke after a pause, after a pause for the rest of a burst (searchWriteDelay).
  useEffect(() => setFilterInput(state.filter), [state.filter]);
  // A write still waiting when a record opens is cancelled: the record's address carries the typed
  // filter instead, so a late write can never navigate back to the list and close the dialog.
  const pendingFilterWrite = useRef<ReturnType<typeof setTimeout> | null>(null);
  // when the keystroke before came: the first of a burst asks at once, the rest after a pause
  const lastKeystrokeAt = useRef<number | null>(null);
  useEffect(() => {
    const text = filterInput.trim();
    if (text === state.filter) return;
    const now = performance.now();
    const delay = searchWriteDelay(lastKeystrokeAt.current, now);
    lastKeystrokeAt.current = now;
    if (delay === 0) {
      update({ filter: text });
      return;
    }
    const timer = setTimeout(() => {
      pendingFilterWrite.current = null;
      update({ filter: text });
    }, delay);
    pendingFilterWrite.current = timer;
    return () => {
      clearTimeout(timer);
      if (pendingFilterWrite.current === timer) pendingFilterWrite.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update() reads the current state
  }, [filterInput]);

  // only the latest query's answer is shown; a newer query aborts the request of the one before
  const [latestList] = useState(createLatestRequest);
  useEffect(() => {
    if (!canRead) return;
    setLoading(true);
    return latestList.start(
      (signal) =>
        api.list(resource.api, {
          pageSize: state.pageSize,
          pageNumber: state.pageNumber,
          order,
          ...(state.filter ? { filter: state.filter } : {}),
          filters: JSON.parse(filtersKey) as Record<string, string>,
          signal,
        }),
      {
        answer: (result) => {
          setPage(result);
          setError(null);
          setLoading(false);
          setSelected(
            (current) =>
              new Set([...current].filter((id) => result.results.some((row) => row.id === id))),
          );
        },
        fail: (caught) => {
          setError(describeError(t, caught));
          setLoading(false);
        },
      },
    );
  }, [
    latestList,
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

  // A new page starts at the top of the list, not where the pager was.
  const sectionRef = useRef<HTMLElement>(null);
  const shownPage = useRef(`${state.pageNumber}:${state.pageSize}`);
  useEffect(() => {
    const key = `${state.pageNumber}:${state.pageSize}`;
    if (shownPage.current === key) return;
    shownPage.current = key;
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [state.pageNumber, state.pageSize]);
  const format = (value: unknown) => formatDateTime(value, preferences);
  const formatMetric = (value: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: 4 }).format(value);
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
    if (!isPlainClick(event)) return;
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
      // the file has the columns the list shows, in its order
      const blob = await api.exportCsv(resource.api, {
        order,
        ...(state.filter ? { filter: state.filter } : {}),
        filters: state.filters,
        columns: resource.columns.map((column) => column.field),
      });
      download(blob, `${resource.api}.csv`);
      done(`${resource.api}.export`, true, t('list.exported'));
    } catch (caught) {
      setNotice([t('error.exportFailed'), describeError(t, caught)]);
    } finally {
      setExporting(false);
    }
  }

  /** The records a bulk action is for: the selected rows, or every record the query matches. */
  function bulkTarget(): { ids: number[] } | { match: Parameters<typeof api.exportCsv>[1] } {
    if (allMatching)
      return {
        match: { order, ...(state.filter ? { filter: state.filter } : {}), filters: state.filters },
      };
    return { ids: rows.filter((row) => selected.has(row.id)).map((row) => row.id) };
  }

  /** After a bulk answer: the selection goes, problems are grouped on the page, the list reloads. */
  function finishBulk(result: BulkResult) {
    const summary = bulkSummary(t, language, result, { one: oneLabel, many: resourceLabel });
    setBulk(null);
    setSelected(new Set());
    setAllMatching(false);
    setNotice(summary.problems);
    setReloads((n) => n + 1);
    return summary;
  }

  async function deleteSelected() {
    setBulk({ kind: 'delete', working: true });
    setNotice([]);
    try {
      const target = bulkTarget();
      const result = await api.bulk(
        resource.api,
        'ids' in target
          ? { action: 'delete', ids: target.ids }
          : { action: 'delete', match: target.match },
      );
      const summary = finishBulk(result);
      if (result.restorableUntil !== undefined && result.done.length > 0)
        setUndo({
          ids: result.done.map((item) => item.id),
          message: summary.done,
          until: result.restorableUntil,
          working: false,
        });
      else if (result.done.length > 0) done(`${resource.api}.bulkDelete`, true, summary.done);
    } catch (caught) {
      setBulk(null);
      setNotice([describeError(t, caught)]);
    }
  }

  async function updateSelected(field: FieldDef, value: unknown) {
    setBulk({ kind: 'update', working: true, error: null });
    setNotice([]);
    try {
      const target = bulkTarget();
      const values = { [field.name]: value };
      const result = await api.bulk(
        resource.api,
        'ids' in target
          ? { action: 'update', ids: target.ids, values }
          : { action: 'update', match: target.match, values },
      );
      const summary = finishBulk(result);
      if (result.done.length > 0) done(`${resource.api}.bulkUpdate`, true, summary.done);
    } catch (caught) {
      // a value the resource's rules refuse: said at the field, the dialog stays with the value
      if (caught instanceof ApiError && caught.status === 400)
        setBulk({
          kind: 'update',
          working: false,
          error: { field: field.name, reason: caught.fields[field.name] ?? caught.message },
        });
      else {
        setBulk(null);
        setNotice([describeError(t, caught)]);
      }
    }
  }

  async function undoDelete() {
    if (!undo) return;
    setUndo({ ...undo, working: true });
    try {
      const result = await api.bulk(resource.api, { action: 'restore', ids: undo.ids });
      const summary = bulkSummary(t, language, result, { one: oneLabel, many: resourceLabel });
      setNotice(summary.problems);
      if (result.done.length > 0) done(`${resource.api}.restore`, true, summary.done);
    } catch (caught) {
      setNotice([describeError(t, caught)]);
    }
    setUndo(null);
    setReloads((n) => n + 1);
  }

  const expireUndo = useCallback(() => setUndo(null), []);

  const selectedCount = allMatching
    ? (page?.total ?? 0)
    : rows.filter((row) => selected.has(row.id)).length;
  const selectedNames = rows
    .filter((row) => allMatching || selected.has(row.id))
    .map(
      (row) =>
        cellText(row, { field: resource.titleField, label: 'field.name' }, format) || `#${row.id}`,
    );

  return (
    <section ref={sectionRef} aria-labelledby="page-title" className="list-page">
      <div className="page-heading">
        <h1 id="page-title">{title}</h1>
        <span className="heading-actions">
          {canRead ? (
            <ExportButton exporting={exporting} onExport={() => void exportCsv()} />
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
        <NoPermission page={title} />
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
            {filters.length > 0 ? (
              // on a phone the filters fold behind one button that counts those in use
              <button
                type="button"
                className="secondary filters-toggle"
                aria-expanded={filtersOpen}
                aria-controls={filtersId}
                onClick={() => setFiltersOpen((open) => !open)}
              >
                {t('list.filtersButton', { count: Object.keys(state.filters).length })}
              </button>
            ) : null}
            <div id={filtersId} className={filtersOpen ? 'filter-fields open' : 'filter-fields'}>
              {filters.map((field) => (
                <FilterSelect
                  key={field.name}
                  field={field}
                  value={state.filters[field.name] ?? ''}
                  onChange={(value) =>
                    update({ filters: { ...state.filters, [field.name]: value } })
                  }
                />
              ))}
            </div>
            {/* on a phone the cards have no column headers to sort by: one select does it */}
            <span className="filter phone-sort">
              <label htmlFor={sortId}>{t('list.sortBy')}</label>
              <AfterAnswer>
                <select
                  id={sortId}
                  value={`${state.order.field}:${state.order.direction}`}
                  onChange={(event) => {
                    const [field = 'id', direction] = event.target.value.split(':');
                    update({ order: { field, direction: direction === 'desc' ? 'desc' : 'asc' } });
                  }}
                >
                  {resource.columns.some(
                    (column) => isSortable(column) && column.field === state.order.field,
                  ) ? null : (
                    <option value={`${state.order.field}:${state.order.direction}`}>
                      {t('list.sortCurrent')}
                    </option>
                  )}
                  {resource.columns.filter(isSortable).flatMap((column) =>
                    (['asc', 'desc'] as const).map((direction) => (
                      <option
                        key={`${column.field}:${direction}`}
                        value={`${column.field}:${direction}`}
                      >
                        {t(direction === 'asc' ? 'list.sortAscending' : 'list.sortDescending', {
                          field: fieldLabel(column),
                        })}
                      </option>
                    )),
                  )}
                </select>
              </AfterAnswer>
            </span>
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
            {canSelect && selectedCount > 0 ? (
              <span className="bulk-bar">
                <span>
                  {allMatching
                    ? t('list.allMatchingSelected', { count: selectedCount })
                    : t('list.selected', { count: selectedCount })}
                </span>
                {!allMatching && allSelected && page && page.total > rows.length ? (
                  <button type="button" className="secondary" onClick={() => setAllMatching(true)}>
                    {t('list.selectAllMatching', { count: page.total })}
                  </button>
                ) : null}
                {canUpdate ? (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setBulk({ kind: 'update', working: false, error: null })}
                  >
                    {t('list.bulkUpdate')}
                  </button>
                ) : null}
                {canDelete ? (
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setBulk({ kind: 'delete', working: false })}
                  >
                    {t('list.deleteCount', { count: selectedCount })}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="secondary"
                  onClick={() => {
                    setAllMatching(false);
                    setSelected(new Set());
                  }}
                >
                  {t('list.clearSelection')}
                </button>
              </span>
            ) : null}
          </div>
          {undo ? (
            <UndoToast
              message={undo.message}
              until={undo.until}
              working={undo.working}
              onUndo={() => void undoDelete()}
              onExpire={expireUndo}
            />
          ) : null}
          {error ? (
            <LoadFailed list message={error} onRetry={() => setReloads((n) => n + 1)} />
          ) : null}
          {notice.length > 0 ? (
            <div className="form-error" role="alert">
              {notice.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : null}
          {/* The table scrolls in its own box on narrow screens; the page never scrolls sideways. */}
          <div
            className="table-scroll list-cards"
            role="region"
            aria-label={t('list.records')}
            tabIndex={0}
          >
            <table aria-busy={loading || undefined}>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {canSelect ? (
                    <th scope="col" className="select-cell">
                      <input
                        type="checkbox"
                        aria-label={t('list.selectAll')}
                        checked={allSelected || allMatching}
                        disabled={rows.length === 0}
                        onChange={() => {
                          setAllMatching(false);
                          setSelected(
                            allSelected || allMatching
                              ? new Set()
                              : new Set(rows.map((row) => row.id)),
                          );
                        }}
                      />
                    </th>
                  ) : null}
                  {resource.columns.map((column) => {
                    const sorted = state.order.field === column.field;
                    return (
                      <th
                        key={column.field}
                        scope="col"
                        data-field={column.field}
                        aria-sort={
                          sorted
                            ? state.order.direction === 'asc'
                              ? 'ascending'
                              : 'descending'
                            : 'none'
                        }
                      >
                        {isSortable(column) ? (
                          <button
                            type="button"
                            className="sort"
                            onClick={() => sortBy(column.field)}
                          >
                            {fieldLabel(column)}
                            <span aria-hidden="true">
                              {sorted ? (state.order.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                            </span>
                          </button>
                        ) : (
                          fieldLabel(column)
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {!page && !error
                  ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                      <tr key={`skeleton-${index}`} aria-hidden="true">
                        {canSelect ? <td className="select-cell" /> : null}
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
                    <tr
                      key={row.id}
                      aria-selected={canSelect ? allMatching || selected.has(row.id) : undefined}
                    >
                      {canSelect ? (
                        <td className="select-cell">
                          <input
                            type="checkbox"
                            aria-label={t('list.selectRow', { name })}
                            checked={allMatching || selected.has(row.id)}
                            onChange={() => {
                              // leaving "all matching" keeps the page's rows but this one
                              const base = allMatching
                                ? new Set(rows.map((item) => item.id))
                                : null;
                              setAllMatching(false);
                              setSelected((current) => {
                                const next = new Set(base ?? current);
                                if (next.has(row.id)) next.delete(row.id);
                                else next.add(row.id);
                                return next;
                              });
                            }}
                          />
                        </td>
                      ) : null}
                      {resource.columns.map((column) => {
                        const text = cellText(row, column, format, formatMetric);
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
                          // a report also runs from its row (its name opens its builder)
                          if (resource.api === 'reportDefinition') {
                            const runPath = `/analytics/report/execution/${row.id}`;
                            cell = (
                              <>
                                {cell}{' '}
                                <RouteLink
                                  to={runPath}
                                  className="row-action"
                                  label={t('report.runLink', { name })}
                                >
                                  {t('report.run')}
                                </RouteLink>
                              </>
                            );
                          }
                        } else if (column.kind === 'metric' && text !== '') {
                          // a metric's name and value are data, shown as they are like other codes
                          cell = <code>{text}</code>;
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
                          <td
                            key={column.field}
                            data-field={column.field}
                            data-label={fieldLabel(column)}
                            className={
                              column.field === resource.titleField
                                ? 'card-title'
                                : onCard.has(column.field)
                                  ? undefined
                                  : 'card-hidden'
                            }
                          >
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
          <ListFooter
            label={t('list.pages')}
            page={page}
            paging={state}
            pageSizes={PAGE_SIZES}
            onPaging={update}
            empty={
              <>
                <p>{filtered ? t('list.noMatch') : t('list.empty')}</p>
                {filtered ? (
                  <button type="button" onClick={clearFilters}>
                    {t('list.clearFilters')}
                  </button>
                ) : null}
              </>
            }
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
      {bulk?.kind === 'delete' ? (
        <BulkDeleteDialog
          names={selectedNames}
          count={selectedCount}
          undoable={softDeletes(resource.api)}
          working={bulk.working}
          onConfirm={() => void deleteSelected()}
          onCancel={() => setBulk(null)}
        />
      ) : bulk?.kind === 'update' ? (
        <BulkUpdateDialog
          resource={resource}
          count={selectedCount}
          working={bulk.working}
          error={bulk.error}
          onApply={(field, value) => void updateSelected(field, value)}
          onCancel={() => setBulk(null)}
        />
      ) : null}
    </section>
  );
}
