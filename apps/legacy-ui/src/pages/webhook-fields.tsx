// The webhook pages' own parts: a subscription's events as a grid of checkboxes (every event, or per
// resource created / updated / deleted / restored / all of them, and failed sign-ins), and an endpoint's
// delivery log with "Send test event" and "Send again" for a failed delivery.
import { useCallback, useEffect, useId, useState } from 'react';
import { WEBHOOK_RECORD_ACTIONS, formatDateTime } from '@portico/core';
import type { WebhookRecordAction } from '@portico/core';
import type { WebhookDelivery, WebhookTestResult } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import { ListFooter, usePaging } from './list-footer.tsx';
import { TableRegion } from './table-region.tsx';
import { ActionOutcome } from './status-views.tsx';
import type { GroupFieldProps } from './form-parts.tsx';
import { loadWhileCurrent } from './load-while-current.ts';
import { useBusyAction } from './use-busy-action.ts';

const ACTION_KEYS = {
  created: 'events.created',
  updated: 'events.updated',
  deleted: 'events.deleted',
  restored: 'events.restored',
} as const satisfies Record<WebhookRecordAction, string>;

/** The patterns of a subscription (one per line in the form's value). */
export function EventsField({ id, legend, value, onChange, disabled, errorId }: GroupFieldProps) {
  const { t, resourceLabel } = useLegacy();
  const hintId = `${id}-hint`;
  const chosen = new Set(
    value
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  const set = (pattern: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(pattern);
    else next.delete(pattern);
    onChange([...next].join('\n'));
  };
  const everything = chosen.has('*');
  return (
    <fieldset
      className="field access-field events-field"
      id={id}
      aria-describedby={[errorId, hintId].filter(Boolean).join(' ')}
    >
      <legend>{legend}</legend>
      <p id={hintId} className="form-hint">
        {t('events.hint')}
      </p>
      <div className="permission-switches">
        <label>
          <input
            type="checkbox"
            checked={everything}
            disabled={disabled}
            onChange={(event) => set('*', event.target.checked)}
          />{' '}
          {t('events.all')}
        </label>
        <label>
          <input
            type="checkbox"
            checked={everything || chosen.has('session.login.failed')}
            disabled={disabled || everything}
            onChange={(event) => set('session.login.failed', event.target.checked)}
          />{' '}
          {t('events.loginFailed')}
        </label>
      </div>
      <div className="table-scroll">
        <table className="permission-grid">
          <caption className="visually-hidden">{legend}</caption>
          <thead>
            <tr>
              <th scope="col">{t('perm.resource')}</th>
              {WEBHOOK_RECORD_ACTIONS.map((action) => (
                <th scope="col" key={action}>
                  {t(ACTION_KEYS[action])}
                </th>
              ))}
              <th scope="col">{t('events.any')}</th>
            </tr>
          </thead>
          <tbody>
            {Object.values(RESOURCES).map((resource) => {
              const name = resourceLabel(resource);
              const all = everything || chosen.has(`${resource.api}.*`);
              return (
                <tr key={resource.api}>
                  <th scope="row">{name}</th>
                  {WEBHOOK_RECORD_ACTIONS.map((action) => (
                    <td key={action}>
                      <input
                        type="checkbox"
                        aria-label={`${name}: ${t(ACTION_KEYS[action])}`}
                        checked={all || chosen.has(`${resource.api}.${action}`)}
                        disabled={disabled || all}
                        onChange={(event) => set(`${resource.api}.${action}`, event.target.checked)}
                      />
                    </td>
                  ))}
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${name}: ${t('events.any')}`}
                      checked={all}
                      disabled={disabled || everything}
                      onChange={(event) => set(`${resource.api}.*`, event.target.checked)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}

const PAGE_SIZE = 10;
const OUTCOME_KEYS = {
  delivered: 'deliveries.delivered',
  retrying: 'deliveries.retrying',
  failed: 'deliveries.failed',
} as const;

/** An endpoint's deliveries, newest first, and its test button (with `endpoint:u`). */
export function EndpointDeliveries({ endpointId }: { endpointId: number }) {
  const { api, t, permissions, preferences } = useLegacy();
  const headingId = useId();
  const [paging, movePaging] = usePaging(PAGE_SIZE);
  const page = paging.pageNumber;
  const [data, setData] = useState<{ total: number; results: WebhookDelivery[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const { busy, error, run } = useBusyAction();
  const [loads, setLoads] = useState(0);
  const canSend = permissions.has('endpoint:u');

  useEffect(() => {
    return loadWhileCurrent(
      api.endpointDeliveries(endpointId, page, PAGE_SIZE),
      (answer) => {
        setData(answer);
        setLoadError(null);
      },
      (caught) => setLoadError(describeError(t, caught)),
    );
  }, [api, endpointId, page, loads, t]);

  const outcomeText = useCallback(
    (result: Pick<WebhookTestResult, 'outcome' | 'status' | 'error'>) =>
      t(OUTCOME_KEYS[result.outcome], {
        status: result.status === 0 ? t('deliveries.noAnswer') : String(result.status),
        error: result.error,
      }),
    [t],
  );

  function sendTest() {
    setStatus('');
    return run(async () => {
      const result = await api.testEndpoint(endpointId);
      setStatus(`${t('deliveries.testSent')} ${outcomeText(result)}`);
      movePaging({ pageNumber: 1 });
      setLoads((n) => n + 1);
    });
  }

  function sendAgain(delivery: WebhookDelivery) {
    return run(async () => {
      await api.retryDelivery(endpointId, delivery.deliveryId);
      setStatus(t('deliveries.queued'));
      setLoads((n) => n + 1);
    });
  }

  return (
    <section className="role-members endpoint-deliveries" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('deliveries.title')}</h2>
      <div className="toolbar">
        {canSend ? (
          <button type="button" disabled={busy} onClick={() => void sendTest()}>
            {busy ? t('deliveries.sending') : t('deliveries.test')}
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={() => setLoads((n) => n + 1)}>
          {t('deliveries.refresh')}
        </button>
      </div>
      <ActionOutcome status={status} error={error} />
      {loadError ? (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      ) : data === null ? (
        <p className="form-hint">{t('deliveries.loading')}</p>
      ) : data.total === 0 ? (
        <p className="form-hint">{t('deliveries.empty')}</p>
      ) : (
        <>
          <TableRegion label={t('deliveries.log')} caption={t('deliveries.title')}>
            <thead>
              <tr>
                <th scope="col">{t('deliveries.when')}</th>
                <th scope="col">{t('deliveries.event')}</th>
                <th scope="col">{t('deliveries.attempt')}</th>
                <th scope="col">{t('deliveries.result')}</th>
                <th scope="col">{t('deliveries.duration')}</th>
                <th scope="col">{t('deliveries.response')}</th>
                {canSend ? (
                  <th scope="col">
                    <span className="visually-hidden">{t('deliveries.actions')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {data.results.map((delivery) => (
                <tr key={delivery.id}>
                  <td data-label={t('deliveries.when')}>
                    <time dateTime={delivery.at}>{formatDateTime(delivery.at, preferences)}</time>
                  </td>
                  <td data-label={t('deliveries.event')}>
                    <code>{delivery.event}</code>
                  </td>
                  <td data-label={t('deliveries.attempt')}>{delivery.attempt}</td>
                  <td data-label={t('deliveries.result')}>
                    <span className={`badge badge-${delivery.outcome}`}>
                      {outcomeText(delivery)}
                    </span>
                  </td>
                  <td data-label={t('deliveries.duration')}>
                    {t('deliveries.ms', { ms: delivery.durationMs })}
                  </td>
                  <td data-label={t('deliveries.response')}>
                    <code className="excerpt">{delivery.responseExcerpt}</code>
                  </td>
                  {canSend ? (
                    <td>
                      {delivery.outcome === 'failed' && delivery.event !== 'webhook.test' ? (
                        <button
                          type="button"
                          className="secondary"
                          disabled={busy}
                          onClick={() => void sendAgain(delivery)}
                        >
                          {t('deliveries.again')}
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </TableRegion>
          <ListFooter
            label={t('deliveries.pages')}
            page={data}
            paging={paging}
            pageSizes={[PAGE_SIZE]}
            onPaging={movePaging}
          />
        </>
      )}
    </section>
  );
}
