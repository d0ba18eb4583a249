// One report of an application tab's menu: the report definition as the services answer it (its
// name, folder, type and description). A report that does not exist or is not the user's to read
// is a clear message. (The report's execution page, when it exists, takes this one's place.)
import { useEffect, useState } from 'react';
import type { ApiRow } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import { ErrorPanel, FormSkeleton } from './status-views.tsx';

export function ReportView({ reportId }: { reportId: number }) {
  const { t, api, fieldLabel, enumLabel } = useLegacy();
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; row: ApiRow } | { status: 'failed'; error: string }
  >({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    api
      .get('reportDefinition', reportId)
      .then((row) => {
        if (current) setState({ status: 'ready', row });
      })
      .catch((caught: unknown) => {
        if (current) setState({ status: 'failed', error: describeError(t, caught) });
      });
    return () => {
      current = false;
    };
  }, [api, reportId, attempt, t]);

  if (state.status === 'loading') return <FormSkeleton label={t('app.loading')} />;
  if (state.status === 'failed')
    return (
      <ErrorPanel
        title={t('appTab.reportUnavailable', { id: reportId })}
        message={state.error}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  const { row } = state;
  const columns = RESOURCES.reportDefinition?.columns ?? [];
  const label = (field: string) => {
    const def = columns.find((column) => column.field === field);
    return def ? fieldLabel(def) : field;
  };
  const folder = row.folder as { name?: unknown } | null | undefined;
  return (
    <article aria-labelledby="app-tab-report-name" className="app-tab-report">
      <h2 id="app-tab-report-name">{String(row.name ?? reportId)}</h2>
      <dl className="details">
        <dt>{label('folderId')}</dt>
        <dd>{typeof folder?.name === 'string' ? folder.name : '—'}</dd>
        <dt>{label('reportType')}</dt>
        <dd>{enumLabel(String(row.reportType ?? ''))}</dd>
      </dl>
      {typeof row.description === 'string' && row.description !== '' ? (
        <p>{row.description}</p>
      ) : null}
    </article>
  );
}
