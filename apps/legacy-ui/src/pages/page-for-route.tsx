import { Component, Suspense, lazy, useLayoutEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useLegacy } from '../legacy-context.tsx';
import { matchRoute } from '../routes.ts';
import type { RouteMatch } from '../routes.ts';
import { AuditLogPage } from './audit-log-page.tsx';
import { ResourceFormPage } from './resource-form-page.tsx';
import { ResourceListPage } from './resource-list-page.tsx';
import { LandingPage, NotFoundPage, WelcomePage } from './simple-pages.tsx';
import { ErrorPanel, Spinner } from './status-views.tsx';

// Lists, records, the home and landing pages (and the audit trail, a record's History too) are the pages a session opens first and most: they
// are in the frame's own script. Every other page is a chunk of its own, fetched when its route is
// first shown (preloadPageFor starts that fetch as soon as the frame knows its route).

/** A page module that could not be fetched (offline, a deployment replaced the files): retryable. */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('a page of the legacy interface could not be loaded', { cause });
    this.name = 'PageLoadError';
  }
}

/** What the loading around a page needs of its module, whatever the page's props. */
export interface PageModule {
  /** Starts the module's fetch (once; again after a failure). */
  preload(): Promise<unknown>;
  /** After a failure: the next render fetches again. */
  retry(): void;
  /** How many fetches of the module failed so far. */
  failures(): number;
}

/** A page loaded on demand: its component (replaced by {@link PageModule.retry}) and its fetch. */
export interface LazyPage<P> extends PageModule {
  /** The lazy component to render now. */
  Component: ComponentType<P>;
  preload(): Promise<ComponentType<P>>;
}

/** A page module fetched on first use; a failed fetch rejects with {@link PageLoadError}. */
export function lazyPage<P>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  let failures = 0;
  const preload = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null; // the next attempt fetches again
      failures += 1;
      throw new PageLoadError(error);
    }));
  const make = () => lazy(() => preload().then((component) => ({ default: component })));
  const page: LazyPage<P> = {
    Component: make(),
    preload,
    retry() {
      // React.lazy keeps a rejection for good: a fresh one tries again
      page.Component = make();
    },
    failures: () => failures,
  };
  return page;
}

const pages = {
  apiExplorer: lazyPage(() => import('./api-explorer-page.tsx').then((m) => m.ApiExplorerPage)),
  applicationTab: lazyPage(() =>
    import('./application-tab-page.tsx').then((m) => m.ApplicationTabPage),
  ),
  groupSettings: lazyPage(() =>
    import('./group-settings-page.tsx').then((m) => m.GroupSettingsPage),
  ),
  health: lazyPage(() => import('./health-page.tsx').then((m) => m.HealthPage)),
  help: lazyPage(() => import('./help-pages.tsx').then((m) => m.HelpPageView)),
  importExport: lazyPage(() => import('./import-export-page.tsx').then((m) => m.ImportExportPage)),
  license: lazyPage(() => import('./license-page.tsx').then((m) => m.LicensePage)),
  licenseGenerator: lazyPage(() =>
    import('./license-generator-page.tsx').then((m) => m.LicenseGeneratorPage),
  ),
  mapMaker: lazyPage(() => import('./map-maker-page.tsx').then((m) => m.MapMakerPage)),
  reportBuilder: lazyPage(() =>
    import('./report-builder-page.tsx').then((m) => m.ReportBuilderPage),
  ),
  reportExecution: lazyPage(() =>
    import('./report-execution-page.tsx').then((m) => m.ReportExecutionPage),
  ),
  retention: lazyPage(() => import('./retention-page.tsx').then((m) => m.RetentionPage)),
  rulesAttributes: lazyPage(() =>
    import('./rules-attributes-page.tsx').then((m) => m.RulesAttributesPage),
  ),
  sites: lazyPage(() => import('./sites-page.tsx').then((m) => m.SitesPage)),
  versioning: lazyPage(() => import('./versioning-page.tsx').then((m) => m.VersioningPage)),
  versioningDefinition: lazyPage(() =>
    import('./versioning-page.tsx').then((m) => m.VersioningDefinitionPage),
  ),
  zoneBuilder: lazyPage(() => import('./zone-builder-page.tsx').then((m) => m.ZoneBuilderPage)),
};

