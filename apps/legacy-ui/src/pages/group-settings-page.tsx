// A group's configuration: /tenants/settings (the signed-in user's own group) and
// /tenants/group/config/{id} (any group of the caller's tree). Every editable group field shows
// the group's own value and the one it inherits (and from which group); each is saved on its own
// (PUT /group/{id}/field/{field}) or given back to the parent ("Use the inherited value"). What a
// valid value is comes from @portico/core, the rule the services check. After a change the shell
// is told (updateGroupConfigMenu) and reloads the configuration, so the title, the vocabulary and
// the landing page follow at once.
import { useEffect, useId, useMemo, useState } from 'react';
import type { SyntheticEvent } from 'react';
import {
  CALENDAR_FORMATS,
  DATE_FORMATS,
  MAX_SESSION_TIMEOUT_MINUTES,
  MODULE_NAMES,
  SUPPORTED_LANGUAGES,
  TAB_NAMES,
  VOCABULARY_DEFAULTS,
  VOCABULARY_FIELD_PREFIX,
  applicationTabLabel,
  parseLabelMap,
  readApplicationTabs,
  resolveTabLabel,
  resolveTenantLabel,
  validateGroupSetting,
} from '@portico/core';
import type { TabName } from '@portico/core';
import type { GroupSettingsAnswer, GroupSettingRow } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import type { MessageKey } from '../i18n.ts';
import { isMessageKey } from '../i18n.ts';
import { describeError } from '../messages.ts';
import { CustomTabDialog } from './custom-tab-dialog.tsx';
import { RouteLink } from './route-link.tsx';
import { ErrorPanel, FormSkeleton } from './status-views.tsx';
import { useBusyAction } from './use-busy-action.ts';

const SECTIONS = ['shell', 'regional', 'help', 'vocabulary'] as const;
const HIDEABLE_TABS = TAB_NAMES.filter((tab) => tab !== 'home');
/**
 * The hideable tabs by module (spec §6 lists each module's tabs after it): a page named as its
 * module ("Things" the list, "Things" the module) is told apart by its group.
 */
const TAB_GROUPS: ReadonlyArray<readonly [string, string[]]> = HIDEABLE_TABS.reduce<
  Array<[string, string[]]>
>((groups, tab) => {
  const last = groups.at(-1);
  if ((MODULE_NAMES as readonly string[]).includes(tab) || !last) groups.push([tab, []]);
  else last[1].push(tab);
  return groups;
}, []);

/** This UI's name of every tab (the tenant's own label, when it has one, comes first). */
const TAB_LABELS: Readonly<Record<TabName, MessageKey>> = {
  home: 'module.home',
  things: 'module.things',
  thing: 'resource.thing',
  thingType: 'resource.thingType',
  tenants: 'module.tenants',
  edge: 'perm.switch.edge',
  group: 'resource.group',
  groupType: 'resource.groupType',
  sitesConfiguration: 'page.sitesConfiguration',
  devicesConfiguration: 'page.devicesConfiguration',
  user: 'resource.user',
  role: 'resource.role',
  resource: 'resource.resource',
  license: 'page.license',
  settings: 'page.settings',
  rulesAttributes: 'page.rulesAttributes',
  gateway: 'module.gateway',
  edgeboxes: 'resource.edgebox',
  scheduledRule: 'page.scheduledRule',
  streamApp: 'page.streamApp',
  model: 'module.model',
  mapMaker: 'page.mapmaker',
  zone: 'resource.zone',
  zoneType: 'resource.zoneType',
  zoneGroup: 'resource.zoneGroup',
  logicalReader: 'resource.logicalReader',
  services: 'module.services',
  importExport: 'page.importExport',
  connection: 'resource.connection',
  licenseGenerator: 'page.licenseGenerator',
  versioning: 'page.versioning',
  apiExplorer: 'page.apiExplorer',
  endpoint: 'resource.endpoint',
  dataRetentionPolicy: 'page.dataRetentionPolicy',
  subscription: 'resource.subscription',
  analytics: 'module.analytics',
  reportDefinition: 'resource.reportDefinition',
};

