// /tenants/license: the tenant's installed license (what it grants, until when), its use of each
// limit, and installing a license (pasted, or read from its file). Root chooses the tenant first.
import { useEffect, useId, useState } from 'react';
import type { ChangeEvent, SyntheticEvent } from 'react';
import { LICENSE_LIMITED_RESOURCES, LICENSE_MODULES, formatDateTime } from '@portico/core';
import type { LicenseLimit } from '@portico/core';
import type { ApiRow, LicenseInfo, LicenseState } from '../api-client.ts';
import { formatCount } from '../i18n.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import { MODULES } from '../routes.ts';
import { installRefusal, roomLeft } from './license-state.ts';
import { Field } from './form-parts.tsx';
import { ActionOutcome, LoadFailed, LoadingHint, NoPermission } from './status-views.tsx';
import { TableRegion } from './table-region.tsx';
import { PageFrame } from './page-frame.tsx';
import { useReload } from './use-reload.ts';
import { loadWhileCurrent } from './load-while-current.ts';
import { useBusyAction } from './use-busy-action.ts';

/** The options of a "choose a tenant" select: an empty choice, then each tenant by name. */
export function TenantOptions({ tenants }: { tenants: readonly ApiRow[] }) {
  const { t } = useLegacy();
  return (
    <>
      <option value="">{t('license.chooseTenant')}</option>
      {tenants.map((tenant) => (
        <option key={tenant.id} value={tenant.id}>
          {String(tenant.name)}
        </option>
      ))}
    </>
  );
}

/** The tenants root may choose from (tree level 2), by name; none for a tenant's own user. */
export function useTenants(enabled: boolean): { tenants: ApiRow[]; error: string | null } {
  const { api, t } = useLegacy();
  const [tenants, setTenants] = useState<ApiRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    return loadWhileCurrent(
      api.list('group', {
        pageSize: 200,
        pageNumber: 1,
        order: 'name:asc',
        filters: { treeLevel: '2' },
      }),
      (page) => setTenants(page.results),
      (caught) => setError(describeError(t, caught)),
    );
  }, [api, enabled, t]);
  return { tenants, error };
}

/** The name of a licensed module in the tenant's words. */
export function useModuleName(): (key: string) => string {
  const { conceptLabel } = useLegacy();
  return (key) => {
    const module = MODULES.find((candidate) => candidate.key === key);
    return module ? conceptLabel(module.concept, module.label) : key;
  };
}

/** A limit's name: the resource it counts, in the tenant's words ("Assets"). */
export function useLimitName(): (limit: LicenseLimit) => string {
  const { resourceLabel } = useLegacy();
  return (limit) => {
    const resource = RESOURCES[LICENSE_LIMITED_RESOURCES[limit]];
    return resource ? resourceLabel(resource) : limit;
  };
}

