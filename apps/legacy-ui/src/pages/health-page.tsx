// /healthandstatus: for root, what /readyz checks, this instance (version, uptime, workers, cache
// bus, request rate and p99) and every tenant's usage; for a tenant's administrator, the tenant's
// own usage. Read again every few seconds while the page is shown (paused on request, and while
// the browser tab is hidden).
import { useEffect, useState } from 'react';
import type { StatusAnswer, TenantUsage } from '../api-client.ts';
import { formatCount, isMessageKey } from '../i18n.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import { ErrorPanel, FormSkeleton } from './status-views.tsx';
import { TableRegion } from './table-region.tsx';

/** How often the page reads the status again. */
export const HEALTH_REFRESH_MS = 5_000;

/** The counted kinds, in the order of the columns, with the resource that names them. */
const COUNTS = [
  ['things', 'thing'],
  ['thingTypes', 'thingType'],
  ['zones', 'zone'],
  ['users', 'user'],
  ['roles', 'role'],
  ['connections', 'connection'],
  ['reportDefinitions', 'reportDefinition'],
] as const;

function UsageTable({ tenants }: { tenants: TenantUsage[] }) {
  const { t, language, resourceLabel } = useLegacy();
  const label = (resource: string) => {
    const def = RESOURCES[resource];
    return def ? resourceLabel(def) : resource;
  };
  return (
    <TableRegion label={t('health.usage')} caption={t('health.usage')} plain>
      <thead>
        <tr>
          <th scope="col">{t('health.tenant')}</th>
          <th scope="col">{label('group')}</th>
          {COUNTS.map(([key, resource]) => (
            <th scope="col" key={key}>
              {label(resource)}
            </th>
          ))}
          <th scope="col">{t('health.activeSessions')}</th>
        </tr>
      </thead>
      <tbody>
        {tenants.map((entry) => (
          <tr key={entry.tenant.id}>
            <th scope="row">{entry.tenant.name}</th>
            <td>{formatCount(language, entry.groups)}</td>
            {COUNTS.map(([key]) => (
              <td key={key}>{formatCount(language, entry.counts[key] ?? 0)}</td>
            ))}
            <td>{formatCount(language, entry.activeSessions)}</td>
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}

function uptime(t: ReturnType<typeof useLegacy>['t'], seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return t('health.uptimeValue', { days, hours, minutes });
}

export function HealthPage() {
  const { t, api, language, conceptLabel } = useLegacy();
  const [answer, setAnswer] = useState<StatusAnswer | null>(null);
  const [error, setError] = useState('');
  const [paused, setPaused] = useState(false);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = () => {
      if (!current) return;
      if (document.visibilityState === 'hidden') {
        timer = setTimeout(read, HEALTH_REFRESH_MS);
        return;
      }
      api
        .status()
        .then((next) => {
          if (!current) return;
          setAnswer(next);
          setError('');
          setUpdatedAt(new Date());
        })
        .catch((caught: unknown) => {
          if (current) setError(describeError(t, caught));
        })
        .finally(() => {
          if (current && !paused) timer = setTimeout(read, HEALTH_REFRESH_MS);
        });
    };
    read();
    return () => {
      current = false;
      if (timer !== null) clearTimeout(timer);
    };
  }, [api, t, paused, reloads]);

  const time = updatedAt
    ? new Intl.DateTimeFormat(language, { timeStyle: 'medium' }).format(updatedAt)
    : '';
  const checkName = (name: string) => {
    const key = `health.check.${name}`;
    return isMessageKey(key) ? t(key) : name;
  };
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        {conceptLabel('HealthAndStatus', 'page.healthandstatus')}
      </h1>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => setPaused((value) => !value)}>
          {paused ? t('health.resume') : t('health.pause')}
        </button>
        <button type="button" className="secondary" onClick={() => setReloads((n) => n + 1)}>
          {t('health.refresh')}
        </button>
        <span className="form-hint">
          {time ? t(paused ? 'health.pausedAt' : 'health.updatedAt', { time }) : null}
        </span>
      </div>
      {error ? <ErrorPanel message={error} onRetry={() => setReloads((n) => n + 1)} /> : null}
      {!answer ? (
        error ? null : (
          <FormSkeleton label={t('health.loading')} />
        )
      ) : answer.scope === 'platform' ? (
        <>
          <h2>{t('health.readiness')}</h2>
          <p role="status">{answer.ready ? t('health.ready') : t('health.notReady')}</p>
          <ul className="health-checks">
            {answer.checks.map((check) => (
              <li key={check.name} className={check.ok ? 'check-ok' : 'check-failed'}>
                <strong>
                  {checkName(check.name)}: {check.ok ? t('health.ok') : t('health.failed')}
                </strong>{' '}
                <span>{check.detail}</span>
              </li>
            ))}
          </ul>
          <h2>{t('health.instances')}</h2>
          <TableRegion label={t('health.instances')} caption={t('health.instances')} plain>
            <thead>
              <tr>
                <th scope="col">{t('health.instance')}</th>
                <th scope="col">{t('health.version')}</th>
                <th scope="col">{t('health.uptime')}</th>
                <th scope="col">{t('health.workers')}</th>
                <th scope="col">{t('health.cacheBus')}</th>
                <th scope="col">{t('health.rate')}</th>
                <th scope="col">{t('health.p99')}</th>
                <th scope="col">{t('health.requests')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.instances.map((instance) => (
                <tr key={instance.id}>
                  <th scope="row">
                    {instance.id} ({instance.database})
                  </th>
                  <td>
                    {instance.version.displayVersion} · {instance.version.commit.slice(0, 12)}
                  </td>
                  <td>{uptime(t, instance.uptimeSeconds)}</td>
                  <td>{formatCount(language, instance.workers)}</td>
                  <td>
                    {instance.cacheBus === 'listening'
                      ? t('health.listening')
                      : t('health.notListening')}
                  </td>
                  <td>
                    {instance.requestsPerSecond === null
                      ? t('health.measuring')
                      : t('health.perSecond', { count: instance.requestsPerSecond })}
                  </td>
                  <td>
                    {instance.p99Ms === null
                      ? '—'
                      : t('health.milliseconds', { count: instance.p99Ms })}
                  </td>
                  <td>{formatCount(language, instance.requests)}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
          <h2>{t('health.usage')}</h2>
          <UsageTable tenants={answer.tenants} />
        </>
      ) : (
        <>
          <h2>{t('health.usage')}</h2>
          <p>{t('health.tenantIntro')}</p>
          <UsageTable tenants={answer.tenants} />
        </>
      )}
    </section>
  );
}