/** The on-demand page of a route; null when the route's page is in the frame's own script. */
function lazyPageOf(match: RouteMatch): PageModule | null {
  let page: PageModule | null;
  switch (match.kind) {
    case 'detail':
      // a report's own page is its builder (what it lists, its columns, filters, order, groups)
      page = match.resource.api === 'reportDefinition' ? pages.reportBuilder : null;
      break;
    case 'mapmaker':
      page = pages.mapMaker;
      break;
    case 'welcome':
    case 'landing':
    case 'list':
    case 'logs': // the trail is a record's History too: the form has it
    case 'notFound':
      page = null;
      break;
    default:
      page = pages[match.kind];
  }
  return page;
}

/**
 * Starts fetching the page of `path` when it is not in the frame's own script: called as soon as
 * the frame knows its route (before the session is there), so the page's code arrives alongside.
 */
export function preloadPageFor(path: string): void {
  lazyPageOf(matchRoute(path))
    ?.preload()
    .catch(() => {
      // shown by the page itself when it renders (PageLoadBoundary)
    });
}

/**
 * Whether the page of `path` is one loaded on demand: its first showing may be the loading view, and
 * `PageForRoute`'s `onShown` says when the page itself (or its failed-load view) is in the DOM.
 */
export function loadsOnDemand(path: string): boolean {
  return lazyPageOf(matchRoute(path)) !== null;
}

/** Calls `onShown(route)` from the commit that puts it in the DOM (and again when it shows again). */
function ShownMark({ route, onShown }: { route: string; onShown?: (route: string) => void }) {
  useLayoutEffect(() => onShown?.(route), [route, onShown]);
  return null;
}

/** While a page's code arrives: the frame's own loading notice (the same box as "Connecting…"). */
function PageLoading() {
  const { t } = useLegacy();
  return (
    <p className="notice" role="status" aria-busy="true">
      <Spinner />
      {t('app.loading')}
    </p>
  );
}

function PageLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLegacy();
  return <ErrorPanel message={t('app.pageLoadFailed')} onRetry={onRetry} />;
}

interface BoundaryProps {
  /** The route shown: another route clears a failure. */
  route: string;
  onRetry: () => void;
  /** The failed-load view is in the DOM: that is what the route shows. */
  onShown?: (route: string) => void;
  children: ReactNode;
}

/** A page whose code could not be fetched says so, with a retry; other errors pass on. */
class PageLoadBoundary extends Component<BoundaryProps, { error: PageLoadError | null }> {
  override state: { error: PageLoadError | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.error && previous.route !== this.props.route) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof PageLoadError)) throw error;
    return (
      <>
        <PageLoadFailed
          onRetry={() => {
            this.props.onRetry();
            this.setState({ error: null });
          }}
        />
        <ShownMark route={this.props.route} onShown={this.props.onShown} />
      </>
    );
  }
}

/**
 * The page for a legacy location (a path and, for lists, their state in the query). `onShown` is
 * called with the route (the path without its query) once a page loaded on demand is in the DOM,
 * or its failed-load view: not while its loading view is shown.
 */
export function PageForRoute({
  path,
  onShown,
}: {
  path: string;
  onShown?: (route: string) => void;
}) {
  const match = matchRoute(path);
  const index = path.indexOf('?');
  const query = index >= 0 ? path.slice(index + 1) : '';
  const lazyOne = lazyPageOf(match);
  if (!lazyOne) return pageElement(match, query);
  return (
    <OnDemandPage
      page={lazyOne}
      route={index >= 0 ? path.slice(0, index) : path}
      render={() => pageElement(match, query)}
      {...(onShown ? { onShown } : {})}
    />
  );
}

/**
 * A page of `page`'s module (`render` shows its current Component): the loading notice while the
 * code arrives, and a failure with a retry when it cannot be fetched.
 */
export function OnDemandPage({
  page,
  route,
  render,
  reload = () => window.location.reload(),
  onShown,
}: {
  page: PageModule;
  /** The route shown (its path): another route clears a failure. */
  route: string;
  render: () => ReactNode;
  /** The page (or its failed-load view) is in the DOM; not called for the loading view. */
  onShown?: (route: string) => void;
  /** Reloads the frame (tests pass a spy). */
  reload?: () => void;
}) {
  // a retry replaces page.Component: rendering again shows the new one
  const [, setAttempt] = useState(0);
  return (
    <PageLoadBoundary
      route={route}
      {...(onShown ? { onShown } : {})}
      onRetry={() => {
        // Failing again is likely not the connection: a deployment replaced the files and this
        // one is gone. A reload of the frame reads the new index (the shell reconnects it).
        if (page.failures() >= 2) {
          reload();
          return;
        }
        page.retry();
        setAttempt((attempt) => attempt + 1);
      }}
    >
      <Suspense fallback={<PageLoading />}>
        {render()}
        <ShownMark route={route} onShown={onShown} />
      </Suspense>
    </PageLoadBoundary>
  );
}

