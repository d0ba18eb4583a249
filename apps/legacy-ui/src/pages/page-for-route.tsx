import { matchRoute } from '../routes.ts';
import { ApiExplorerPage } from './api-explorer-page.tsx';
import { ApplicationTabPage } from './application-tab-page.tsx';
import { AuditLogPage } from './audit-log-page.tsx';
import { GroupSettingsPage } from './group-settings-page.tsx';
import { HealthPage } from './health-page.tsx';
import { HelpPageView } from './help-pages.tsx';
import { LicenseGeneratorPage } from './license-generator-page.tsx';
import { LicensePage } from './license-page.tsx';
import { MapMakerPage } from './map-maker-page.tsx';
import { ImportExportPage } from './import-export-page.tsx';
import { RetentionPage } from './retention-page.tsx';
import { ReportBuilderPage } from './report-builder-page.tsx';
import { ReportExecutionPage } from './report-execution-page.tsx';
import { SitesPage } from './sites-page.tsx';
import { RulesAttributesPage } from './rules-attributes-page.tsx';
import { ResourceFormPage } from './resource-form-page.tsx';
import { ResourceListPage } from './resource-list-page.tsx';
import { LandingPage, NotFoundPage, WelcomePage } from './simple-pages.tsx';
import { VersioningDefinitionPage, VersioningPage } from './versioning-page.tsx';
import { ZoneBuilderPage } from './zone-builder-page.tsx';

/** The page for a legacy location (a path and, for lists, their state in the query). */
export function PageForRoute({ path }: { path: string }) {
  const match = matchRoute(path);
  const index = path.indexOf('?');
  const query = index >= 0 ? path.slice(index + 1) : '';
  switch (match.kind) {
    case 'welcome':
      return <WelcomePage />;
    case 'landing':
      return <LandingPage module={match.module} />;
    case 'list':
      return (
        <ResourceListPage
          key={match.resource.api}
          resource={match.resource}
          open={match.open}
          query={query}
        />
      );
    case 'detail':
      // a report's own page is its builder (what it lists, its columns, filters, order, groups)
      if (match.resource.api === 'reportDefinition')
        return <ReportBuilderPage key={`report:${match.id}`} id={match.id} />;
      return (
        <ResourceFormPage
          key={`${match.resource.api}:${match.id}`}
          resource={match.resource}
          id={match.id}
        />
      );
    case 'mapmaker':
      return <MapMakerPage />;
    case 'logs':
      return <AuditLogPage query={query} />;
    case 'help':
      return <HelpPageView key={match.page} page={match.page} />;
    case 'health':
      return <HealthPage />;
    case 'groupSettings':
      return <GroupSettingsPage key={match.groupId ?? 'own'} groupId={match.groupId} />;
    case 'retention':
      return <RetentionPage />;
    case 'sites':
      return <SitesPage key={String(match.site)} site={match.site} />;
    case 'rulesAttributes':
      return <RulesAttributesPage />;
    case 'zoneBuilder':
      return <ZoneBuilderPage query={query} />;
    case 'importExport':
      return <ImportExportPage key={match.jobId ?? 'new'} jobId={match.jobId} />;
    case 'license':
      return <LicensePage />;
    case 'licenseGenerator':
      return <LicenseGeneratorPage />;
    case 'apiExplorer':
      return <ApiExplorerPage />;
    case 'versioning':
      return <VersioningPage />;
    case 'versioningDefinition':
      return <VersioningDefinitionPage />;
    case 'applicationTab':
      return (
        <ApplicationTabPage
          key={`${match.tabId}:${match.menuId}`}
          tabId={match.tabId}
          menuId={match.menuId}
          reportId={match.reportId}
        />
      );
    case 'reportExecution':
      return <ReportExecutionPage key={match.reportId} reportId={match.reportId} />;
    default:
      return <NotFoundPage />;
  }
}
