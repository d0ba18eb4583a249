// Tenants → Sites configuration (/tenants/sitesConfiguration, /list, /new, /edit/{id}): the
// tenant's sites (its site-level groups) with their address, time zone, working hours and local
// map. The map image is fetched with the user's token and shown through an object URL (an
// `<img src>` at the API could not send the token).
import { useEffect, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import {
  MAP_UNITS,
  MAX_MAP_IMAGE_BYTES,
  WEEKDAYS,
  checkMapImage,
  countryCodeList,
} from '@portico/core';
import type { MapImageProblem, SiteFieldProblem } from '@portico/core';
import { ApiError } from '../api-client.ts';
import type { SiteDetails, SiteMap, SiteSummary } from '../api-client.ts';
import { lowerFirst } from '../labels.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { PageFrame, RefusedPage } from './page-frame.tsx';
import { ListFooter, usePaging } from './list-footer.tsx';
import { RouteLink } from './route-link.tsx';
import { DraftOffer, Field } from './form-parts.tsx';
import type { FieldInputProps } from './form-parts.tsx';
import { ErrorPanel, FormError, FormSkeleton, NoPermission, StatusLine } from './status-views.tsx';
import { TableRegion } from './table-region.tsx';
import { useUnsavedDraft } from './use-unsaved-draft.ts';
import { formFieldOf, siteBodyOf, siteFormValues } from './sites-state.ts';
import type { SiteFormValues } from './sites-state.ts';
import { loadWhileCurrent } from './load-while-current.ts';
import { useBusyAction } from './use-busy-action.ts';

const BASE = '/tenants/sitesConfiguration';
const PAGE_SIZES = [10, 25, 50] as const;
const NO_SECRETS: ReadonlySet<string> = new Set();
const DASHBOARD = 'sites_configuration_dashboard:x';

/** The page for a sites route: the list, a new site, or one site. */
export function SitesPage({ site }: { site: 'list' | 'new' | number }) {
  if (site === 'list') return <SitesListPage />;
  if (site === 'new') return <NewSitePage />;
  return <SiteEditPage key={site} siteId={site} />;
}

function useSiteWords() {
  const { t, conceptLabel } = useLegacy();
  const title = conceptLabel('SitesConfiguration', 'page.sitesConfiguration');
  const group = lowerFirst(conceptLabel('Group', 'one.group'));
  return { t, title, group };
}

/** A country's name in the reader's language (the code when the runtime has none). */
function useCountryNames() {
  const { language } = useLegacy();
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    } catch {
      names = undefined;
    }
    const name = (code: string) => (code ? (names?.of(code) ?? code) : '');
    const options = countryCodeList()
      .map((code) => ({ code, name: name(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
    return { name, options };
  }, [language]);
}

function SitesListPage() {
  const { api, permissions, navigate } = useLegacy();
  const { t, title, group } = useSiteWords();
  const countries = useCountryNames();
  const searchId = useId();
  const [filter, setFilter] = useState('');
  const [paging, movePaging] = usePaging(PAGE_SIZES[0]);
  const { pageNumber, pageSize } = paging;
  const [page, setPage] = useState<{ total: number; results: SiteSummary[] } | null>(null);
  const [error, setError] = useState('');
  const [reloads, setReloads] = useState(0);
  const canRead = permissions.has('group:r');
  const canCreate = permissions.has('group:u') && permissions.has(DASHBOARD);

  useEffect(() => {
    if (!canRead) return;
    setError('');
    return loadWhileCurrent(
      api.sites({ pageSize, pageNumber, filter, order: 'name:asc' }),
      setPage,
      (caught) => setError(describeError(t, caught)),
    );
  }, [api, canRead, filter, pageNumber, pageSize, reloads, t]);

  if (!canRead) return <RefusedPage title={title} />;
  return (
    <PageFrame title={title}>
      <p className="form-hint">{t('sites.intro', { group })}</p>
      <div className="toolbar">
        <p className="filter">
          <label htmlFor={searchId}>{t('sites.search')}</label>
          <input
            id={searchId}
            type="search"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              movePaging({ pageNumber: 1 });
            }}
          />
        </p>
        {canCreate ? (
          <button type="button" onClick={() => navigate(`${BASE}/new`)}>
            {t('sites.new')}
          </button>
        ) : null}
      </div>
      {error ? (
        <ErrorPanel message={error} onRetry={() => setReloads((n) => n + 1)} />
      ) : !page ? (
        <FormSkeleton label={t('list.loading')} />
      ) : page.results.length === 0 ? (
        <p>{filter ? t('list.noMatch') : t('sites.none', { group })}</p>
      ) : (
        <>
          <TableRegion label={t('list.records')} caption={title}>
            <thead>
              <tr>
                <th scope="col">{t('field.name')}</th>
                <th scope="col">{t('sites.address')}</th>
                <th scope="col">{t('sites.country')}</th>
                <th scope="col">{t('sites.timeZone')}</th>
                <th scope="col">{t('sites.map')}</th>
              </tr>
            </thead>
            <tbody>
              {page.results.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <RouteLink to={`${BASE}/edit/${row.id}`}>{row.name}</RouteLink>
                  </th>
                  <td>
                    {row.configured
                      ? [row.street, [row.postalCode, row.city].filter(Boolean).join(' ')]
                          .filter(Boolean)
                          .join(', ')
                      : t('sites.notConfigured')}
                  </td>
                  <td>{countries.name(row.country)}</td>
                  <td>{row.timeZone}</td>
                  <td>{row.hasMap ? t('sites.hasMap') : t('sites.noMap')}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
          <p className="form-hint">{t('list.total', { count: page.total })}</p>
          <ListFooter
            label={t('sites.pages')}
            page={page}
            paging={paging}
            pageSizes={PAGE_SIZES}
            onPaging={movePaging}
          />
        </>
      )}
    </PageFrame>
  );
}

function NewSitePage() {
  const { api, permissions, navigate, user } = useLegacy();
  const { t, title, group } = useSiteWords();
  const chooseId = useId();
  const nameId = useId();
  const codeId = useId();
  const [free, setFree] = useState<SiteSummary[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [tenant, setTenant] = useState<{ id: number; groupTypeId: unknown } | null>(null);
  const { busy, error, setError, run } = useBusyAction();
  const [fields, setFields] = useState<Record<string, string>>({});
  const canEdit = permissions.has('group:u') && permissions.has(DASHBOARD);
  const canCreate = canEdit && permissions.has('group:i');

  useEffect(() => {
    if (!canEdit) return;
    let active = true;
    api
      .sites({ pageSize: 500, pageNumber: 1, order: 'name:asc' })
      .then((page) => active && setFree(page.results.filter((row) => !row.configured)))
      .catch((caught: unknown) => active && setError(describeError(t, caught)));
    // a new site is made under the user's own tenant (when the user's group is one)
    const own = user.groupId;
    if (own !== undefined)
      void api
        .get('group', own)
        .then((row) => {
          if (active && Number(row.treeLevel) === 2)
            setTenant({ id: row.id, groupTypeId: row.groupTypeId });
        })
        .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [api, canEdit, setError, t, user.groupId]);

  async function create() {
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t('form.required');
    if (!code.trim()) problems.code = t('form.required');
    setFields(problems);
    if (Object.keys(problems).length > 0 || !tenant) return;
    await run(
      async () => {
        const row = await api.create('group', {
          name: name.trim(),
          code: code.trim(),
          parentId: tenant.id,
        });
        navigate(`${BASE}/edit/${row.id}`);
      },
      (caught) => {
        if (caught instanceof ApiError && Object.keys(caught.fields).length > 0)
          setFields(
            Object.fromEntries(Object.keys(caught.fields).map((f) => [f, t('form.fixErrors')])),
          );
        return undefined;
      },
    );
  }

  const heading = t('sites.newTitle', { title });
  if (!canEdit)
    return (
      <PageFrame title={heading}>
        <NoPermission page={title} />
      </PageFrame>
    );
  return (
    <PageFrame title={heading}>
      <p>
        <RouteLink to={`${BASE}/list`}>{t('app.backTo', { page: title })}</RouteLink>
      </p>
      <section aria-labelledby={`${chooseId}-h`} className="site-section">
        <h2 id={`${chooseId}-h`}>{t('sites.chooseTitle', { group })}</h2>
        {free === null && !error ? (
          <FormSkeleton label={t('list.loading')} />
        ) : free && free.length > 0 ? (
          <div className="toolbar">
            <div className="field">
              <label htmlFor={chooseId}>{t('sites.chooseLabel', { group })}</label>
              <select id={chooseId} value={chosen} onChange={(e) => setChosen(e.target.value)}>
                <option value="">{t('form.choose')}</option>
                {free.map((row) => (
                  <option key={row.id} value={row.id}>
                    {row.name}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              disabled={!chosen}
              onClick={() => navigate(`${BASE}/edit/${chosen}`)}
            >
              {t('sites.configure')}
            </button>
          </div>
        ) : (
          <p>{t('sites.allConfigured', { group })}</p>
        )}
      </section>
      {canCreate && tenant ? (
        <section aria-labelledby={`${nameId}-h`} className="site-section">
          <h2 id={`${nameId}-h`}>{t('sites.createTitle', { group })}</h2>
          <Field id={nameId} label={`${t('field.name')} *`} error={fields.name}>
            {(props) => (
              <input
                {...props}
                value={name}
                maxLength={255}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <Field id={codeId} label={`${t('field.code')} *`} error={fields.code}>
            {(props) => (
              <input
                {...props}
                value={code}
                maxLength={255}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
          <div className="form-actions">
            <button type="button" disabled={busy} onClick={() => void create()}>
              {busy ? t('form.saving') : t('sites.createButton', { group })}
            </button>
          </div>
        </section>
      ) : null}
      <FormError message={error} />
    </PageFrame>
  );
}

/** The words of a field's problem. */
function problemWords(t: ReturnType<typeof useLegacy>['t'], problem: SiteFieldProblem): string {
  return t(`sites.problem.${problem}`);
}

/** The object URL of a site's map image, fetched with the token; revoked when it changes. */
export function useMapImageUrl(map: Pick<SiteMap, 'imagePath' | 'imageChecksum'> | null) {
  const { api } = useLegacy();
  const [url, setUrl] = useState<string | null>(null);
  const path = map?.imagePath ?? null;
  const checksum = map?.imageChecksum ?? null;
  useEffect(() => {
    if (!path) {
      setUrl(null);
      return;
    }
    let active = true;
    let made: string | null = null;
    api
      .siteMapImage(path)
      .then((blob) => {
        if (!active) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => active && setUrl(null));
    return () => {
      active = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, path, checksum]);
  return url;
}

function SiteEditPage({ siteId }: { siteId: number }) {
  const { api, permissions, language } = useLegacy();
  const { t, title } = useSiteWords();
  const countries = useCountryNames();
  const formId = useId();
  const [site, setSite] = useState<SiteDetails | null>(null);
  const [values, setValues] = useState<SiteFormValues>({});
  const [pristine, setPristine] = useState<SiteFormValues>({});
  const [loadError, setLoadError] = useState('');
  const [reloads, setReloads] = useState(0);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { busy: saving, error: formError, setError: setFormError, run } = useBusyAction();
  const [status, setStatus] = useState('');
  const canRead = permissions.has('group:r');
  const canEdit = permissions.has('group:u') && permissions.has(DASHBOARD);
  const canMap = permissions.has('localmap:u') && permissions.has(DASHBOARD);
  const canRemoveMap = permissions.has('localmap:d') && permissions.has(DASHBOARD);

  useEffect(() => {
    if (!canRead) return;
    setLoadError('');
    return loadWhileCurrent(
      api.site(siteId),
      (answer) => {
        const loaded = siteFormValues(answer);
        setSite(answer);
        setValues(loaded);
        setPristine(loaded);
      },
      (caught) => setLoadError(describeError(t, caught)),
    );
  }, [api, canRead, siteId, reloads, t]);

  const draft = useUnsavedDraft({
    ready: site !== null,
    editable: canEdit,
    values,
    pristine,
    secret: NO_SECRETS,
  });
  const weekdayName = useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    // 1 January 2024 was a Monday
    return (index: number) => format.format(new Date(Date.UTC(2024, 0, 1 + index)));
  }, [language]);
  const timeZones = useMemo(() => {
    try {
      return Intl.supportedValuesOf('timeZone');
    } catch {
      return [];
    }
  }, []);

  const set = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setStatus('');
  };
  const withMap = Boolean(site?.map) && canMap;

  async function save() {
    const checked = siteBodyOf(values, withMap);
    if (!checked.ok) {
      setProblems(
        Object.fromEntries(
          Object.entries(checked.problems).map(([field, problem]) => [
            field,
            problemWords(t, problem),
          ]),
        ),
      );
      setFormError(t('form.fixErrors'));
      return;
    }
    setProblems({});
    await run(
      async () => {
        const answer = await api.saveSite(siteId, checked.body);
        const loaded = siteFormValues(answer);
        setSite(answer);
        setValues(loaded);
        setPristine(loaded);
        setStatus(t('sites.saved'));
      },
      (caught) => {
        if (caught instanceof ApiError && Object.keys(caught.fields).length > 0)
          setProblems(
            Object.fromEntries(
              Object.entries(caught.fields).map(([field, message]) => [
                formFieldOf(field),
                message,
              ]),
            ),
          );
        return undefined;
      },
    );
  }

  const heading = site ? t('form.titleWithName', { title, name: site.name }) : title;
  if (!canRead) return <RefusedPage title={title} />;
  const field: FieldRenderer = (name, label, input, hint) => (
    <Field
      id={`${formId}-${name.replace('.', '-')}`}
      label={label}
      hint={hint}
      error={problems[name]}
    >
      {input}
    </Field>
  );
  const text = (name: string, label: string, extra: { maxLength?: number; hint?: string } = {}) =>
    field(
      name,
      label,
      (props) => (
        <input
          {...props}
          value={values[name] ?? ''}
          maxLength={extra.maxLength}
          disabled={!canEdit}
          onChange={(e) => set(name, e.target.value)}
        />
      ),
      extra.hint,
    );

  return (
    <PageFrame title={heading}>
      <p>
        <RouteLink to={`${BASE}/list`}>{t('app.backTo', { page: title })}</RouteLink>
      </p>
      {loadError ? (
        <ErrorPanel message={loadError} onRetry={() => setReloads((n) => n + 1)} />
      ) : !site ? (
        <FormSkeleton label={t('form.loading')} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <DraftOffer id={`${formId}-draft`} draft={draft} values={values} onRestore={setValues} />
          <fieldset className="site-section">
            <legend>{t('sites.address')}</legend>
            {text('street', t('sites.street'), { maxLength: 200 })}
            <div className="site-row">
              {text('postalCode', t('sites.postalCode'), { maxLength: 12 })}
              {text('city', t('sites.city'), { maxLength: 100 })}
            </div>
            {field('country', t('sites.country'), (props) => (
              <select
                {...props}
                value={values.country ?? ''}
                disabled={!canEdit}
                onChange={(e) => set('country', e.target.value)}
              >
                <option value="">{t('form.choose')}</option>
                {countries.options.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
            ))}
            {field(
              'timeZone',
              t('sites.timeZone'),
              (props) => (
                <>
                  <input
                    {...props}
                    list={`${formId}-zones`}
                    value={values.timeZone ?? ''}
                    disabled={!canEdit}
                    autoComplete="off"
                    onChange={(e) => set('timeZone', e.target.value)}
                  />
                  <datalist id={`${formId}-zones`}>
                    {timeZones.map((zone) => (
                      <option key={zone} value={zone} />
                    ))}
                  </datalist>
                </>
              ),
              t('sites.timeZoneHint'),
            )}
          </fieldset>
          <fieldset className="site-section">
            <legend>{t('sites.hours')}</legend>
            <p className="form-hint">{t('sites.hoursHint')}</p>
            <TableRegion
              label={t('sites.hours')}
              caption={t('sites.hours')}
              className="resource-table site-hours"
            >
              <thead>
                <tr>
                  <th scope="col">{t('sites.day')}</th>
                  <th scope="col">{t('sites.openDay')}</th>
                  <th scope="col">{t('sites.opens')}</th>
                  <th scope="col">{t('sites.closes')}</th>
                </tr>
              </thead>
              <tbody>
                {WEEKDAYS.map((day, index) => {
                  const dayName = weekdayName(index);
                  const closed = values[`${day}.closed`] === 'true';
                  const problem = problems[day];
                  const errorId = `${formId}-${day}-e`;
                  const described = problem ? { 'aria-describedby': errorId } : {};
                  return (
                    <tr key={day}>
                      <th scope="row">{dayName}</th>
                      <td>
                        <input
                          type="checkbox"
                          checked={!closed}
                          disabled={!canEdit}
                          aria-label={t('sites.openOn', { day: dayName })}
                          onChange={(e) => {
                            set(`${day}.closed`, e.target.checked ? 'false' : 'true');
                            if (e.target.checked && !values[`${day}.open`]) {
                              set(`${day}.open`, '08:00');
                              set(`${day}.close`, '17:00');
                            }
                          }}
                        />
                      </td>
                      {(['open', 'close'] as const).map((edge) => (
                        <td key={edge}>
                          <input
                            type="time"
                            value={values[`${day}.${edge}`] ?? ''}
                            disabled={!canEdit || closed}
                            aria-label={t(edge === 'open' ? 'sites.opensOn' : 'sites.closesOn', {
                              day: dayName,
                            })}
                            aria-invalid={problem ? true : undefined}
                            {...described}
                            onChange={(e) => set(`${day}.${edge}`, e.target.value)}
                          />
                          {edge === 'close' && problem ? (
                            <span id={errorId} className="field-error">
                              {problem}
                            </span>
                          ) : null}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </TableRegion>
          </fieldset>
          <MapSection
            site={site}
            canMap={canMap}
            canRemove={canRemoveMap}
            field={field}
            values={values}
            onValue={set}
            onMapChanged={(map) => {
              const next = { ...site, map };
              setSite(next);
              // the placement of a new map is the services' default until someone changes it
              const loaded = siteFormValues(next);
              const keep = Object.fromEntries(
                Object.entries(values).filter(([name]) => !name.startsWith('map.')),
              );
              setValues({ ...loaded, ...keep });
              setPristine((current) => ({
                ...Object.fromEntries(
                  Object.entries(current).filter(([name]) => !name.startsWith('map.')),
                ),
                ...Object.fromEntries(
                  Object.entries(loaded).filter(([name]) => name.startsWith('map.')),
                ),
              }));
            }}
          />
          <FormError message={formError} />
          <StatusLine>{status}</StatusLine>
          {canEdit ? (
            <div className="form-actions">
              <button type="submit" disabled={saving} aria-busy={saving || undefined}>
                {saving ? t('form.saving') : t('form.save')}
              </button>
            </div>
          ) : null}
        </form>
      )}
    </PageFrame>
  );
}

type FieldRenderer = (
  name: string,
  label: string,
  input: (props: FieldInputProps) => ReactNode,
  hint?: string,
) => ReactNode;

function MapSection({
  site,
  canMap,
  canRemove,
  field,
  values,
  onValue,
  onMapChanged,
}: {
  site: SiteDetails;
  canMap: boolean;
  canRemove: boolean;
  field: FieldRenderer;
  values: SiteFormValues;
  onValue: (name: string, value: string) => void;
  onMapChanged: (map: SiteMap | null) => void;
}) {
  const { api, t } = useLegacy();
  const fileId = useId();
  const url = useMapImageUrl(site.map);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);

  async function choose(chosen: File | null) {
    setFile(null);
    setFileProblem('');
    setMessage('');
    if (!chosen) return;
    if (chosen.size > MAX_MAP_IMAGE_BYTES) {
      setFileProblem(t('sites.imageTooLarge'));
      return;
    }
    const check = checkMapImage(new Uint8Array(await chosen.arrayBuffer()));
    if (!check.ok) {
      setFileProblem(imageProblemWords(t, check.problem));
      return;
    }
    setFile(chosen);
  }

  async function upload() {
    if (!file) return;
    setBusy(true);
    setMessage('');
    try {
      const map = await api.uploadSiteMap(site.id, file);
      onMapChanged(map);
      setFile(null);
      setMessage(t('sites.mapUploaded'));
    } catch (caught) {
      const problem =
        caught instanceof ApiError && typeof caught.details.problem === 'string'
          ? imageProblemWords(t, caught.details.problem as MapImageProblem)
          : caught instanceof ApiError && caught.status === 413
            ? t('sites.imageTooLarge')
            : describeError(t, caught);
      setFileProblem(problem);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await api.removeSiteMap(site.id);
      setConfirming(false);
      onMapChanged(null);
      setMessage(t('sites.mapRemoved'));
    } catch (caught) {
      setMessage(describeError(t, caught));
    } finally {
      setBusy(false);
    }
  }

  const map = site.map;
  const number = (name: string, label: string, hint?: string) =>
    field(
      `map.${name}`,
      label,
      (props) => (
        <input
          {...props}
          type="number"
          inputMode="decimal"
          step="any"
          value={values[`map.${name}`] ?? ''}
          disabled={!canMap}
          onChange={(e) => onValue(`map.${name}`, e.target.value)}
        />
      ),
      hint,
    );
  return (
    <fieldset className="site-section">
      <legend>{t('sites.map')}</legend>
      {map ? (
        <>
          <figure className="site-map-preview">
            {url ? (
              <img src={url} alt={t('sites.mapAlt', { name: site.name })} />
            ) : (
              <span className="form-hint">{t('app.loading')}</span>
            )}
            <figcaption className="form-hint">
              {t('sites.mapFacts', {
                width: map.pixelWidth,
                height: map.pixelHeight,
                size: Math.max(1, Math.round(map.imageBytes / 1024)),
              })}
            </figcaption>
          </figure>
          <div className="site-row">
            {number('imageWidth', t('sites.mapWidth'))}
            {number('imageHeight', t('sites.mapHeight'))}
            {field('map.imageUnit', t('sites.mapUnit'), (props) => (
              <select
                {...props}
                value={values['map.imageUnit'] ?? 'm'}
                disabled={!canMap}
                onChange={(e) => onValue('map.imageUnit', e.target.value)}
              >
                {MAP_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {t(`sites.unit.${unit}`)}
                  </option>
                ))}
              </select>
            ))}
          </div>
          <div className="site-row">
            {number('latOrigin', t('sites.latOrigin'), t('sites.originHint'))}
            {number('lonOrigin', t('sites.lonOrigin'))}
            {number('declination', t('sites.declination'))}
          </div>
        </>
      ) : (
        <p>{t('sites.noMapYet')}</p>
      )}
      {canMap ? (
        <Field
          id={fileId}
          label={map ? t('sites.replaceMap') : t('sites.uploadMap')}
          hint={t('sites.imageHint')}
          error={fileProblem}
          errorRole="alert"
        >
          {(props) => (
            <input
              {...props}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(e) => void choose(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      ) : null}
      <div className="toolbar">
        {canMap ? (
          <button
            type="button"
            className="secondary"
            disabled={!file || busy}
            onClick={() => void upload()}
          >
            {busy && file ? t('form.saving') : t('sites.uploadButton')}
          </button>
        ) : null}
        {map && canRemove ? (
          confirming ? (
            <div className="confirm" role="group" aria-labelledby={`${fileId}-c`}>
              <p id={`${fileId}-c`}>{t('sites.removeConfirm')}</p>
              <button
                type="button"
                className="danger"
                disabled={busy}
                onClick={() => void remove()}
              >
                {t('sites.removeMap')}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                {t('form.cancel')}
              </button>
            </div>
          ) : (
            <button type="button" className="secondary" onClick={() => setConfirming(true)}>
              {t('sites.removeMap')}
            </button>
          )
        ) : null}
      </div>
      <StatusLine>{message}</StatusLine>
    </fieldset>
  );
}

function imageProblemWords(t: ReturnType<typeof useLegacy>['t'], problem: MapImageProblem) {
  return t(`sites.image.${problem}`);
}