/**
 * Which page `location` shows, for the pages a tab click goes between (lists, records, module
 * landing pages, the welcome page): two locations with the same identity show the same page (kept
 * across the move, as its key keeps it below); another identity is another page. Null for any other
 * page: not compared.
 */
export function pageIdentity(location: string): string | null {
  return identityOf(matchRoute(location));
}

/** `pageIdentity` of a matched route: also the key its list or record page is kept by. */
function identityOf(match: RouteMatch): string | null {
  switch (match.kind) {
    case 'welcome':
    case 'landing':
      return match.kind;
    case 'list':
      return `list:${match.resource.api}`;
    case 'detail':
      return `detail:${match.resource.api}:${match.id}`;
    default:
      return null;
  }
}

function pageElement(match: RouteMatch, query: string): ReactNode {
  switch (match.kind) {
    case 'welcome':
      return <WelcomePage />;
    case 'landing':
      return <LandingPage module={match.module} />;
    case 'list':
      return (
        <ResourceListPage
          key={identityOf(match)}
          resource={match.resource}
          open={match.open}
          query={query}
        />
      );
    case 'detail': {
      if (match.resource.api === 'reportDefinition') {
        const { Component: ReportBuilderPage } = pages.reportBuilder;
        return <ReportBuilderPage key={identityOf(match)} id={match.id} />;
      }
      return <ResourceFormPage key={identityOf(match)} resource={match.resource} id={match.id} />;
    }
    case 'mapmaker': {
      const { Component: MapMakerPage } = pages.mapMaker;
      return <MapMakerPage />;
    }
    case 'logs':
      return <AuditLogPage query={query} />;
    case 'help': {
      const { Component: HelpPageView } = pages.help;
      return <HelpPageView key={match.page} page={match.page} />;
    }
    case 'health': {
      const { Component: HealthPage } = pages.health;
      return <HealthPage />;
    }
    case 'groupSettings': {
      const { Component: GroupSettingsPage } = pages.groupSettings;
      return <GroupSettingsPage key={match.groupId ?? 'own'} groupId={match.groupId} />;
    }
    case 'retention': {
      const { Component: RetentionPage } = pages.retention;
      return <RetentionPage />;
    }
    case 'sites': {
      const { Component: SitesPage } = pages.sites;
      return <SitesPage key={String(match.site)} site={match.site} />;
    }
    case 'rulesAttributes': {
      const { Component: RulesAttributesPage } = pages.rulesAttributes;
      return <RulesAttributesPage />;
    }
    case 'zoneBuilder': {
      const { Component: ZoneBuilderPage } = pages.zoneBuilder;
      return <ZoneBuilderPage query={query} />;
    }
    case 'importExport': {
      const { Component: ImportExportPage } = pages.importExport;
      return <ImportExportPage key={match.jobId ?? 'new'} jobId={match.jobId} />;
    }
    case 'license': {
      const { Component: LicensePage } = pages.license;
      return <LicensePage />;
    }
    case 'licenseGenerator': {
      const { Component: LicenseGeneratorPage } = pages.licenseGenerator;
      return <LicenseGeneratorPage />;
    }
    case 'apiExplorer': {
      const { Component: ApiExplorerPage } = pages.apiExplorer;
      return <ApiExplorerPage />;
    }
    case 'versioning': {
      const { Component: VersioningPage } = pages.versioning;
      return <VersioningPage />;
    }
    case 'versioningDefinition': {
      const { Component: VersioningDefinitionPage } = pages.versioningDefinition;
      return <VersioningDefinitionPage />;
    }
    case 'applicationTab': {
      const { Component: ApplicationTabPage } = pages.applicationTab;
      return (
        <ApplicationTabPage
          key={`${match.tabId}:${match.menuId}`}
          tabId={match.tabId}
          menuId={match.menuId}
          reportId={match.reportId}
        />
      );
    }
    case 'reportExecution': {
      const { Component: ReportExecutionPage } = pages.reportExecution;
      return <ReportExecutionPage key={match.reportId} reportId={match.reportId} />;
    }
    default:
      return <NotFoundPage />;
  }
}