function LicenseDetails({ license }: { license: LicenseInfo }) {
  const { t, preferences } = useLegacy();
  const moduleName = useModuleName();
  const rows: Array<[string, string]> = [
    [
      t('license.status'),
      t(license.status === 'valid' ? 'license.status.valid' : 'license.status.expired'),
    ],
    [t('license.expires'), formatDateTime(license.expiresAt, preferences)],
    [
      t('license.modules'),
      license.modules.length > 0
        ? [...license.modules]
            .sort((a, b) => LICENSE_MODULES.indexOf(a) - LICENSE_MODULES.indexOf(b))
            .map(moduleName)
            .join(', ')
        : t('license.noModules'),
    ],
    [t('license.issued'), formatDateTime(license.issuedAt, preferences)],
    [
      t('license.installedBy'),
      t('license.atBy', { time: formatDateTime(license.at, preferences), name: license.actorName }),
    ],
    [t('license.id'), license.id],
  ];
  return (
    <dl className="details">
      {rows.map(([term, value]) => (
        <div className="detail" key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function UsageTable({ state }: { state: LicenseState }) {
  const { t, language } = useLegacy();
  const limitName = useLimitName();
  const count = (n: number) => formatCount(language, n);
  return (
    <TableRegion label={t('license.usage')} caption={t('license.usage')}>
      <thead>
        <tr>
          <th scope="col">{t('license.limit')}</th>
          <th scope="col">{t('license.inUse')}</th>
          <th scope="col">{t('license.maximum')}</th>
          <th scope="col">{t('license.left')}</th>
        </tr>
      </thead>
      <tbody>
        {state.usage.map((row) => {
          const left = roomLeft(row.used, row.max);
          return (
            <tr key={row.limit}>
              <th scope="row">{limitName(row.limit)}</th>
              <td data-label={t('license.inUse')}>{count(row.used)}</td>
              <td data-label={t('license.maximum')}>
                {row.max === null ? t('license.noLimit') : count(row.max)}
              </td>
              <td data-label={t('license.left')}>
                {left === null
                  ? t('license.noLimit')
                  : left >= 0
                    ? count(left)
                    : t('license.over', { count: -left })}
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableRegion>
  );
}

export function LicensePage() {
  const { api, t, permissions, conceptLabel, user } = useLegacy();
  const title = conceptLabel('Licenses', 'page.license');
  const formId = useId();
  const canRead = permissions.has('license:r');
  const canInstall = permissions.has('license:u');
  const isRoot = canRead && user.isRoot === true;
  const { tenants, error: tenantsError } = useTenants(isRoot);
  const [tenantId, setTenantId] = useState<number | undefined>(undefined);
  const [state, setState] = useState<LicenseState | null>(null);
  const { loads, loadError, setLoadError, retry } = useReload();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const { busy, error, setError, run } = useBusyAction();

  useEffect(() => {
    if (!canRead || (isRoot && tenantId === undefined)) return;
    return loadWhileCurrent(api.license(isRoot ? tenantId : undefined), setState, (caught) =>
      setLoadError(describeError(t, caught)),
    );
  }, [api, setLoadError, canRead, isRoot, tenantId, loads, t]);

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      setText(await file.text());
      setTextError(null);
    } catch {
      setTextError(t('license.fileUnreadable'));
    }
  }

  async function install(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus('');
    setError(null);
    if (text.trim() === '') {
      setTextError(t('license.refused.empty'));
      return;
    }
    setTextError(null);
    await run(
      async () => {
        setState(await api.installLicense(text, isRoot ? tenantId : undefined));
        setText('');
        setStatus(t('license.installedOk'));
      },
      (caught) => {
        const refusal = installRefusal(caught);
        if (!refusal) return undefined;
        setTextError(t(refusal.key, refusal.values));
        return null;
      },
    );
  }

  const tenantPicker = isRoot ? (
    <div className="field">
      <label htmlFor={`${formId}-tenant`}>{t('license.tenant')}</label>
      <select
        id={`${formId}-tenant`}
        value={tenantId ?? ''}
        onChange={(event) => {
          setState(null);
          setLoadError(null);
          setStatus('');
          setTextError(null);
          setTenantId(event.target.value === '' ? undefined : Number(event.target.value));
        }}
      >
        <TenantOptions tenants={tenants} />
      </select>
      {tenantsError ? <p className="form-error">{tenantsError}</p> : null}
    </div>
  ) : null;

  let content;
  if (!canRead) content = <NoPermission page={title} />;
  else if (loadError) content = <LoadFailed message={loadError} onRetry={retry} />;
  else if (isRoot && tenantId === undefined) content = null;
  else if (!state) content = <LoadingHint>{t('license.loading')}</LoadingHint>;
  else {
    content = (
      <>
        <p>{t('license.intro', { tenant: state.tenant.name })}</p>
        <h2>{t('license.installed')}</h2>
        {state.license ? (
          <LicenseDetails license={state.license} />
        ) : (
          <p>{t('license.none', { tenant: state.tenant.name })}</p>
        )}
        <h2>{t('license.usage')}</h2>
        <UsageTable state={state} />
        {canInstall ? (
          <form
            onSubmit={(event) => void install(event)}
            noValidate
            aria-labelledby={`${formId}-install`}
          >
            <h2 id={`${formId}-install`}>{t('license.install')}</h2>
            <Field
              id={`${formId}-text`}
              label={t('license.text')}
              hint={t('license.textHint')}
              hintId={`${formId}-text-hint`}
              error={textError}
              errorId={`${formId}-text-error`}
              errorRole="alert"
            >
              {(props) => (
                <textarea
                  {...props}
                  className="license-text"
                  rows={5}
                  spellCheck={false}
                  autoComplete="off"
                  value={text}
                  disabled={busy}
                  onChange={(event) => setText(event.target.value)}
                />
              )}
            </Field>
            <Field id={`${formId}-file`} label={t('license.file')}>
              {(props) => (
                <input
                  {...props}
                  type="file"
                  accept=".txt,.lic,.license,text/plain"
                  disabled={busy}
                  onChange={(event) => void readFile(event)}
                />
              )}
            </Field>
            <div className="toolbar">
              <button type="submit" disabled={busy}>
                {t('license.installButton')}
              </button>
            </div>
          </form>
        ) : null}
        <ActionOutcome status={status} error={error} />
      </>
    );
  }

  return (
    <PageFrame title={title}>
      {tenantPicker}
      {content}
    </PageFrame>
  );
}
