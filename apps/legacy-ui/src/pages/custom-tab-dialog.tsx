// The custom (application) tab editor: opened by the shell (openCustomTabModal) or from the settings
// page. It edits one tab of the group's applicationTabs field — its label in each language, its
// order, its menus and the reports each lists (chosen with the ReferenceCombobox) — or deletes it,
// and saves the whole field (PUT /group/{id}/field/applicationTabs) after core's check, the one
// the services make. The shell is told (updateGroupConfigMenu and closeCustomTabModal), reloads the
// configuration and shows the tab at once; the services' config stream tells every other console.
import { useEffect, useId, useState } from 'react';
import type { SyntheticEvent } from 'react';
import {
  APPLICATION_TABS_FIELD,
  MAX_APPLICATION_TAB_MENUS,
  SUPPORTED_LANGUAGES,
  readApplicationTabs,
  validateGroupSetting,
} from '@portico/core';
import type { ApplicationTab } from '@portico/core';
import { useLegacy } from '../legacy-context.tsx';
import { isMessageKey } from '../i18n.ts';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { ReferenceCombobox } from './reference-combobox.tsx';
import { Field } from './form-parts.tsx';
import { ErrorPanel, FormSkeleton } from './status-views.tsx';
import { useBusyAction } from './use-busy-action.ts';

/** Props of {@link CustomTabDialog}. */
export interface CustomTabDialogProps {
  /** The tab to edit; null creates one. */
  tabId: number | null;
  /** The group whose tabs are edited; the signed-in user's active group when absent. */
  groupId?: number | null;
  /** `tabId`: the tab saved (a new one's id), or the one asked for when nothing was saved. */
  onClose: (saved: boolean, tabId: number | null) => void;
}

type Labels = Record<string, string>;
interface DraftMenu {
  id: number;
  labels: Labels;
  reports: { id: number; name: string }[];
}
interface Loaded {
  tabs: ApplicationTab[];
  id: number;
  order: string;
  labels: Labels;
  menus: DraftMenu[];
  exists: boolean;
}

const nextId = (ids: readonly number[]) => Math.max(0, ...ids) + 1;

/** The label inputs of one tab or menu: one per language (empty: none in that language). */
function LabelInputs({
  legend,
  labels,
  onChange,
  disabled,
}: {
  legend: string;
  labels: Labels;
  onChange: (labels: Labels) => void;
  disabled: boolean;
}) {
  const { t } = useLegacy();
  const id = useId();
  return (
    <fieldset className="label-languages" disabled={disabled}>
      <legend>{legend}</legend>
      {SUPPORTED_LANGUAGES.map((language) => {
        const key = `settings.lang.${language}`;
        return (
          <span className="filter" key={language}>
            <label htmlFor={`${id}-${language}`}>{isMessageKey(key) ? t(key) : language}</label>
            <input
              id={`${id}-${language}`}
              lang={language}
              value={labels[language] ?? ''}
              onChange={(event) => {
                const next = { ...labels, [language]: event.target.value };
                if (event.target.value === '') delete next[language];
                onChange(next);
              }}
            />
          </span>
        );
      })}
    </fieldset>
  );
}

