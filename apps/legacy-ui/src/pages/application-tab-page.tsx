// An application tab's menu (spec §2 module applicationTab): /applicationTab/{tabId}/menu/{menuId}
// lists the menu's reports (name, folder, type), each opening
// /applicationTab/{tabId}/menu/{menuId}/report/{reportId}, which runs that report (the analytics
// module's ReportExecutionPage). The tabs are
// the tenant's applicationTabs group field (the shell pushes it with the configuration); which tab
// and menu the user may use is core's rule (report_definition:r, a menu naming reports). An
// unknown tab, menu or report, or one not in the menu, is a clear message, never a crash.
import { useEffect, useState } from 'react';
import {
  applicationTabLabel,
  findApplicationTabMenu,
  getUsableApplicationTabs,
  readApplicationTabs,
} from '@portico/core';
import type { ApiRow } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import { PageFrame } from './page-frame.tsx';
import { ReportExecutionPage } from './report-execution-page.tsx';
import { RouteLink } from './route-link.tsx';
import { ErrorPanel, FormSkeleton } from './status-views.tsx';
import { TableRegion } from './table-region.tsx';

/** One report of a menu: the row the services answered, or why there is none. */
type MenuReport = { id: number; row: ApiRow | null; error: string | null };

/** The path of a menu (and of one of its reports). */
export function applicationTabLegacyPath(tabId: number, menuId: number, reportId?: number) {
  const menu = `/applicationTab/${tabId}/menu/${menuId}`;
  return reportId === undefined ? menu : `${menu}/report/${reportId}`;
}

export function ApplicationTabPage({
  tabId,
  menuId,
  reportId,
}: {
  tabId: number;
  menuId: number;
  reportId: number | null;
}) {
  const { t, api, language, permissions, groupFields, fieldLabel, enumLabel, conceptLabel } =
    useLegacy();
  const usable = getUsableApplicationTabs(
    readApplicationTabs(groupFields.applicationTabs),
    permissions,
  );
  const found = findApplicationTabMenu(usable, tabId, menuId);
  const ids = found?.menu.reportIds.join(',') ?? '';
  const [reports, setReports] = useState<MenuReport[] | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (ids === '') return;
    let current = true;
    setReports(null);
    void Promise.allSettled(ids.split(',').map((id) => api.get('reportDefinition', Number(id))))
      .then((answers) =>
        answers.map((answer, index) => ({
          id: Number(ids.split(',')[index]),
          row: answer.status === 'fulfilled' ? answer.value : null,
          error: answer.status === 'rejected' ? describeError(t, answer.reason) : null,
        })),
      )
      .then((next) => {
        if (current) setReports(next);
      });
    return () => {
      current = false;
    };
  }, [api, ids, attempt, t]);

  const section = conceptLabel('ApplicationTabs', 'page.applicationTab');
  if (!found)
    return (
      <PageFrame title={section}>
        <ErrorPanel message={t('appTab.unknownMenu')} />
      </PageFrame>
    );
  const tabLabel = applicationTabLabel(found.tab, language);
  const menuLabel = applicationTabLabel(found.menu, language);
  const title = `${tabLabel} › ${menuLabel}`;

  if (reportId !== null) {
    if (!found.menu.reportIds.includes(reportId))
      return (
        <PageFrame title={title}>
          <ErrorPanel message={t('appTab.reportNotInMenu', { id: reportId })} />
          <RouteLink to={applicationTabLegacyPath(tabId, menuId)}>
            {t('appTab.backToMenu', { menu: menuLabel })}
          </RouteLink>
        </PageFrame>
      );
    // the report's run, as the analytics module shows it, one link away from its menu
    return (
      <>
        <p className="app-tab-back">
          <RouteLink to={applicationTabLegacyPath(tabId, menuId)}>
            {t('appTab.backToMenu', { menu: `${tabLabel} › ${menuLabel}` })}
          </RouteLink>
        </p>
        <ReportExecutionPage key={reportId} reportId={reportId} />
      </>
    );
  }

  const columns = RESOURCES.reportDefinition?.columns ?? [];
  const column = (field: string) => columns.find((candidate) => candidate.field === field);
  const heading = (field: string) => {
    const def = column(field);
    return def ? fieldLabel(def) : field;
  };
  return (
    <PageFrame title={title}>
      {reports === null ? (
        <FormSkeleton label={t('app.loading')} />
      ) : (
        <>
          <TableRegion label={menuLabel} caption={menuLabel}>
            <thead>
              <tr>
                <th scope="col">{heading('name')}</th>
                <th scope="col">{heading('folderId')}</th>
                <th scope="col">{heading('reportType')}</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((report) => {
                const folder = report.row?.folder as { name?: unknown } | null | undefined;
                return (
                  <tr key={report.id}>
                    {report.row ? (
                      <>
                        <td>
                          <RouteLink to={applicationTabLegacyPath(tabId, menuId, report.id)}>
                            {String(report.row.name ?? report.id)}
                          </RouteLink>
                        </td>
                        <td>{typeof folder?.name === 'string' ? folder.name : '—'}</td>
                        <td>{enumLabel(String(report.row.reportType ?? ''))}</td>
                      </>
                    ) : (
                      <td colSpan={3}>
                        {t('appTab.reportUnavailable', { id: report.id })} ({report.error})
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </TableRegion>
          {reports.some((report) => report.row === null) ? (
            <button type="button" className="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('app.retry')}
            </button>
          ) : null}
        </>
      )}
    </PageFrame>
  );
}
