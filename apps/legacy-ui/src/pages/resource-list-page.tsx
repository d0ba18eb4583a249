import { useEffect, useId, useState } from 'react';
import { ApiError } from '../api-client.ts';
import type { ApiRow, ListPage } from '../api-client.ts';
import { formatDateTime } from '../format-date-time.ts';
import { useLegacy } from '../legacy-context.tsx';
import type { ColumnDef, ResourceDef } from '../resources.ts';
import { detailPathOf } from '../routes.ts';
import { ResourceDialog } from './resource-dialog.tsx';
import { RouteLink } from './route-link.tsx';

const PAGE_SIZES = [10, 25, 50, 100];
const FILTER_DELAY_MS = 250;

type Order = { field: string; direction: 'asc' | 'desc' };

/** The text of one cell. */
export function cellText(row: ApiRow, column: ColumnDef, format: (value: unknown) => string): string {
  const value = row[column.field];
  if (column.kind === 'datetime') return format(value);
  if (column.kind === 'reference' && column.object) {
    const object = row[column.object] as { name?: unknown } | null | undefined;
    if (object && typeof object.name === 'string') return object.name;
  }
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A resource list: paging, sorting by header, a filter, the total, and a New button when allowed. */
export function ResourceListPage({ resource }: { resource: ResourceDef }) {
  const { api, t, permissions, preferences, resourceLabel, navigate } = useLegacy();
  const title = resourceLabel(resource);
  const filterId = useId();
  const sizeId = useId();
  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [order, setOrder] = useState<Order>({ field: resource.titleField, direction: 'asc' });
  const [filterInput, setFilterInput] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState<ListPage<ApiRow> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [reloads, setReloads] = useState(0);
  const canRead = permissions.has(`${resource.permission}:r`);

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(filterInput.trim());
      setPageNumber(1);
    }, FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filterInput]);

  useEffect(() => {
    if (!canRead) return;
    let active = true;
    api
      .list(resource.api, { pageSize, pageNumber, order: `${order.field}:${order.direction}`, ...(filter ? { filter } : {}) })
      .then((result) => {
        if (!active) return;
        setPage(result);
        setError(null);
      })
      .catch((caught: unknown) => {
        if (!active) return;
        setError(caught instanceof ApiError && caught.status === 403 ? t('error.forbidden') : caught instanceof Error ? caught.message : t('error.generic'));
      });
    return () => {
      active = false;
    };
  }, [api, resource.api, pageSize, pageNumber, order, filter, canRead, t, reloads]);

  function open(id: number | 'new') {
    if (resource.editor === 'page') navigate(id === 'new' ? resource.newPath : detailPathOf(resource, id));
    else setEditing(id);
  }

  const pages = page ? Math.max(1, Math.ceil(page.total / pageSize)) : 1;
  const format = (value: unknown) => formatDateTime(value, preferences);

  function sortBy(field: string) {
    setOrder((current) => ({ field, direction: current.field === field && current.direction === 'asc' ? 'desc' : 'asc' }));
    setPageNumber(1);
  }

  return (
    <section aria-labelledby="page-title">
      <div className="page-heading">
        <h1 id="page-title">{title}</h1>
        {permissions.has(`${resource.permission}:i`) ? (
          <button type="button" onClick={() => open('new')}>
            {t('list.new')}
          </button>
        ) : null}
      </div>
      {!canRead ? (
        <p role="alert">{t('error.forbidden')}</p>
      ) : (
        <>
          <div className="toolbar" role="search">
            <label htmlFor={filterId}>{t('list.filter')}</label>
            <input id={filterId} type="search" value={filterInput} onChange={(event) => setFilterInput(event.target.value)} />
            <span data-testid="list-total">{page ? t('list.total', { count: page.total }) : t('app.loading')}</span>
          </div>
          {error ? <p role="alert">{error}</p> : null}
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {resource.columns.map((column) => {
                  const sorted = order.field === column.field;
                  return (
                    <th
                      key={column.field}
                      scope="col"
                      aria-sort={sorted ? (order.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                    >
                      <button type="button" className="sort" onClick={() => sortBy(column.field)}>
                        {t(column.label)}
                        <span aria-hidden="true">{sorted ? (order.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {page?.results.map((row) => (
                <tr key={row.id}>
                  {resource.columns.map((column) => {
                    const text = cellText(row, column, format);
                    return (
                      <td key={column.field}>
                        {column.field !== resource.titleField ? (
                          text
                        ) : resource.editor === 'page' ? (
                          <RouteLink to={detailPathOf(resource, row.id)}>{text || `#${row.id}`}</RouteLink>
                        ) : (
                          <button type="button" className="link" onClick={() => open(row.id)}>
                            {text || `#${row.id}`}
                          </button>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
              {page && page.results.length === 0 ? (
                <tr>
                  <td colSpan={resource.columns.length}>{t('list.empty')}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
          <div className="pager">
            <button type="button" disabled={pageNumber <= 1} onClick={() => setPageNumber((n) => Math.max(1, n - 1))}>
              {t('list.previous')}
            </button>
            <span>{t('list.page', { page: pageNumber, pages })}</span>
            <button type="button" disabled={pageNumber >= pages} onClick={() => setPageNumber((n) => n + 1)}>
              {t('list.next')}
            </button>
            <label htmlFor={sizeId}>{t('list.pageSize')}</label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(event) => {
                setPageSize(Number(event.target.value));
                setPageNumber(1);
              }}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      {editing !== null ? (
        <ResourceDialog
          resource={resource}
          id={editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) setReloads((n) => n + 1);
          }}
        />
      ) : null}
    </section>
  );
}