export function CustomTabDialog({ tabId, groupId, onClose }: CustomTabDialogProps) {
  const { t, api, user, oneLabel, resourceLabel, groupConfigChanged } = useLegacy();
  const target = groupId ?? user.groupId ?? null;
  const report = RESOURCES.reportDefinition;
  const reportWord = report ? oneLabel(report) : '';
  const reportsWord = report ? resourceLabel(report) : '';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState('');
  const { busy, error, setError, run } = useBusyAction();
  const [attempt, setAttempt] = useState(0);
  const orderId = useId();

  useEffect(() => {
    if (target === null) return;
    let current = true;
    setLoadError('');
    void (async () => {
      const answer = await api.groupSettings(target);
      const row = answer.results.find((field) => field.name === APPLICATION_TABS_FIELD);
      const tabs = readApplicationTabs(row?.value ?? row?.parentValue ?? null);
      const tab = tabs.find((candidate) => candidate.id === tabId);
      const ids = [...new Set(tab?.menus.flatMap((menu) => menu.reportIds) ?? [])];
      const names = new Map<number, string>();
      await Promise.all(
        ids.map((id) =>
          api.get('reportDefinition', id).then(
            (found) => names.set(id, String(found.name ?? id)),
            () => names.set(id, `#${id}`),
          ),
        ),
      );
      if (!current) return;
      setLoaded({
        tabs,
        exists: tab !== undefined,
        id: tab?.id ?? nextId(tabs.map((candidate) => candidate.id)),
        order: String(tab?.order ?? nextId(tabs.map((candidate) => candidate.order))),
        labels: { ...(tab?.labels ?? {}) },
        menus: (tab?.menus ?? [{ id: 1, labels: {}, reportIds: [] }]).map((menu) => ({
          id: menu.id,
          labels: { ...menu.labels },
          reports: menu.reportIds.map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
        })),
      });
    })().catch((caught: unknown) => {
      if (current) setLoadError(describeError(t, caught));
    });
    return () => {
      current = false;
    };
  }, [api, target, tabId, attempt, t]);

  const setMenu = (index: number, patch: Partial<DraftMenu>) =>
    setLoaded((draft) =>
      draft
        ? {
            ...draft,
            menus: draft.menus.map((menu, at) => (at === index ? { ...menu, ...patch } : menu)),
          }
        : draft,
    );

  async function save(next: ApplicationTab[] | null, savedId: number | null) {
    if (target === null) return;
    if (next !== null) {
      const check = validateGroupSetting(APPLICATION_TABS_FIELD, next);
      if (!check.ok) {
        setError(t('customTab.invalid', { reason: check.message }));
        return;
      }
    }
    await run(async () => {
      await api.setGroupSetting(target, APPLICATION_TABS_FIELD, next);
      groupConfigChanged(target);
      onClose(true, savedId);
    });
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!loaded) return;
    const order = /^\d+$/.test(loaded.order.trim()) ? Number(loaded.order) : -1;
    const tab: ApplicationTab = {
      id: loaded.id,
      order,
      labels: loaded.labels,
      menus: loaded.menus.map((menu) => ({
        id: menu.id,
        labels: menu.labels,
        reportIds: menu.reports.map((chosen) => chosen.id),
      })),
    };
    const others = loaded.tabs.filter((candidate) => candidate.id !== loaded.id);
    void save([...others, tab], loaded.id);
  }

  const title = tabId === null ? t('customTab.new') : t('customTab.edit');
  let body;
  if (target === null || loadError)
    body = (
      <ErrorPanel
        message={loadError || t('app.notFound')}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  else if (!loaded) body = <FormSkeleton label={t('app.loading')} />;
  else
    body = (
      <form onSubmit={submit} noValidate>
        <LabelInputs
          legend={t('customTab.name')}
          labels={loaded.labels}
          onChange={(labels) => setLoaded({ ...loaded, labels })}
          disabled={busy}
        />
        <Field id={orderId} label={t('customTab.order')}>
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={loaded.order}
              disabled={busy}
              onChange={(event) => setLoaded({ ...loaded, order: event.target.value })}
            />
          )}
        </Field>
        {loaded.menus.map((menu, index) => {
          const number = index + 1;
          const comboId = `custom-tab-menu-${menu.id}-report`;
          return (
            <fieldset key={menu.id} className="custom-tab-menu" disabled={busy}>
              <legend>{t('customTab.menu', { number })}</legend>
              <LabelInputs
                legend={t('customTab.menuName', { number })}
                labels={menu.labels}
                onChange={(labels) => setMenu(index, { labels })}
                disabled={busy}
              />
              {menu.reports.length === 0 ? (
                <p className="form-hint">{t('customTab.noReports', { reports: reportsWord })}</p>
              ) : (
                <ul className="chosen-list" aria-label={t('customTab.menuReports', { number })}>
                  {menu.reports.map((chosen) => (
                    <li key={chosen.id}>
                      {chosen.name}{' '}
                      <button
                        type="button"
                        className="secondary"
                        onClick={() =>
                          setMenu(index, {
                            reports: menu.reports.filter((other) => other.id !== chosen.id),
                          })
                        }
                      >
                        {t('customTab.removeReport', { name: chosen.name, number })}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="field">
                <label htmlFor={comboId}>
                  {t('customTab.addReport', { report: reportWord, number })}
                </label>
                <ReferenceCombobox
                  id={comboId}
                  resource="reportDefinition"
                  value={null}
                  clearOnChoose
                  exclude={new Set(menu.reports.map((chosen) => chosen.id))}
                  onChange={(value, row) => {
                    if (value === null) return;
                    setMenu(index, {
                      reports: [
                        ...menu.reports,
                        { id: value, name: String(row?.name ?? `#${value}`) },
                      ],
                    });
                  }}
                />
              </div>
              {loaded.menus.length > 1 ? (
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    setLoaded({ ...loaded, menus: loaded.menus.filter((_, at) => at !== index) })
                  }
                >
                  {t('customTab.removeMenu', { number })}
                </button>
              ) : null}
            </fieldset>
          );
        })}
        {loaded.menus.length < MAX_APPLICATION_TAB_MENUS ? (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() =>
              setLoaded({
                ...loaded,
                menus: [
                  ...loaded.menus,
                  { id: nextId(loaded.menus.map((menu) => menu.id)), labels: {}, reports: [] },
                ],
              })
            }
          >
            {t('customTab.addMenu')}
          </button>
        ) : null}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          {loaded.exists ? (
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() =>
                void save(
                  loaded.tabs.filter((candidate) => candidate.id !== loaded.id),
                  null,
                )
              }
            >
              {t('customTab.delete')}
            </button>
          ) : null}
          <span className="actions-end">
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => onClose(false, tabId)}
            >
              {t('form.cancel')}
            </button>
            <button type="submit" disabled={busy}>
              {t('form.save')}
            </button>
          </span>
        </div>
      </form>
    );
  return (
    <ModalDialog title={title} onDismiss={() => onClose(false, tabId)}>
      {body}
    </ModalDialog>
  );
}
