// /services/importExport: import a CSV file of things, zones or users (checked first by a dry run
// that writes nothing), export them, and the recent jobs. /services/importExport/{id}: one job —
// its dry run (the first rows as they would be written, every problem with its line and column),
// confirming it, its progress (polled), cancelling it, its result and its error file.
import { useEffect, useId, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { IMPORT_CLEAR_MARKER, formatDateTime } from '@portico/core';
import type { ImportResource } from '@portico/core';
import type { ImportJob } from '../api-client.ts';
import { formatCount } from '../i18n.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import {
  IMPORTABLE,
  columnsOf,
  isMoving,
  progressPercent,
  secondsText,
} from './import-export-state.ts';
import { RouteLink } from './route-link.tsx';
import { Field } from './form-parts.tsx';
import { FormError, LoadFailed, LoadingHint, NoPermission } from './status-views.tsx';
import { TableRegion } from './table-region.tsx';
import { PageFrame } from './page-frame.tsx';
import { download } from './download.tsx';
import { loadWhileCurrent } from './load-while-current.ts';
import { useBusyAction } from './use-busy-action.ts';

const STATE_KEYS = {
  checked: 'importExport.state.checked',
  invalid: 'importExport.state.invalid',
  running: 'importExport.state.running',
  done: 'importExport.state.done',
  failed: 'importExport.state.failed',
  cancelled: 'importExport.state.cancelled',
} as const;

const POLL_MS = 500;

export function ImportExportPage({ jobId }: { jobId: number | null }) {
  const { t, permissions, conceptLabel } = useLegacy();
  const title = conceptLabel('ImportExport', 'page.importExport');
  const canRead = permissions.has('importexport:r') || permissions.has('importexport:x');
  return (
    <PageFrame title={jobId === null ? title : t('importExport.job', { number: jobId })}>
      {!canRead ? (
        <NoPermission page={title} />
      ) : jobId === null ? (
        <Overview />
      ) : (
        <JobView id={jobId} />
      )}
    </PageFrame>
  );
}

