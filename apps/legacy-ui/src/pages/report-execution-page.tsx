// /analytics/report/execution/{id}: a report run by the services with the caller's permissions —
// its rows (or its groups with their counts), labelled in the user's language and the tenant's
// vocabulary, paged, with the totals, a CSV download and a way back to its builder.
import { useEffect, useState } from 'react';
import type { ReportRun, ReportRunColumn } from '../api-client.ts';
import { formatCount } from '../i18n.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { download } from './download.tsx';
import { RESOURCES } from '../resources.ts';
import { ListFooter, usePaging } from './list-footer.tsx';
import { PageFrame } from './page-frame.tsx';
import { RouteLink } from './route-link.tsx';
import { fieldDefOf, objectKeyOf, runCellText } from './report-state.ts';
import { BusyButton, ErrorPanel, FormSkeleton } from './status-views.tsx';
import { TableRegion } from './table-region.tsx';

const PAGE_SIZES = [10, 25, 50, 100] as const;

export function ReportExecutionPage({ reportId }: { reportId: number }) {
  const { api, t, language, fieldLabel, enumLabel, resourceLabel, preferences, done } = useLegacy();
  const [paging, movePaging] = usePaging(25);
  const { pageNumber, pageSize } = paging;
  const [run, setRun] = useState<ReportRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    let live = true;
    setError(null);
    api.runReport(reportId, { pageNumber, pageSize }).then(
      (answer) => {
        if (live) setRun(answer);
      },
      (caught: unknown) => {
        if (live) setError(describeError(t, caught));
      },
    );
    return () => {
      live = false;
    };
  }, [api, t, reportId, pageNumber, pageSize, reloads]);

  const resource = run ? RESOURCES[run.reportDefinition.resource] : undefined;
  const label = (column: ReportRunColumn) => {
    if (column.kind === 'count') return t('report.count');
    const def = run ? fieldDefOf(run.reportDefinition.resource, column.propertyName) : undefined;
    return def ? fieldLabel(def) : column.propertyName;
  };

  function cell(row: ReportRun['results'][number], column: ReportRunColumn) {
    const text = runCellText(row, column, preferences, objectKeyOf(column.propertyName));
    if (column.kind === 'count') return formatCount(language, Number(row.count ?? 0));
    if (text === '') return '';
    if (column.kind === 'enumeration')
      return <span className={`badge badge-${text.toLowerCase()}`}>{enumLabel(text)}</span>;
    if (column.kind === 'boolean') return text === 'true' ? t('report.yes') : t('report.no');
    return text;
  }

  async function downloadCsv() {
    setDownloading(true);
    try {
      download(await api.reportCsv(reportId), `report-${reportId}.csv`);
      done('reportExecution.export', true, t('list.exported'));
    } catch (caught) {
      setError(describeError(t, caught));
    } finally {
      setDownloading(false);
    }
  }

  const editPath = `/analytics/report/edit/${reportId}`;
  const title = run?.reportDefinition.name ?? t('page.reportExecution');

  return (
    <PageFrame title={title}>
      <div className="toolbar">
        <RouteLink to={editPath} className="button secondary">
          {t('report.edit')}
        </RouteLink>
        <BusyButton
          className="secondary"
          disabled={!run}
          busy={downloading}
          busyLabel={t('list.exporting')}
          onClick={() => void downloadCsv()}
        >
          {t('report.download')}
        </BusyButton>
      </div>
      {error ? (
        <ErrorPanel
          title={t('report.runFailed')}
          message={error}
          onRetry={() => setReloads((n) => n + 1)}
        />
      ) : null}
      {!run && !error ? <FormSkeleton label={t('report.running')} /> : null}
      {run ? (
        <>
          <p className="form-hint">
            {resource ? resourceLabel(resource) : run.reportDefinition.resource}
            {run.reportDefinition.description ? (
              <>
                {' · '}
                <span>{run.reportDefinition.description}</span>
              </>
            ) : null}
          </p>
          <p role="status" aria-live="polite">
            {run.groupBy
              ? t('report.totalsGrouped', {
                  rows: formatCount(language, run.totals.rows),
                  groups: formatCount(language, run.totals.groups ?? 0),
                })
              : t('report.totals', { rows: formatCount(language, run.totals.rows) })}
          </p>
          {run.results.length === 0 ? (
            <p>{t('report.empty')}</p>
          ) : (
            <TableRegion label={t('report.results')} caption={title}>
              <thead>
                <tr>
                  {run.columns.map((column) => (
                    <th key={column.propertyName} scope="col">
                      {label(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {run.results.map((row, index) => (
                  <tr key={run.groupBy ? `${index}` : row.id}>
                    {run.columns.map((column) => (
                      <td key={column.propertyName} data-label={label(column)}>
                        {cell(row, column)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </TableRegion>
          )}
          <ListFooter
            label={t('report.pages')}
            page={run}
            paging={paging}
            pageSizes={PAGE_SIZES}
            onPaging={movePaging}
            focusTitle
          />
        </>
      ) : null}
    </PageFrame>
  );
}
