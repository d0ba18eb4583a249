// /services/license (root): generates a signed license for a tenant — its modules, limits and last
// valid day — shows its text to copy or download, and lists the licenses generated before.
import { useEffect, useId, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { LICENSE_LIMITS, LICENSE_MODULES, formatDateTime } from '@portico/core';
import type { LicenseLimit } from '@portico/core';
import type { LicenseInfo } from '../api-client.ts';
import { formatCount } from '../i18n.ts';
import { lowerFirst } from '../labels.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError, describeFieldError } from '../messages.ts';
import { emptyGeneratorDraft, generatorRequest } from './license-state.ts';
import type { GeneratorDraft, Said } from './license-state.ts';
import { useLimitName, useModuleName, useTenants, TenantOptions } from './license-page.tsx';
import { Field } from './form-parts.tsx';
import { FormError, LoadingHint, StatusLine } from './status-views.tsx';
import { TableRegion } from './table-region.tsx';
import { PageFrame, RefusedPage } from './page-frame.tsx';
import { download as downloadFile } from './download.tsx';
import { loadWhileCurrent } from './load-while-current.ts';
import { useBusyAction } from './use-busy-action.ts';

export function LicenseGeneratorPage() {
  const { api, t, permissions, conceptLabel, preferences, language, user } = useLegacy();
  const title = conceptLabel('LicenseGenerator', 'page.licenseGenerator');
  const formId = useId();
  const allowed = user.isRoot === true && permissions.has('license_generator:u');
  const { tenants, error: tenantsError } = useTenants(allowed);
  const moduleName = useModuleName();
  const limitName = useLimitName();
  const [draft, setDraft] = useState<GeneratorDraft>(() => emptyGeneratorDraft(Date.now()));
  const [problems, setProblems] = useState<Record<string, Said>>({});
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const { busy, error, setError, run } = useBusyAction();
  const [made, setMade] = useState<LicenseInfo | null>(null);
  const [status, setStatus] = useState('');
  const [issued, setIssued] = useState<LicenseInfo[] | null>(null);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    if (!allowed) return;
    return loadWhileCurrent(
      api.issuedLicenses(),
      (page) => setIssued(page.results),
      (caught) => setError(describeError(t, caught)),
    );
  }, [api, allowed, loads, setError, t]);

  const limitsText = (license: LicenseInfo) => {
    const set = LICENSE_LIMITS.filter((limit) => license.limits[limit] !== undefined);
    if (set.length === 0) return t('license.noLimit');
    return set
      .map((limit) => `${limitName(limit)}: ${formatCount(language, license.limits[limit] ?? 0)}`)
      .join(' · ');
  };

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus('');
    setError(null);
    setServerFields({});
    const result = generatorRequest(draft, Date.now());
    if ('problems' in result) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    await run(
      async () => {
        setMade(await api.generateLicense(result.request));
        setLoads((n) => n + 1);
      },
      (caught) => {
        setServerFields((caught as { fields?: Record<string, string> }).fields ?? {});
        return undefined;
      },
    );
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(t('license.copied'));
    } catch {
      setStatus(t('license.copyFailed'));
    }
  }

  function download(license: LicenseInfo) {
    downloadFile(
      new Blob([`${license.text ?? ''}\n`], { type: 'text/plain' }),
      `license-${license.tenantName.replace(/[^\w-]+/g, '-')}-${license.expiresAt.slice(0, 10)}.txt`,
    );
  }

  /** A field's message: the form's own check, else the services' reason. */
  const problemOf = (field: string): string | null => {
    const said = problems[field];
    if (said) return t(said.key, said.values);
    const reason =
      serverFields[field] ?? serverFields[field.startsWith('max') ? `limits.${field}` : field];
    return reason ? describeFieldError(t, undefined, reason) : null;
  };

  if (!allowed) return <RefusedPage title={title} />;

  const tenantField = `${formId}-tenant`;
  const expiryField = `${formId}-expires`;
  const limitsHint = `${formId}-limits-hint`;
  return (
    <PageFrame title={title}>
      <p>{t('license.generateIntro')}</p>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby={`${formId}-legend`}
      >
        <h2 id={`${formId}-legend`}>{t('license.generate')}</h2>
        <Field
          id={tenantField}
          label={t('license.tenant')}
          error={problemOf('tenantId')}
          errorId={`${tenantField}-error`}
          after={tenantsError ? <span className="field-error">{tenantsError}</span> : null}
        >
          {(props) => (
            <select
              {...props}
              value={draft.tenantId}
              disabled={busy}
              onChange={(event) => setDraft({ ...draft, tenantId: event.target.value })}
            >
              <TenantOptions tenants={tenants} />
            </select>
          )}
        </Field>
        <Field
          id={expiryField}
          label={t('license.expiresOn')}
          error={problemOf('expiresOn')}
          errorId={`${expiryField}-error`}
        >
          {(props) => (
            <input
              {...props}
              type="date"
              value={draft.expiresOn}
              disabled={busy}
              onChange={(event) => setDraft({ ...draft, expiresOn: event.target.value })}
            />
          )}
        </Field>
        <fieldset className="license-group">
          <legend>{t('license.modules')}</legend>
          <div className="license-modules">
            {LICENSE_MODULES.map((module) => (
              <label key={module}>
                <input
                  type="checkbox"
                  checked={draft.modules.includes(module)}
                  disabled={busy}
                  onChange={(event) =>
                    setDraft({
                      ...draft,
                      modules: event.target.checked
                        ? [...draft.modules, module]
                        : draft.modules.filter((candidate) => candidate !== module),
                    })
                  }
                />{' '}
                {moduleName(module)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="license-group" aria-describedby={limitsHint}>
          <legend>{t('license.limits')}</legend>
          <p id={limitsHint} className="form-hint">
            {t('license.limitsHint')}
          </p>
          {LICENSE_LIMITS.map((limit: LicenseLimit) => {
            const id = `${formId}-${limit}`;
            return (
              <Field
                key={limit}
                id={id}
                label={t('license.maxOf', { resource: lowerFirst(limitName(limit)) })}
                error={problemOf(limit)}
                errorId={`${id}-error`}
              >
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    value={draft.limits[limit]}
                    disabled={busy}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        limits: { ...draft.limits, [limit]: event.target.value },
                      })
                    }
                  />
                )}
              </Field>
            );
          })}
        </fieldset>
        <div className="toolbar">
          <button type="submit" disabled={busy}>
            {t('license.generateButton')}
          </button>
        </div>
      </form>
      <FormError message={error} />
      {made ? (
        <section aria-labelledby={`${formId}-made`}>
          <h2 id={`${formId}-made`}>{t('license.generated')}</h2>
          <p>
            {t('license.generatedFor', {
              tenant: made.tenantName,
              date: formatDateTime(made.expiresAt, preferences),
            })}
          </p>
          <Field id={`${formId}-text`} label={t('license.text')}>
            {(props) => (
              <textarea
                {...props}
                className="license-text"
                readOnly
                rows={5}
                spellCheck={false}
                value={made.text ?? ''}
                onFocus={(event) => event.currentTarget.select()}
              />
            )}
          </Field>
          <div className="toolbar">
            <button type="button" onClick={() => void copy(made.text ?? '')}>
              {t('license.copy')}
            </button>
            <button type="button" className="secondary" onClick={() => download(made)}>
              {t('license.download')}
            </button>
          </div>
        </section>
      ) : null}
      <StatusLine>{status}</StatusLine>
      <h2>{t('license.issuedList')}</h2>
      {issued === null ? (
        <LoadingHint>{t('license.loading')}</LoadingHint>
      ) : issued.length === 0 ? (
        <p className="form-hint">{t('license.noneIssued')}</p>
      ) : (
        <TableRegion label={t('license.issuedList')} caption={t('license.issuedList')}>
          <thead>
            <tr>
              <th scope="col">{t('license.tenant')}</th>
              <th scope="col">{t('license.expires')}</th>
              <th scope="col">{t('license.limits')}</th>
              <th scope="col">{t('license.issued')}</th>
              <th scope="col">{t('license.status')}</th>
            </tr>
          </thead>
          <tbody>
            {issued.map((license) => (
              <tr key={license.id}>
                <th scope="row">{license.tenantName}</th>
                <td data-label={t('license.expires')}>
                  {formatDateTime(license.expiresAt, preferences)}
                </td>
                <td data-label={t('license.limits')}>{limitsText(license)}</td>
                <td data-label={t('license.issued')}>
                  {t('license.atBy', {
                    time: formatDateTime(license.issuedAt, preferences),
                    name: license.actorName,
                  })}
                </td>
                <td data-label={t('license.status')}>
                  {t(
                    license.status === 'valid' ? 'license.status.valid' : 'license.status.expired',
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
    </PageFrame>
  );
}