function Overview() {
  const { api, t, permissions, resourceLabel, navigate, done, preferences, language } = useLegacy();
  const formId = useId();
  const [resource, setResource] = useState<ImportResource>('thing');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const { busy, error, setError, run } = useBusyAction();
  const [jobs, setJobs] = useState<ImportJob[] | null>(null);
  const canImport = permissions.has('importexport:x');
  const label = (path: string) => (RESOURCES[path] ? resourceLabel(RESOURCES[path]) : path);

  useEffect(() => {
    return loadWhileCurrent(api.importJobs(), setJobs, (caught) =>
      setError(describeError(t, caught)),
    );
  }, [api, setError, t]);

  async function check(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setFileError(t('importExport.noFile'));
      return;
    }
    setFileError('');
    await run(async () => {
      const job = await api.uploadImport(resource, file, file.name.slice(0, 200) || 'import.csv');
      navigate(`/services/importExport/${job.id}`);
    });
  }

  async function exportAll(path: string) {
    setError(null);
    try {
      download(await api.exportCsv(path, {}), `${path}.csv`);
      done(`${path}.export`, true, t('list.exported'));
    } catch (caught) {
      setError(describeError(t, caught));
    }
  }

  const { columns, key } = columnsOf(resource);
  return (
    <>
      <p>{t('importExport.intro')}</p>
      {canImport ? (
        <form onSubmit={(event) => void check(event)} aria-labelledby={`${formId}-h`} noValidate>
          <h2 id={`${formId}-h`}>{t('importExport.import')}</h2>
          <div className="field">
            <label htmlFor={`${formId}-resource`}>{t('importExport.resource')}</label>
            <select
              id={`${formId}-resource`}
              value={resource}
              disabled={busy}
              onChange={(event) => setResource(event.target.value as ImportResource)}
            >
              {IMPORTABLE.map((path) => (
                <option key={path} value={path}>
                  {label(path)}
                </option>
              ))}
            </select>
          </div>
          <Field
            id={`${formId}-file`}
            label={t('importExport.file')}
            hint={
              <>
                <WithCodes
                  text={(values) => t('importExport.columns', values)}
                  codes={{ list: columns, name: key }}
                />{' '}
                <WithCodes
                  text={(values) => t('importExport.clearRule', values)}
                  codes={{ marker: IMPORT_CLEAR_MARKER }}
                />
              </>
            }
            hintId={`${formId}-columns`}
            error={fileError}
            errorId={`${formId}-file-error`}
          >
            {(props) => (
              <input
                {...props}
                type="file"
                accept=".csv,text/csv"
                disabled={busy}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          <div className="toolbar">
            <button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('importExport.checking') : t('importExport.check')}
            </button>
          </div>
        </form>
      ) : null}
      <FormError message={error} />
      <h2>{t('importExport.export')}</h2>
      <p>{t('importExport.exportIntro')}</p>
      <ul className="import-exports">
        {IMPORTABLE.filter(
          (path) => RESOURCES[path] && permissions.has(`${RESOURCES[path].permission}:r`),
        ).map((path) => (
          <li key={path}>
            <button type="button" className="secondary" onClick={() => void exportAll(path)}>
              {t('importExport.exportAll', { resource: label(path) })}
            </button>{' '}
            <RouteLink to={RESOURCES[path]!.listPath}>
              {t('importExport.openList', { resource: label(path) })}
            </RouteLink>
          </li>
        ))}
      </ul>
      <h2>{t('importExport.jobs')}</h2>
      {jobs === null ? null : jobs.length === 0 ? (
        <p className="form-hint">{t('importExport.noJobs')}</p>
      ) : (
        <TableRegion label={t('importExport.jobs')} caption={t('importExport.jobs')}>
          <thead>
            <tr>
              <th scope="col">{t('importExport.file')}</th>
              <th scope="col">{t('importExport.resource')}</th>
              <th scope="col">{t('importExport.stateColumn')}</th>
              <th scope="col">{t('importExport.rowsColumn')}</th>
              <th scope="col">{t('importExport.when')}</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id}>
                <td data-label={t('importExport.file')}>
                  <RouteLink to={`/services/importExport/${job.id}`}>{job.fileName}</RouteLink>
                </td>
                <td data-label={t('importExport.resource')}>{label(job.resource)}</td>
                <td data-label={t('importExport.stateColumn')}>{t(STATE_KEYS[job.state])}</td>
                <td data-label={t('importExport.rowsColumn')}>
                  {formatCount(language, job.totalRows)}
                </td>
                <td data-label={t('importExport.when')}>
                  {job.createdAt ? (
                    <time dateTime={job.createdAt}>
                      {formatDateTime(job.createdAt, preferences)}
                    </time>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
    </>
  );
}

function JobView({ id }: { id: number }) {
  const { api, t, permissions, resourceLabel, language, done } = useLegacy();
  const [job, setJob] = useState<ImportJob | null>(null);
  const { busy, error, setError, run } = useBusyAction();
  const [loads, setLoads] = useState(0);
  const canRun = permissions.has('importexport:x');

  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      api
        .importJob(id)
        .then((answer) => {
          if (!active) return;
          setJob((before) => {
            if (before && isMoving(before) && !isMoving(answer))
              done('importJob.run', answer.state === 'done', t(STATE_KEYS[answer.state]));
            return answer;
          });
          if (isMoving(answer)) timer = setTimeout(load, POLL_MS);
        })
        .catch((caught: unknown) => active && setError(describeError(t, caught)));
    void load();
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }, [api, id, loads, setError, t, done]);

  const act = (action: 'run' | 'cancel') =>
    run(async () => {
      setJob(action === 'run' ? await api.runImportJob(id) : await api.cancelImportJob(id));
      setLoads((n) => n + 1);
    });

  async function errorFile() {
    try {
      download(await api.importErrors(id), `import-${id}-errors.csv`);
    } catch (caught) {
      setError(describeError(t, caught));
    }
  }

  if (!job)
    return error ? (
      <LoadFailed message={error} onRetry={() => setLoads((n) => n + 1)} />
    ) : (
      <LoadingHint>{t('importExport.loading')}</LoadingHint>
    );
  const resource = RESOURCES[job.resource];
  const label = resource ? resourceLabel(resource) : job.resource;
  const count = (key: Parameters<typeof t>[0], n: number) =>
    t(key, { count: n, number: formatCount(language, n) });
  const percent = progressPercent(job);
  return (
    <>
      <p>
        <RouteLink to="/services/importExport">{t('importExport.back')}</RouteLink>
      </p>
      <dl className="import-summary">
        <dt>{t('importExport.file')}</dt>
        <dd>{job.fileName}</dd>
        <dt>{t('importExport.resource')}</dt>
        <dd>{label}</dd>
        <dt>{t('importExport.stateColumn')}</dt>
        <dd data-state={job.state}>{t(STATE_KEYS[job.state])}</dd>
        <dt>{t('importExport.rowsColumn')}</dt>
        <dd>{formatCount(language, job.totalRows)}</dd>
      </dl>
      <p role="status" className="import-status">
        {job.state === 'checked'
          ? `${count('importExport.wouldCreate', job.toCreate)} · ${count('importExport.wouldUpdate', job.toUpdate)}`
          : job.state === 'done'
            ? `${count('importExport.created', job.created)} · ${count('importExport.updated', job.updated)} · ${t('importExport.duration', { value: secondsText(job.durationMs, language) })}`
            : job.state === 'running'
              ? t('importExport.progress', {
                  count: formatCount(language, job.processed),
                  number: formatCount(language, job.totalRows),
                })
              : job.state === 'invalid'
                ? count('importExport.errorRows', job.errorRows)
                : job.message}
      </p>
      {job.state === 'running' ? (
        <progress max={100} value={percent} aria-label={t('importExport.state.running')}>
          {percent} %
        </progress>
      ) : null}
      <div className="toolbar">
        {canRun && (job.state === 'checked' || (job.state === 'failed' && job.runnable)) ? (
          <button type="button" disabled={busy} onClick={() => void act('run')}>
            {t(job.state === 'failed' ? 'importExport.runAgain' : 'importExport.confirm')}
          </button>
        ) : null}
        {canRun && (job.state === 'checked' || job.state === 'running') ? (
          <button
            type="button"
            className="secondary"
            disabled={busy || job.cancelling}
            onClick={() => void act('cancel')}
          >
            {t('importExport.cancel')}
          </button>
        ) : null}
        {job.hasErrorFile ? (
          <button type="button" className="secondary" onClick={() => void errorFile()}>
            {t('importExport.errorFile')}
          </button>
        ) : null}
        {job.state === 'invalid' ? (
          <RouteLink to="/services/importExport">{t('importExport.uploadAgain')}</RouteLink>
        ) : null}
        {job.state === 'done' && resource ? (
          <RouteLink to={resource.listPath}>
            {t('importExport.openList', { resource: label })}
          </RouteLink>
        ) : null}
      </div>
      <FormError message={error} />
      {job.problems && job.problems.length > 0 ? (
        <>
          <h2>{t('importExport.problems')}</h2>
          <TableRegion label={t('importExport.problems')} caption={t('importExport.problems')}>
            <thead>
              <tr>
                <th scope="col">{t('importExport.line')}</th>
                <th scope="col">{t('importExport.column')}</th>
                <th scope="col">{t('importExport.problem')}</th>
              </tr>
            </thead>
            <tbody>
              {job.problems.map((problem, index) => (
                <tr key={`${problem.line}-${problem.column}-${index}`}>
                  <td data-label={t('importExport.line')}>{problem.line}</td>
                  <td data-label={t('importExport.column')}>
                    {problem.column > 0 ? `${problem.column} · ${problem.columnName}` : '—'}
                  </td>
                  <td data-label={t('importExport.problem')}>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        </>
      ) : null}
      {job.state === 'checked' && job.preview && job.preview.length > 0 ? (
        <>
          <h2>{t('importExport.preview')}</h2>
          <TableRegion label={t('importExport.preview')} caption={t('importExport.preview')}>
            <thead>
              <tr>
                <th scope="col">{t('importExport.line')}</th>
                <th scope="col">{t('importExport.action')}</th>
                <th scope="col">{t('importExport.values')}</th>
              </tr>
            </thead>
            <tbody>
              {job.preview.map((row) => (
                <tr key={row.line}>
                  <td data-label={t('importExport.line')}>{row.line}</td>
                  <td data-label={t('importExport.action')}>
                    {t(
                      row.action === 'create'
                        ? 'importExport.action.create'
                        : 'importExport.action.update',
                    )}
                  </td>
                  <td data-label={t('importExport.values')}>
                    {Object.entries(row.values)
                      .map(([column, value]) => `${column}: ${value}`)
                      .join(' · ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        </>
      ) : null}
    </>
  );
}

/**
 * A message whose placeholders are codes a file must hold as they are (column names, the clearing
 * marker): each is shown as code, apart from the words around it.
 */
function WithCodes({
  text,
  codes,
}: {
  text: (values: Record<string, string>) => string;
  codes: Record<string, string>;
}) {
  const marks = Object.fromEntries(Object.keys(codes).map((name) => [name, `\u0001${name}\u0001`]));
  return (
    <>
      {text(marks)
        .split('\u0001')
        .map((part, index) =>
          index % 2 === 1 ? <code key={index}>{codes[part] ?? part}</code> : part,
        )}
    </>
  );
}
