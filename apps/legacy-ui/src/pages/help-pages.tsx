// The home module's help: /home/support (the tenant's support contacts, the three versions and
// "copy diagnostics"), /home/quickGuides (the console's main jobs step by step), /home/videoTutorials
// (the links the tenant configures) and /home/documentation (the user guide, searchable, each
// section linking to the page it describes). Contacts and links are group fields the settings page
// edits (section "Help and support"); the words are this UI's, in five languages.
import { useEffect, useId, useState } from 'react';
import { recentFailures } from '../api-client.ts';
import type { MessageKey } from '../i18n.ts';
import { useLegacy } from '../legacy-context.tsx';
import { RESOURCES } from '../resources.ts';
import type { ResourceDef } from '../resources.ts';
import { MODULES } from '../routes.ts';
import type { HelpPage } from '../routes.ts';
import { RouteLink } from './route-link.tsx';
import { StatusLine } from './status-views.tsx';

interface Version {
  displayVersion?: string;
  commit?: string;
  date?: string;
}

/** The three parts' versions (spec §3 "Version info"), each read with a timestamp (spec §7). */
const VERSION_SOURCES = [
  ['services', '/git.json'],
  ['legacy', '/legacy-ui/extra/git.json'],
  ['console', '/extra/git.json'],
] as const;

function useVersions(): Record<string, Version | null> {
  const [versions, setVersions] = useState<Record<string, Version | null>>({});
  useEffect(() => {
    let current = true;
    for (const [name, path] of VERSION_SOURCES) {
      void fetch(`${path}?ts=${Date.now()}`, { cache: 'no-store', credentials: 'omit' })
        .then((response) => (response.ok ? (response.json() as Promise<Version>) : null))
        .catch(() => null)
        .then((version) => {
          if (current) setVersions((all) => ({ ...all, [name]: version }));
        });
    }
    return () => {
      current = false;
    };
  }, []);
  return versions;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A link that leaves for another site: a new tab, said in its name. */
function OutLink({ href, children }: { href: string; children: string }) {
  const { t } = useLegacy();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('help.newTab')}</span>
    </a>
  );
}

function SettingsHint() {
  const { t, permissions } = useLegacy();
  return permissions.has('settings:u') ? (
    <p>
      <RouteLink to="/tenants/settings">{t('help.openSettings')}</RouteLink>
    </p>
  ) : null;
}

function SupportPage() {
  const { t, groupFields, language, preferences, user } = useLegacy();
  const versions = useVersions();
  const [copied, setCopied] = useState('');
  const email = text(groupFields.supportEmail);
  const phone = text(groupFields.supportPhone);
  const web = text(groupFields.supportUrl);
  const shown = (version: Version | null | undefined) =>
    version
      ? `${version.displayVersion ?? '?'} (${(version.commit ?? '?').slice(0, 12)}, ${version.date ?? '?'})`
      : t('help.unknown');

  function diagnostics(): string {
    const lines = [
      `time: ${new Date().toISOString()}`,
      ...VERSION_SOURCES.map(([name]) => `${name}: ${shown(versions[name])}`),
      `browser: ${navigator.userAgent}`,
      `language: ${language} (browser ${navigator.language})`,
      `time zone: ${preferences.timeZone} (browser ${Intl.DateTimeFormat().resolvedOptions().timeZone})`,
      `user: ${user.username}${user.tenantName ? ` @ ${user.tenantName}` : ''}`,
      `page: ${location.pathname}${location.hash.split('?')[0] ?? ''}`,
      'last errors:',
      ...recentFailures().map(
        (failure) =>
          `  ${failure.at} ${failure.status} ${failure.path} request ${failure.requestId || '-'}`,
      ),
    ];
    if (recentFailures().length === 0) lines.push('  none');
    return lines.join('\n');
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(diagnostics());
      setCopied(t('help.copied'));
    } catch {
      setCopied(t('help.copyFailed'));
    }
  }

  return (
    <>
      <h2>{t('help.contacts')}</h2>
      {email || phone || web ? (
        <dl className="details">
          {email ? (
            <div className="detail">
              <dt>{t('help.email')}</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </div>
          ) : null}
          {phone ? (
            <div className="detail">
              <dt>{t('help.phone')}</dt>
              <dd>
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
              </dd>
            </div>
          ) : null}
          {web && /^https?:\/\//.test(web) ? (
            <div className="detail">
              <dt>{t('help.web')}</dt>
              <dd>
                <OutLink href={web}>{web}</OutLink>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <>
          <p>{t('help.noContacts')}</p>
          <SettingsHint />
        </>
      )}
      <h2>{t('help.versions')}</h2>
      <dl className="details">
        {VERSION_SOURCES.map(([name]) => (
          <div className="detail" key={name}>
            <dt>{t(`help.version.${name}` as MessageKey)}</dt>
            <dd>{shown(versions[name])}</dd>
          </div>
        ))}
      </dl>
      <h2>{t('help.diagnostics')}</h2>
      <p>{t('help.diagnosticsIntro')}</p>
      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          {t('help.copy')}
        </button>
        <span role="status">{copied}</span>
      </div>
    </>
  );
}

/**
 * The pages the guides and the user guide name, as the menus show them (the tenant's vocabulary,
 * else this UI's words): Acme's guide says "Open Staff", not "Open Users".
 */
