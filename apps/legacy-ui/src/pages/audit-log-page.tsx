// The audit trail: /services/logs, the tenant-wide log (filter by user, resource, record, action and
// time; paged on the server; exported as CSV), and a record's History (the same trail for one
// record). The state lives in the location's query, so Back, a copied link and a sign-in again
// return to the same filter and page.
import { useEffect, useId, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { AUDITED_OUTSIDE_CATALOG, formatDateTime, isAuditedOutsideCatalog } from '@portico/core';
import type { AuditEntry } from '@portico/core';
import { useLegacy } from '../legacy-context.tsx';
import { RESOURCES } from '../resources.ts';
import { detailPathOf } from '../routes.ts';
import { describeError } from '../messages.ts';
import { ListFooter } from './list-footer.tsx';
import { LoadFailed, NoPermission } from './status-views.tsx';
import { ExportButton, download } from './download.tsx';
import { PageFrame } from './page-frame.tsx';
import { RouteLink } from './route-link.tsx';
import { TableRegion } from './table-region.tsx';

const PAGE_SIZES = [25, 50, 100] as const;
const ACTIONS = [
  'create',
  'update',
  'delete',
  'field.set',
  'field.remove',
  'login',
  'login.failed',
  'logout',
] as const;

/** The filter and page of a trail, as kept in the location's query. */
export interface AuditState {
  user: string;
  resource: string;
  action: string;
  from: string;
  to: string;
  record: string;
  pageNumber: number;
  pageSize: number;
}

/** Reads the state from a location query; anything unknown falls back to the default. */
export function readAuditState(query: URLSearchParams): AuditState {
  const number = (key: string, fallback: number) => {
    const value = Number(query.get(key));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const size = number('size', 50);
  const date = (key: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(query.get(key) ?? '') ? query.get(key)! : '';
  const action = query.get('action') ?? '';
  return {
    user: (query.get('user') ?? '').slice(0, 100),
    resource: (query.get('resource') ?? '').slice(0, 100),
    action: (ACTIONS as readonly string[]).includes(action) ? action : '',
    from: date('from'),
    to: date('to'),
    record: /^[1-9]\d{0,9}$/.test(query.get('record') ?? '') ? query.get('record')! : '',
    pageNumber: number('page', 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : 50,
  };
}

/** Writes the state as a location query (defaults left out). */
export function writeAuditState(state: AuditState): string {
  const params = new URLSearchParams();
  for (const key of ['user', 'resource', 'action', 'from', 'to', 'record'] as const)
    if (state[key]) params.set(key, state[key]);
  if (state.pageNumber > 1) params.set('page', String(state.pageNumber));
  if (state.pageSize !== 50) params.set('size', String(state.pageSize));
  return params.toString();
}

/** The API filters of a state: dates are whole days in the browser's time zone. */
function apiFilters(state: AuditState): Record<string, string> {
  const filters: Record<string, string> = {};
  if (state.user) filters.user = state.user;
  if (state.resource) filters.resource = state.resource;
  if (state.action) filters.action = state.action;
  if (state.record) filters.record = state.record;
  if (state.from) filters.from = String(new Date(`${state.from}T00:00:00`).getTime());
  if (state.to) filters.to = String(new Date(`${state.to}T23:59:59.999`).getTime());
  return filters;
}

function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function AuditTable({
  state,
  onState,
  fixedRecord,
}: {
  state: AuditState;
  onState: (next: AuditState) => void;
  /** A record's History: its resource and id are fixed, and the filters are not shown. */
  fixedRecord?: { resource: string; id: number };
}) {
  const { api, t, preferences, oneLabel, done } = useLegacy();
  const [page, setPage] = useState<{ total: number; results: AuditEntry[] } | null>(null);
  const [error, setError] = useState('');
  const [reloads, setReloads] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [draft, setDraft] = useState(state);
  const ids = {
    user: useId(),
    resource: useId(),
    action: useId(),
    from: useId(),
    to: useId(),
  };
  const filters = fixedRecord
    ? { resource: fixedRecord.resource, record: String(fixedRecord.id) }
    : apiFilters(state);

  useEffect(() => setDraft(state), [state]);
  useEffect(() => {
    let current = true;
    setError('');
    api
      .list('auditEntry', {
        pageSize: state.pageSize,
        pageNumber: state.pageNumber,
        filters,
      })
      .then((answer) => {
        if (current) setPage(answer as unknown as { total: number; results: AuditEntry[] });
      })
      .catch((caught: unknown) => {
        if (current) setError(describeError(t, caught));
      });
    return () => {
      current = false;
    };
    // the filters are derived from the state; reloads asks again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, state, reloads]);

  async function exportCsv() {
    setExporting(true);
    try {
      download(await api.exportCsv('auditEntry', { filters }), 'audit.csv');
      done('auditEntry.export', true, t('list.exported'));
    } catch (caught) {
      setError(describeError(t, caught));
    } finally {
      setExporting(false);
    }
  }

  function apply(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    onState({ ...draft, pageNumber: 1 });
  }

  /** A record type outside the catalog (sign-ins, sites, licences, …); an unknown one is "Other". */
  function recordTypeLabel(kind: string): string {
    if (!isAuditedOutsideCatalog(kind)) return t('audit.resource.other');
    return t(`audit.resource.${kind}`, {
      thingType: RESOURCES.thingType ? oneLabel(RESOURCES.thingType) : '',
    });
  }

  function recordCell(entry: AuditEntry) {
    const resource = RESOURCES[entry.resource];
    const name = entry.recordName || (entry.recordId === null ? '' : `#${entry.recordId}`);
    if (resource && entry.recordId !== null && entry.action !== 'delete' && !fixedRecord) {
      const location = detailPathOf(resource, entry.recordId);
      return (
        <>
          {oneLabel(resource)}: <RouteLink to={location}>{name}</RouteLink>
        </>
      );
    }
    return `${resource ? oneLabel(resource) : recordTypeLabel(entry.resource)}${name ? `: ${name}` : ''}`;
  }

  return (
    <>
      {fixedRecord ? null : (
        <form className="toolbar" role="search" aria-label={t('audit.filters')} onSubmit={apply}>
          <span className="filter">
            <label htmlFor={ids.user}>{t('audit.user')}</label>
            <input
              id={ids.user}
              value={draft.user}
              onChange={(event) => setDraft({ ...draft, user: event.target.value })}
              autoComplete="off"
            />
          </span>
          <span className="filter">
            <label htmlFor={ids.resource}>{t('audit.resource')}</label>
            <select
              id={ids.resource}
              value={draft.resource}
              onChange={(event) => setDraft({ ...draft, resource: event.target.value })}
            >
              <option value="">{t('list.all')}</option>
              {AUDITED_OUTSIDE_CATALOG.map((kind) => (
                <option key={kind} value={kind}>
                  {recordTypeLabel(kind)}
                </option>
              ))}
              {Object.values(RESOURCES).map((resource) => (
                <option key={resource.api} value={resource.api}>
                  {oneLabel(resource)}
                </option>
              ))}
            </select>
          </span>
          <span className="filter">
            <label htmlFor={ids.action}>{t('audit.action')}</label>
            <select
              id={ids.action}
              value={draft.action}
              onChange={(event) => setDraft({ ...draft, action: event.target.value })}
            >
              <option value="">{t('list.all')}</option>
              {ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {t(`audit.action.${action}`)}
                </option>
              ))}
            </select>
          </span>
          <span className="filter">
            <label htmlFor={ids.from}>{t('audit.from')}</label>
            <input
              id={ids.from}
              type="date"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
          </span>
          <span className="filter">
            <label htmlFor={ids.to}>{t('audit.to')}</label>
            <input
              id={ids.to}
              type="date"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
          </span>
          <button type="submit">{t('audit.apply')}</button>
          <button
            type="button"
            className="secondary"
            onClick={() =>
              onState({
                ...state,
                user: '',
                resource: '',
                action: '',
                from: '',
                to: '',
                record: '',
                pageNumber: 1,
              })
            }
          >
            {t('list.clearFilters')}
          </button>
        </form>
      )}
      <div className="list-status">
        <span aria-live="polite">
          {page ? t('list.total', { count: page.total }) : t('list.loading')}
        </span>
        <ExportButton exporting={exporting} onExport={() => void exportCsv()} />
      </div>
      {error ? <LoadFailed list message={error} onRetry={() => setReloads((n) => n + 1)} /> : null}
      <TableRegion
        label={t('audit.entries')}
        caption={t('audit.entries')}
        className="audit-table"
        busy={page === null}
      >
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.user')}</th>
            <th scope="col">{t('audit.action')}</th>
            {fixedRecord ? null : <th scope="col">{t('audit.record')}</th>}
            <th scope="col">{t('audit.changes')}</th>
            <th scope="col">{t('audit.origin')}</th>
          </tr>
        </thead>
        <tbody>
          {(page?.results ?? []).map((entry) => (
            <tr key={entry.id}>
              <td data-label={t('audit.when')}>
                <time dateTime={entry.at}>{formatDateTime(entry.at, preferences)}</time>
              </td>
              <td data-label={t('audit.user')}>{entry.user.username || '—'}</td>
              <td data-label={t('audit.action')}>
                {(ACTIONS as readonly string[]).includes(entry.action)
                  ? t(`audit.action.${entry.action as (typeof ACTIONS)[number]}`)
                  : entry.action}
              </td>
              {fixedRecord ? null : <td data-label={t('audit.record')}>{recordCell(entry)}</td>}
              <td data-label={t('audit.changes')}>
                {entry.changes.length === 0 ? (
                  '—'
                ) : (
                  <ul className="change-list">
                    {entry.changes.map((change) => (
                      <li key={change.field}>
                        <span className="change-field">{change.field}</span>:{' '}
                        {'before' in change ? shownValue(change.before) : ''}
                        {'before' in change && 'after' in change ? ' → ' : ''}
                        {'after' in change ? shownValue(change.after) : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td data-label={t('audit.origin')}>
                {entry.address}
                <br />
                <small>{entry.requestId}</small>
              </td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
      <ListFooter
        label={t('audit.pages')}
        page={page}
        paging={state}
        pageSizes={PAGE_SIZES}
        onPaging={(change) => onState({ ...state, ...change })}
        empty={<p>{t('audit.empty')}</p>}
        focusTitle
      />
    </>
  );
}

/** /services/logs: the tenant-wide trail. */
export function AuditLogPage({ query }: { query: string }) {
  const { t, permissions, conceptLabel, navigate } = useLegacy();
  const state = readAuditState(new URLSearchParams(query));
  const title = conceptLabel('Logs', 'page.logs');
  return (
    <PageFrame title={title}>
      {!permissions.has('auditlog:r') ? (
        <NoPermission page={title} />
      ) : (
        <>
          <p>{t('audit.intro')}</p>
          <AuditTable
            state={state}
            onState={(next) => {
              const written = writeAuditState(next);
              navigate(written ? `/services/logs?${written}` : '/services/logs');
            }}
          />
        </>
      )}
    </PageFrame>
  );
}

/** A record's History: every entry of this one record, newest first. */
export function AuditHistory({ resource, id }: { resource: string; id: number }) {
  const { t, permissions } = useLegacy();
  const [state, setState] = useState<AuditState>(() => readAuditState(new URLSearchParams()));
  if (!permissions.has('auditlog:r')) return <p>{t('audit.noPermission')}</p>;
  return <AuditTable state={state} onState={setState} fixedRecord={{ resource, id }} />;
}

/**
 * A record's History, folded until asked for (its entries are fetched then): shown under an
 * existing record's form to those who may read the audit trail.
 */
export function RecordHistory({ resource, id }: { resource: string; id: number | 'new' }) {
  const { t, permissions } = useLegacy();
  const [open, setOpen] = useState(false);
  if (id === 'new' || !permissions.has('auditlog:r')) return null;
  return (
    <details
      className="record-history"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{t('audit.history')}</summary>
      {open ? <AuditHistory resource={resource} id={id} /> : null}
    </details>
  );
}
