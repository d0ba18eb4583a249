// /services/dataRetentionPolicy: how long the tenant keeps each kind of data, what a purge would
// delete now (a dry run), purging now, and the last runs (manual, scheduled, dry runs).
import { useEffect, useId, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { formatDateTime } from '@portico/core';
import type { RetentionRun, RetentionState } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { formatCount } from '../i18n.ts';
import { FormError, LoadFailed, LoadingHint, NoPermission, StatusLine } from './status-views.tsx';
import { ConfirmActions } from './form-parts.tsx';
import { TableRegion } from './table-region.tsx';
import { PageFrame } from './page-frame.tsx';
import { useReload } from './use-reload.ts';
import { loadWhileCurrent } from './load-while-current.ts';
import { useBusyAction } from './use-busy-action.ts';

const KIND_KEYS = {
  auditEntries: 'retention.kind.auditEntries',
  analyticsEvents: 'retention.kind.analyticsEvents',
  webhookDeliveries: 'retention.kind.webhookDeliveries',
} as const;
const TRIGGER_KEYS = {
  manual: 'retention.trigger.manual',
  scheduled: 'retention.trigger.scheduled',
  dryRun: 'retention.trigger.dryRun',
} as const;

type Kind = keyof typeof KIND_KEYS;
const isKind = (kind: string): kind is Kind => kind in KIND_KEYS;

export function RetentionPage() {
  const { api, t, permissions, conceptLabel, preferences, language } = useLegacy();
  const title = conceptLabel('DataRetentionPolicies', 'page.dataRetentionPolicy');
  const formId = useId();
  const [state, setState] = useState<RetentionState | null>(null);
  const { loads, loadError, setLoadError, reload, retry } = useReload();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { busy, error, setError, run } = useBusyAction();
  const [status, setStatus] = useState('');
  const [preview, setPreview] = useState<RetentionRun | null>(null);
  const [confirming, setConfirming] = useState(false);
  const canRead = permissions.has('dataretentionpolicy:r');
  const canChange = permissions.has('dataretentionpolicy:u');
  const canPurge = permissions.has('dataretentionpolicy:x');

  useEffect(() => {
    if (!canRead) return;
    return loadWhileCurrent(
      api.retention(),
      (answer) => {
        setState(answer);
        setDrafts(
          Object.fromEntries(
            answer.kinds.map((k) => [k.kind, k.maxAgeDays === null ? '' : String(k.maxAgeDays)]),
          ),
        );
      },
      (caught) => setLoadError(describeError(t, caught)),
    );
  }, [api, setLoadError, canRead, loads, t]);

  const kindLabel = (kind: string) => (isKind(kind) ? t(KIND_KEYS[kind]) : kind);
  const countsText = (counts: Record<string, number>) => {
    const entries = Object.entries(counts);
    if (entries.length === 0) return t('retention.nothingKept');
    return entries
      .map(([kind, n]) =>
        t('retention.count', { kind: kindLabel(kind), count: formatCount(language, n) }),
      )
      .join(' · ');
  };

  async function save(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!state) return;
    const problems: Record<string, string> = {};
    const changes: Array<[string, number | null]> = [];
    for (const kind of state.kinds) {
      const raw = (drafts[kind.kind] ?? '').trim();
      const days = raw === '' ? null : /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
      if (days !== null && (Number.isNaN(days) || days < kind.minDays || days > kind.maxDays))
        problems[kind.kind] = t('retention.range', { min: kind.minDays, max: kind.maxDays });
      else if (days !== kind.maxAgeDays) changes.push([kind.kind, days]);
    }
    setFieldErrors(problems);
    setStatus('');
    setError(null);
    if (Object.keys(problems).length > 0) return;
    await run(async () => {
      let next = state;
      for (const [kind, days] of changes) next = await api.setRetention(kind, days);
      setState(next);
      setPreview(null);
      setStatus(changes.length === 0 ? t('retention.unchanged') : t('retention.saved'));
    });
  }

  function purge(dryRun: boolean) {
    setStatus('');
    return run(async () => {
      const result = await api.runRetention(dryRun);
      if (dryRun) setPreview(result);
      else {
        setPreview(null);
        setConfirming(false);
        setStatus(t('retention.purged', { counts: countsText(result.counts) }));
      }
      reload();
    });
  }

  let content;
  if (!canRead) content = <NoPermission page={title} />;
  else if (loadError) content = <LoadFailed message={loadError} onRetry={retry} />;
  else if (!state) content = <LoadingHint>{t('retention.loading')}</LoadingHint>;
  else
    content = (
      <>
        <p>{t('retention.intro')}</p>
        <form
          onSubmit={(event) => void save(event)}
          aria-labelledby={`${formId}-legend`}
          noValidate
        >
          <fieldset className="retention-kinds">
            <legend id={`${formId}-legend`}>{t('retention.maxAge')}</legend>
            {state.kinds.map((kind) => {
              const inputId = `${formId}-${kind.kind}`;
              const hintId = `${inputId}-hint`;
              const errorId = `${inputId}-error`;
              return (
                <div className="field" key={kind.kind}>
                  <label htmlFor={inputId}>{kindLabel(kind.kind)}</label>
                  <input
                    id={inputId}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    value={drafts[kind.kind] ?? ''}
                    disabled={!canChange || busy}
                    aria-invalid={fieldErrors[kind.kind] ? true : undefined}
                    aria-describedby={[hintId, fieldErrors[kind.kind] ? errorId : undefined]
                      .filter(Boolean)
                      .join(' ')}
                    onChange={(event) =>
                      setDrafts((current) => ({ ...current, [kind.kind]: event.target.value }))
                    }
                  />
                  <span id={hintId} className="form-hint">
                    {t('retention.hint', { min: kind.minDays, max: kind.maxDays })}
                  </span>
                  {fieldErrors[kind.kind] ? (
                    <span id={errorId} className="field-error">
                      {fieldErrors[kind.kind]}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
          <div className="toolbar">
            {canChange ? (
              <button type="submit" disabled={busy}>
                {t('form.save')}
              </button>
            ) : null}
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => void purge(true)}
            >
              {t('retention.dryRun')}
            </button>
            {canPurge && !confirming ? (
              <button
                type="button"
                className="danger"
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                {t('retention.purge')}
              </button>
            ) : null}
          </div>
        </form>
        {confirming ? (
          <div className="confirm" role="group" aria-labelledby={`${formId}-confirm`}>
            <p id={`${formId}-confirm`}>
              <strong>{t('retention.confirm')}</strong>
            </p>
            <ConfirmActions
              action={t('retention.purgeNow')}
              busy={busy}
              onAction={() => void purge(false)}
              onCancel={() => setConfirming(false)}
            />
          </div>
        ) : null}
        <StatusLine>
          {preview ? t('retention.wouldGo', { counts: countsText(preview.counts) }) : status}
        </StatusLine>
        <FormError message={error} />
        <h2>{t('retention.runs')}</h2>
        {state.runs.length === 0 ? (
          <p className="form-hint">{t('retention.noRuns')}</p>
        ) : (
          <TableRegion label={t('retention.runs')} caption={t('retention.runs')}>
            <thead>
              <tr>
                <th scope="col">{t('deliveries.when')}</th>
                <th scope="col">{t('retention.how')}</th>
                <th scope="col">{t('retention.who')}</th>
                <th scope="col">{t('retention.what')}</th>
              </tr>
            </thead>
            <tbody>
              {state.runs.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <td data-label={t('deliveries.when')}>
                    <time dateTime={entry.at}>{formatDateTime(entry.at, preferences)}</time>
                  </td>
                  <td data-label={t('retention.how')}>{t(TRIGGER_KEYS[entry.trigger])}</td>
                  <td data-label={t('retention.who')}>{entry.actorName}</td>
                  <td data-label={t('retention.what')}>{countsText(entry.counts)}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        )}
      </>
    );

  return <PageFrame title={title}>{content}</PageFrame>;
}