function useMenuNames(): Record<string, string> {
  const { resourceLabel, conceptLabel } = useLegacy();
  const resource = (name: string) => resourceLabel(RESOURCES[name] as ResourceDef);
  const module = (key: string) => {
    const def = MODULES.find((candidate) => candidate.key === key);
    return def ? conceptLabel(def.concept, def.label) : key;
  };
  return {
    thingsMenu: resource('thing'),
    thingTypesMenu: resource('thingType'),
    zonesMenu: resource('zone'),
    zoneTypesMenu: resource('zoneType'),
    zoneGroupsMenu: resource('zoneGroup'),
    logicalReadersMenu: resource('logicalReader'),
    usersMenu: resource('user'),
    rolesMenu: resource('role'),
    groupsMenu: resource('group'),
    tenantsMenu: module('tenants'),
    servicesMenu: module('services'),
    modelMenu: module('model'),
    importExportMenu: conceptLabel('ImportExport', 'page.importExport'),
  };
}

const GUIDES = [
  { id: 'signIn', to: '/home/welcome' },
  { id: 'findEdit', to: '/things/thing' },
  { id: 'access', to: '/tenants/user' },
  { id: 'import', to: '/services/importExport' },
] as const;

function QuickGuidesPage() {
  const { t } = useLegacy();
  const names = useMenuNames();
  return (
    <>
      {GUIDES.map((guide) => (
        <section key={guide.id} aria-labelledby={`guide-${guide.id}`} className="guide">
          <h2 id={`guide-${guide.id}`}>{t(`help.guide.${guide.id}.title` as MessageKey, names)}</h2>
          <ol>
            {([1, 2, 3] as const).map((step) => (
              <li key={step}>{t(`help.guide.${guide.id}.step${step}` as MessageKey, names)}</li>
            ))}
          </ol>
          <p>
            <RouteLink to={guide.to}>
              {t(`help.guide.${guide.id}.link` as MessageKey, names)}
            </RouteLink>
          </p>
        </section>
      ))}
    </>
  );
}

function VideoTutorialsPage() {
  const { t, groupFields } = useLegacy();
  const raw = groupFields.videoTutorials;
  const links = (Array.isArray(raw) ? raw : [])
    .map((item) => item as { title?: unknown; url?: unknown })
    .filter(
      (link): link is { title: string; url: string } =>
        typeof link.title === 'string' &&
        typeof link.url === 'string' &&
        /^https?:\/\//.test(link.url),
    );
  if (links.length === 0)
    return (
      <div className="empty-state">
        <p>{t('help.videosEmpty')}</p>
        <p>{t('help.videosWhere')}</p>
        <SettingsHint />
      </div>
    );
  return (
    <ul className="link-list">
      {links.map((link) => (
        <li key={`${link.url}|${link.title}`}>
          <OutLink href={link.url}>{link.title}</OutLink>
        </li>
      ))}
    </ul>
  );
}

const SECTIONS = [
  { id: 'start', to: '/home/welcome' },
  { id: 'records', to: '/things/thing' },
  { id: 'model', to: '/model/zone' },
  { id: 'people', to: '/tenants/user' },
  { id: 'settings', to: '/tenants/settings' },
  { id: 'logs', to: '/services/logs' },
  { id: 'health', to: '/healthandstatus' },
] as const;

function DocumentationPage() {
  const { t } = useLegacy();
  const names = useMenuNames();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const needle = query.trim().toLocaleLowerCase();
  const sections = SECTIONS.map((section) => ({
    ...section,
    title: t(`help.doc.${section.id}.title` as MessageKey, names),
    body: t(`help.doc.${section.id}.body` as MessageKey, names),
  })).filter(
    (section) =>
      !needle ||
      section.title.toLocaleLowerCase().includes(needle) ||
      section.body.toLocaleLowerCase().includes(needle),
  );
  return (
    <>
      <p className="filter filter-search" role="search">
        <label htmlFor={searchId}>{t('help.search')}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
      </p>
      <StatusLine>{needle ? t('help.found', { count: sections.length }) : ''}</StatusLine>
      {sections.length === 0 ? <p>{t('help.noMatch', { query: query.trim() })}</p> : null}
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`doc-${section.id}`} className="guide">
          <h2 id={`doc-${section.id}`}>{section.title}</h2>
          <p>{section.body}</p>
          <p>
            <RouteLink to={section.to}>{t('help.goTo', { page: section.title })}</RouteLink>
          </p>
        </section>
      ))}
    </>
  );
}

const TITLES: Record<HelpPage, MessageKey> = {
  support: 'page.support',
  quickGuides: 'page.quickGuides',
  videoTutorials: 'page.videoTutorials',
  documentation: 'page.documentation',
};

export function HelpPageView({ page }: { page: HelpPage }) {
  const { t } = useLegacy();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        {t(TITLES[page])}
      </h1>
      <p>{t(`help.${page}.intro` as MessageKey)}</p>
      {page === 'support' ? <SupportPage /> : null}
      {page === 'quickGuides' ? <QuickGuidesPage /> : null}
      {page === 'videoTutorials' ? <VideoTutorialsPage /> : null}
      {page === 'documentation' ? <DocumentationPage /> : null}
    </section>
  );
}
