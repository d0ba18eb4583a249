// /services/versioning: snapshots of the tenant's configuration — take one (with a note), compare
// one with now or another snapshot (field by field), export it as JSON and restore it (the plan is
// shown first; a restore never deletes and keeps a "before restore" snapshot).
// /services/versioning/definition: which kinds are versioned and what a snapshot holds of each.
import { useEffect, useId, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { SNAPSHOT_NOTE_MAX, VERSIONED_KINDS, formatDateTime } from '@portico/core';
import type { KindDiff, RestorePlan, VersionedKindName } from '@portico/core';
import type { ConfigVersion } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { formatCount } from '../i18n.ts';
import { RESOURCES } from '../resources.ts';
import { ConfirmActions, Field } from './form-parts.tsx';
import { ActionOutcome, LoadFailed, LoadingHint, NoPermission } from './status-views.tsx';
import { TableRegion } from './table-region.tsx';
import { kindsWithChanges, planTotals, shownValue } from './versioning-state.ts';
import { PageFrame } from './page-frame.tsx';
import { RouteLink } from './route-link.tsx';
import { download } from './download.tsx';
import { useReload } from './use-reload.ts';
import { loadWhileCurrent } from './load-while-current.ts';
import { useBusyAction } from './use-busy-action.ts';

const KIND_RESOURCE: Record<VersionedKindName, string | null> = {
  groupFields: null,
  roles: 'role',
  thingTypes: 'thingType',
  zoneTypes: 'zoneType',
  reportDefinitions: 'reportDefinition',
};

function useKindLabel() {
  const { t, resourceLabel } = useLegacy();
  return (kind: VersionedKindName) => {
    const resource = KIND_RESOURCE[kind];
    const def = resource ? RESOURCES[resource] : undefined;
    return def ? resourceLabel(def) : t('versioning.kind.groupFields');
  };
}

function Value({ value }: { value: unknown }) {
  const { t } = useLegacy();
  const shown = shownValue(value);
  return shown === null ? <em>{t('versioning.none')}</em> : <code>{shown}</code>;
}

function DiffView({ diff }: { diff: readonly KindDiff[] }) {
  const { t } = useLegacy();
  const kindLabel = useKindLabel();
  const kinds = kindsWithChanges(diff);
  if (kinds.length === 0) return <p className="form-hint">{t('versioning.same')}</p>;
  return (
    <>
      {kinds.map((d) => (
        <div key={d.kind}>
          <h3>{kindLabel(d.kind)}</h3>
          {d.added.length ? (
            <p>
              {t('versioning.added')} {d.added.map((r) => r.name).join(', ')}
            </p>
          ) : null}
          {d.removed.length ? (
            <p>
              {t('versioning.removed')} {d.removed.map((r) => r.name).join(', ')}
            </p>
          ) : null}
          {d.changed.length ? (
            <TableRegion label={kindLabel(d.kind)} caption={t('versioning.changed')}>
              <thead>
                <tr>
                  <th scope="col">{t('versioning.record')}</th>
                  <th scope="col">{t('versioning.field')}</th>
                  <th scope="col">{t('versioning.before')}</th>
                  <th scope="col">{t('versioning.after')}</th>
                </tr>
              </thead>
              <tbody>
                {d.changed.flatMap((record) =>
                  record.changes.map((change) => (
                    <tr key={`${record.key}-${change.field}`}>
                      <td data-label={t('versioning.record')}>{record.name}</td>
                      <td data-label={t('versioning.field')}>{change.field}</td>
                      <td data-label={t('versioning.before')}>
                        <Value value={change.before} />
                      </td>
                      <td data-label={t('versioning.after')}>
                        <Value value={change.after} />
                      </td>
                    </tr>
                  )),
                )}
              </tbody>
            </TableRegion>
          ) : null}
        </div>
      ))}
    </>
  );
}

export function VersioningPage() {
  const { api, t, permissions, conceptLabel, preferences, language } = useLegacy();
  const title = conceptLabel('Versioning', 'page.versioning');
  const noteId = useId();
  const compareId = useId();
  const [versions, setVersions] = useState<ConfigVersion[] | null>(null);
  const { loads, loadError, setLoadError, reload, retry } = useReload();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const { busy, error, run } = useBusyAction();
  const [status, setStatus] = useState('');
  const [comparing, setComparing] = useState<{
    id: number;
    other: 'now' | number;
    diff: KindDiff[];
  } | null>(null);
  const [restoring, setRestoring] = useState<{ id: number; plan: RestorePlan[] } | null>(null);
  const canRead = permissions.has('versioning:r');
  const canTake = permissions.has('versioning:i');
  const canRestore = permissions.has('versioning:u');

  useEffect(() => {
    if (!canRead) return;
    return loadWhileCurrent(
      api.configVersions(),
      (answer) => setVersions(answer.results),
      (caught) => setLoadError(describeError(t, caught)),
    );
  }, [api, setLoadError, canRead, loads, t]);

  const label = (version: Pick<ConfigVersion, 'id' | 'note'>) =>
    version.note
      ? t('versioning.numbered', { number: version.id, text: version.note })
      : `#${version.id}`;

  function act(work: () => Promise<void>) {
    setStatus('');
    return run(work);
  }

  function take(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = note.trim();
    if (text.length > SNAPSHOT_NOTE_MAX) {
      setNoteError(t('versioning.noteTooLong', { max: SNAPSHOT_NOTE_MAX }));
      return;
    }
    setNoteError(null);
    void act(async () => {
      const taken = await api.takeConfigVersion(text);
      setNote('');
      setStatus(t('versioning.taken', { number: taken.id }));
      reload();
    });
  }

  const compare = (id: number, other: 'now' | number) =>
    act(async () => {
      const answer = await api.compareConfigVersion(id, other);
      setRestoring(null);
      setComparing({ id, other, diff: answer.diff });
    });

  const planRestore = (id: number) =>
    act(async () => {
      const answer = await api.configRestorePlan(id);
      setComparing(null);
      setRestoring({ id, plan: answer.plan });
    });

  const restore = (id: number) =>
    act(async () => {
      const answer = await api.restoreConfigVersion(id);
      const totals = planTotals(answer.plan);
      setRestoring(null);
      setStatus(
        t('versioning.restored', {
          number: id,
          count: answer.beforeRestore,
          counts: t('versioning.totals', {
            value: formatCount(language, totals.update),
            min: formatCount(language, totals.recreate),
            max: formatCount(language, totals.keep),
          }),
        }),
      );
      reload();
    });

  const definition = '/services/versioning/definition';
  let content;
  if (!canRead) content = <NoPermission page={title} />;
  else if (loadError) content = <LoadFailed message={loadError} onRetry={retry} />;
  else if (!versions) content = <LoadingHint>{t('versioning.loading')}</LoadingHint>;
  else {
    const restoringTotals = restoring ? planTotals(restoring.plan) : null;
    content = (
      <>
        <p>
          {t('versioning.intro')}{' '}
          <RouteLink to={definition}>{t('page.versioningDefinition')}</RouteLink>
        </p>
        {canTake ? (
          <form onSubmit={take} noValidate className="toolbar">
            <Field
              id={noteId}
              label={t('versioning.note')}
              error={noteError}
              errorId={`${noteId}-error`}
            >
              {(props) => (
                <input
                  {...props}
                  type="text"
                  autoComplete="off"
                  value={note}
                  maxLength={SNAPSHOT_NOTE_MAX + 1}
                  disabled={busy}
                  onChange={(event) => setNote(event.target.value)}
                />
              )}
            </Field>
            <button type="submit" disabled={busy}>
              {t('versioning.take')}
            </button>
          </form>
        ) : null}
        <ActionOutcome status={status} error={error} />
        {restoring && restoringTotals ? (
          <div className="confirm" role="group" aria-labelledby="restore-plan">
            <h2 id="restore-plan">
              {t('versioning.restoreTitle', {
                text: label(
                  versions.find((v) => v.id === restoring.id) ?? { id: restoring.id, note: '' },
                ),
              })}
            </h2>
            <p>
              {t('versioning.plan', {
                counts: t('versioning.totals', {
                  value: formatCount(language, restoringTotals.update),
                  min: formatCount(language, restoringTotals.recreate),
                  max: formatCount(language, restoringTotals.keep),
                }),
              })}
            </p>
            <p>
              <strong>{t('versioning.neverDeletes')}</strong>
            </p>
            <ConfirmActions
              action={t('versioning.restoreNow')}
              busy={busy}
              onAction={() => void restore(restoring.id)}
              onCancel={() => setRestoring(null)}
            />
          </div>
        ) : null}
        {comparing ? (
          <section aria-labelledby="comparison" className="comparison">
            <h2 id="comparison">
              {t('versioning.comparison', {
                text: label(
                  versions.find((v) => v.id === comparing.id) ?? { id: comparing.id, note: '' },
                ),
              })}
            </h2>
            <div className="field">
              <label htmlFor={compareId}>{t('versioning.compareWith')}</label>
              <select
                id={compareId}
                value={String(comparing.other)}
                disabled={busy}
                onChange={(event) =>
                  void compare(
                    comparing.id,
                    event.target.value === 'now' ? 'now' : Number(event.target.value),
                  )
                }
              >
                <option value="now">{t('versioning.now')}</option>
                {versions
                  .filter((v) => v.id !== comparing.id)
                  .map((v) => (
                    <option key={v.id} value={String(v.id)}>
                      {label(v)}
                    </option>
                  ))}
              </select>
            </div>
            <DiffView diff={comparing.diff} />
          </section>
        ) : null}
        <h2>{t('versioning.snapshots')}</h2>
        {versions.length === 0 ? (
          <p className="form-hint">{t('versioning.empty')}</p>
        ) : (
          <TableRegion label={t('versioning.snapshots')} caption={t('versioning.snapshots')}>
            <thead>
              <tr>
                <th scope="col">{t('deliveries.when')}</th>
                <th scope="col">{t('versioning.note')}</th>
                <th scope="col">{t('retention.who')}</th>
                <th scope="col">{t('versioning.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((version) => (
                <tr key={version.id}>
                  <td data-label={t('deliveries.when')}>
                    <time dateTime={version.at}>{formatDateTime(version.at, preferences)}</time>
                  </td>
                  <td data-label={t('versioning.note')}>{label(version)}</td>
                  <td data-label={t('retention.who')}>{version.actorName}</td>
                  <td data-label={t('versioning.actions')}>
                    <div className="toolbar">
                      <button
                        type="button"
                        className="secondary"
                        disabled={busy}
                        aria-label={t('versioning.compareNamed', { text: label(version) })}
                        onClick={() => void compare(version.id, 'now')}
                      >
                        {t('versioning.compare')}
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        disabled={busy}
                        aria-label={t('versioning.exportNamed', { text: label(version) })}
                        onClick={() =>
                          void act(async () =>
                            download(
                              await api.exportConfigVersion(version.id),
                              `configuration-${version.id}.json`,
                            ),
                          )
                        }
                      >
                        {t('versioning.export')}
                      </button>
                      {canRestore ? (
                        <button
                          type="button"
                          className="secondary"
                          disabled={busy}
                          aria-label={t('versioning.restoreNamed', { text: label(version) })}
                          onClick={() => void planRestore(version.id)}
                        >
                          {t('versioning.restore')}
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        )}
      </>
    );
  }

  return <PageFrame title={title}>{content}</PageFrame>;
}

export function VersioningDefinitionPage() {
  const { t, permissions } = useLegacy();
  const kindLabel = useKindLabel();
  const title = t('page.versioningDefinition');
  return (
    <PageFrame title={title}>
      {permissions.has('versioning:r') ? (
        <>
          <p>{t('versioning.definitionIntro')}</p>
          <TableRegion label={t('versioning.kinds')} caption={t('versioning.kinds')}>
            <thead>
              <tr>
                <th scope="col">{t('versioning.kind')}</th>
                <th scope="col">{t('versioning.kept')}</th>
              </tr>
            </thead>
            <tbody>
              {VERSIONED_KINDS.map((kind) => (
                <tr key={kind.kind}>
                  <th scope="row" data-label={t('versioning.kind')}>
                    {kindLabel(kind.kind)}
                  </th>
                  <td data-label={t('versioning.kept')}>
                    {kind.fields.length === 0
                      ? t('versioning.everyField')
                      : kind.fields.map((field, index) => (
                          <span key={field}>
                            {index > 0 ? ', ' : null}
                            <code>{field}</code>
                          </span>
                        ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
          <p>{t('versioning.neverDeletes')}</p>
        </>
      ) : (
        <NoPermission page={title} />
      )}
    </PageFrame>
  );
}