/** A tab's name as the menus show it; an unknown code (a stored value of another version) as is. */
function useTabLabel(): (tab: string) => string {
  const { t, language, groupFields } = useLegacy();
  return (tab) =>
    resolveTabLabel(tab, language, groupFields) ??
    (Object.hasOwn(TAB_LABELS, tab) ? t(TAB_LABELS[tab as TabName]) : tab);
}

/** The words of a message key built from data (a field or section name); the key itself when absent. */
function dynamicKey(t: (key: MessageKey) => string, key: string): string {
  return isMessageKey(key) ? t(key) : key;
}

/** The editor's text form of a stored value. */
function draftOf(row: GroupSettingRow): string {
  return row.value ?? row.parentValue ?? '';
}

function parseList(text: string | null): unknown[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** A stored value as people read it. */
function useShown() {
  const { t, language } = useLegacy();
  const tabLabel = useTabLabel();
  return (row: GroupSettingRow, value: string | null): string => {
    if (value === null || value === '') return t('settings.notSet');
    switch (row.kind) {
      case 'boolean':
        return value === 'true' ? t('settings.yes') : t('settings.no');
      case 'minutes':
        return t('settings.minutesValue', { count: value });
      case 'tabs':
        return parseList(value).map(String).map(tabLabel).join(', ') || t('settings.none');
      case 'tab':
        return tabLabel(value);
      case 'links':
        return t('settings.linkCount', { count: parseList(value).length });
      case 'labels': {
        const concept = row.name.slice(VOCABULARY_FIELD_PREFIX.length);
        return resolveTenantLabel(concept, language, { [row.name]: value }) ?? t('settings.notSet');
      }
      default:
        return value;
    }
  };
}

/** The input of one field (its kind decides the control). */
function FieldEditor({
  row,
  draft,
  onDraft,
  id,
  describedBy,
  disabled,
}: {
  row: GroupSettingRow;
  draft: string;
  onDraft: (value: string) => void;
  id: string;
  describedBy: string;
  disabled: boolean;
}) {
  const { t } = useLegacy();
  const tabLabel = useTabLabel();
  const common = { id, 'aria-describedby': describedBy, disabled };
  const options = (values: readonly string[], label?: (value: string) => string) => (
    <select {...common} value={draft} onChange={(event) => onDraft(event.target.value)}>
      {draft === '' ? <option value="">{t('settings.choose')}</option> : null}
      {values.map((value) => (
        <option key={value} value={value}>
          {label ? label(value) : value}
        </option>
      ))}
    </select>
  );
  switch (row.kind) {
    case 'boolean':
      return options(['true', 'false'], (value) =>
        value === 'true' ? t('settings.yes') : t('settings.no'),
      );
    case 'language':
      return options(SUPPORTED_LANGUAGES, (value) => dynamicKey(t, `settings.lang.${value}`));
    case 'dateFormat':
      return options(DATE_FORMATS);
    case 'calendarFormat':
      return options(CALENDAR_FORMATS, (value) => dynamicKey(t, `settings.calendar.${value}`));
    case 'tab':
      return options(
        TAB_NAMES.includes(draft as never) || draft === '' ? TAB_NAMES : [draft, ...TAB_NAMES],
        tabLabel,
      );
    case 'minutes':
      return (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={draft}
          onChange={(event) => onDraft(event.target.value)}
        />
      );
    case 'email':
    case 'url':
      return (
        <input
          {...common}
          type={row.kind}
          value={draft}
          onChange={(event) => onDraft(event.target.value)}
        />
      );
    case 'phone':
      return (
        <input
          {...common}
          type="tel"
          value={draft}
          onChange={(event) => onDraft(event.target.value)}
        />
      );
    case 'tabs': {
      const chosen = new Set(parseList(draft).map(String));
      const choice = (tab: string, name: string) => (
        <label key={tab} className="tab-choice">
          <input
            type="checkbox"
            checked={chosen.has(tab)}
            onChange={(event) => {
              const next = new Set(chosen);
              if (event.target.checked) next.add(tab);
              else next.delete(tab);
              onDraft(JSON.stringify(HIDEABLE_TABS.filter((other) => next.has(other))));
            }}
          />
          {name}
        </label>
      );
      return (
        <fieldset
          className="tab-choices"
          id={id}
          aria-describedby={describedBy}
          disabled={disabled}
        >
          <legend className="visually-hidden">{t('settings.field.hiddenTabs')}</legend>
          {TAB_GROUPS.map(([module, pages]) => (
            <fieldset key={module} className="tab-group">
              <legend>{tabLabel(module)}</legend>
              {choice(module, t('settings.wholeTab', { tab: tabLabel(module) }))}
              {pages.map((tab) => choice(tab, tabLabel(tab)))}
            </fieldset>
          ))}
        </fieldset>
      );
    }
    case 'links':
      return (
        <LinksEditor
          id={id}
          describedBy={describedBy}
          draft={draft}
          onDraft={onDraft}
          disabled={disabled}
        />
      );
    default:
      return (
        <input
          {...common}
          value={draft}
          onChange={(event) => onDraft(event.target.value)}
          autoComplete="off"
        />
      );
  }
}

/** The tenant's video tutorial links: a title and an address per row. */
function LinksEditor({
  id,
  describedBy,
  draft,
  onDraft,
  disabled,
}: {
  id: string;
  describedBy: string;
  draft: string;
  onDraft: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useLegacy();
  const links = parseList(draft).map((item) => {
    const link = item as { title?: unknown; url?: unknown };
    return { title: String(link.title ?? ''), url: String(link.url ?? '') };
  });
  const write = (next: { title: string; url: string }[]) => onDraft(JSON.stringify(next));
  return (
    <fieldset className="links-editor" id={id} aria-describedby={describedBy} disabled={disabled}>
      <legend className="visually-hidden">{t('settings.field.videoTutorials')}</legend>
      {links.map((link, index) => (
        <div className="link-row" key={index}>
          <label>
            {t('settings.linkTitle', { number: index + 1 })}
            <input
              value={link.title}
              onChange={(event) =>
                write(
                  links.map((other, at) =>
                    at === index ? { ...other, title: event.target.value } : other,
                  ),
                )
              }
            />
          </label>
          <label>
            {t('settings.linkUrl', { number: index + 1 })}
            <input
              type="url"
              value={link.url}
              onChange={(event) =>
                write(
                  links.map((other, at) =>
                    at === index ? { ...other, url: event.target.value } : other,
                  ),
                )
              }
            />
          </label>
          <button
            type="button"
            className="secondary"
            onClick={() => write(links.filter((_, at) => at !== index))}
          >
            {t('settings.removeLink', { number: index + 1 })}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="secondary"
        onClick={() => write([...links, { title: '', url: 'https://' }])}
      >
        {t('settings.addLink')}
      </button>
    </fieldset>
  );
}

/** The label map editor of one vocabulary concept: one input per language. */
function LabelsEditor({
  draft,
  onDraft,
  idPrefix,
  describedBy,
  disabled,
}: {
  draft: string;
  onDraft: (value: string) => void;
  idPrefix: string;
  describedBy: string;
  disabled: boolean;
}) {
  const { t } = useLegacy();
  const parsed = parseLabelMap(draft);
  const labels: Record<string, string> = parsed.ok ? parsed.labels : {};
  return (
    <div className="label-languages">
      {SUPPORTED_LANGUAGES.map((language) => (
        <span className="filter" key={language}>
          <label htmlFor={`${idPrefix}-${language}`}>
            {dynamicKey(t, `settings.lang.${language}`)}
          </label>
          <input
            id={`${idPrefix}-${language}`}
            lang={language}
            aria-describedby={describedBy}
            disabled={disabled}
            value={labels[language] ?? ''}
            onChange={(event) => {
              const next: Record<string, string> = { ...labels, [language]: event.target.value };
              if (event.target.value === '') delete next[language];
              onDraft(JSON.stringify(next));
            }}
          />
        </span>
      ))}
    </div>
  );
}

/** What one setting's editor is given: its group, its row, its label, whether it may change it. */
interface SettingProps {
  groupId: number;
  row: GroupSettingRow;
  label: string;
  canEdit: boolean;
  onSaved: () => void;
}

/**
 * The group's application tabs (spec §2 module applicationTab): each tab by its name in this
 * language with an Edit button, and "New custom tab"; both open the custom tab editor, which
 * saves the field and tells the shell.
 */
function ApplicationTabsSetting({ groupId, row, label, canEdit, onSaved }: SettingProps) {
  const { t, language } = useLegacy();
  const [editing, setEditing] = useState<{ tabId: number | null } | null>(null);
  const id = useId();
  const tabs = readApplicationTabs(row.value ?? row.parentValue);
  return (
    <section className="setting" aria-labelledby={`${id}-label`}>
      <h3 className="setting-label" id={`${id}-label`}>
        {label}
      </h3>
      {row.value === null && row.inheritedFrom !== null && tabs.length > 0 ? (
        <p className="form-hint">
          {t('settings.appTabs.inherited', { group: row.inheritedFrom.name })}
        </p>
      ) : null}
      {tabs.length === 0 ? (
        <p>{t('settings.appTabs.none')}</p>
      ) : (
        <ul className="chosen-list" aria-labelledby={`${id}-label`}>
          {tabs.map((tab) => {
            const name = applicationTabLabel(tab, language);
            return (
              <li key={tab.id}>
                {name}{' '}
                {canEdit ? (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setEditing({ tabId: tab.id })}
                  >
                    {t('settings.appTabs.edit', { name })}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canEdit ? (
        <div className="actions">
          <button type="button" onClick={() => setEditing({ tabId: null })}>
            {t('customTab.new')}
          </button>
        </div>
      ) : null}
      {editing ? (
        <CustomTabDialog
          tabId={editing.tabId}
          groupId={groupId}
          onClose={(saved) => {
            setEditing(null);
            if (saved) onSaved();
          }}
        />
      ) : null}
    </section>
  );
}

/** One field: its label, its editor, what it inherits, Save and "Use the inherited value". */
function SettingForm({ groupId, row, label, canEdit, onSaved }: SettingProps) {
  const { t, api } = useLegacy();
  const shown = useShown();
  const [draft, setDraft] = useState(() => draftOf(row));
  const [status, setStatus] = useState('');
  const { busy, error, setError, run } = useBusyAction();
  const id = useId();
  useEffect(() => setDraft(draftOf(row)), [row]);

  async function save(value: string | null) {
    setStatus('');
    if (value !== null) {
      const check = validateGroupSetting(row.name, value);
      if (!check.ok) {
        setError(
          dynamicKey(
            (key) => t(key, { max: MAX_SESSION_TIMEOUT_MINUTES }),
            `settings.invalid.${row.kind}`,
          ),
        );
        return;
      }
    }
    await run(async () => {
      await api.setGroupSetting(groupId, row.name, value);
      setStatus(value === null ? t('settings.cleared') : t('settings.saved'));
      onSaved();
    });
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(draft);
  }

  const inherited =
    row.inheritedFrom === null
      ? t('settings.inheritsNothing')
      : t('settings.inheritedFrom', {
          group: row.inheritedFrom.name,
          value: shown(row, row.parentValue),
        });
  const source =
    row.value === null
      ? t('settings.usesInherited')
      : t('settings.ownValue', { value: shown(row, row.value) });
  const labelled = row.kind === 'labels';
  return (
    <form className="setting" aria-labelledby={`${id}-label`} onSubmit={submit} noValidate>
      {labelled ? (
        <h3 className="setting-label" id={`${id}-label`}>
          {label}
        </h3>
      ) : (
        <label className="setting-label" id={`${id}-label`} htmlFor={`${id}-input`}>
          {label}
        </label>
      )}
      <p className="form-hint" id={`${id}-hint`}>
        {source} · {inherited}
      </p>
      {labelled ? (
        <LabelsEditor
          draft={draft}
          onDraft={setDraft}
          idPrefix={`${id}-input`}
          describedBy={`${id}-hint`}
          disabled={!canEdit || busy}
        />
      ) : (
        <FieldEditor
          row={row}
          draft={draft}
          onDraft={setDraft}
          id={`${id}-input`}
          describedBy={`${id}-hint`}
          disabled={!canEdit || busy}
        />
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {canEdit ? (
        <div className="actions">
          <button type="submit" disabled={busy}>
            {t('settings.save', { name: label })}
          </button>
          {row.value !== null ? (
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => void save(null)}
            >
              {t('settings.inherit')}
            </button>
          ) : null}
          <span role="status" className="form-hint">
            {status}
          </span>
        </div>
      ) : null}
    </form>
  );
}

export function GroupSettingsPage({ groupId }: { groupId: number | null }) {
  const { t, api, permissions, user, conceptLabel, groupConfigChanged } = useLegacy();
  const target = groupId ?? user.groupId ?? null;
  const [answer, setAnswer] = useState<GroupSettingsAnswer | null>(null);
  const [error, setError] = useState('');
  const [reloads, setReloads] = useState(0);
  const [section, setSection] = useState<(typeof SECTIONS)[number]>('shell');
  const [query, setQuery] = useState('');
  const canEdit = permissions.has('settings:u');
  const filterId = useId();

  useEffect(() => {
    if (target === null) return;
    let current = true;
    setError('');
    api
      .groupSettings(target)
      .then((next) => {
        if (current) setAnswer(next);
      })
      .catch((caught: unknown) => {
        if (current) setError(describeError(t, caught));
      });
    return () => {
      current = false;
    };
  }, [api, target, reloads, t]);

  const rows = useMemo(
    () => (answer?.results ?? []).filter((row) => row.section === section),
    [answer, section],
  );
  const labelOf = (row: GroupSettingRow) => {
    if (row.kind !== 'labels') return dynamicKey(t, `settings.field.${row.name}`);
    // the concept's name in this UI's words ("Zone types", "Types de zone"); an unknown one as is
    const concept = row.name.slice(VOCABULARY_FIELD_PREFIX.length);
    return concept in VOCABULARY_DEFAULTS ? dynamicKey(t, `concept.${concept}`) : concept;
  };
  const needle = query.trim().toLocaleLowerCase();
  const shownRows =
    section === 'vocabulary' && needle
      ? rows.filter((row) => labelOf(row).toLocaleLowerCase().includes(needle))
      : rows;

  const title = answer
    ? t('settings.title', { group: answer.group.name })
    : conceptLabel('Settings', 'page.settings');
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        {title}
      </h1>
      <p>{t('settings.intro')}</p>
      {!canEdit ? (
        <p className="notice-box" role="note">
          {t('settings.readOnly')}
        </p>
      ) : null}
      {answer?.parent ? (
        <p>
          <RouteLink to={`/tenants/group/config/${answer.parent.id}`}>
            {t('settings.parentLink', { group: answer.parent.name })}
          </RouteLink>
        </p>
      ) : null}
      {error ? (
        <ErrorPanel message={error} onRetry={() => setReloads((count) => count + 1)} />
      ) : !answer ? (
        <FormSkeleton label={t('settings.loading')} />
      ) : (
        <>
          <div className="section-tabs" role="group" aria-label={t('settings.sections')}>
            {SECTIONS.map((name) => (
              <button
                key={name}
                type="button"
                className={name === section ? undefined : 'secondary'}
                aria-pressed={name === section}
                onClick={() => setSection(name)}
              >
                {dynamicKey(t, `settings.section.${name}`)}
              </button>
            ))}
          </div>
          <h2>{dynamicKey(t, `settings.section.${section}`)}</h2>
          {section === 'vocabulary' ? (
            <p className="filter filter-search">
              <label htmlFor={filterId}>{t('settings.findConcept')}</label>
              <input
                id={filterId}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                autoComplete="off"
              />
            </p>
          ) : null}
          {section === 'help' ? <p className="form-hint">{t('settings.helpIntro')}</p> : null}
          <div className="settings-list">
            {shownRows.map((row) =>
              row.kind === 'applicationTabs' ? (
                <ApplicationTabsSetting
                  key={row.name}
                  groupId={answer.group.id}
                  row={row}
                  label={labelOf(row)}
                  canEdit={canEdit}
                  onSaved={() => setReloads((count) => count + 1)}
                />
              ) : (
                <SettingForm
                  key={row.name}
                  groupId={answer.group.id}
                  row={row}
                  label={labelOf(row)}
                  canEdit={canEdit}
                  onSaved={() => {
                    setReloads((count) => count + 1);
                    groupConfigChanged(answer.group.id);
                  }}
                />
              ),
            )}
            {shownRows.length === 0 ? <p>{t('list.empty')}</p> : null}
          </div>
        </>
      )}
    </section>
  );
}
