// Every route of spec §2, its parameters filled with records that exist, and record forms: the
// list the five-language walk and the every-page walk both go through.
import { expect, type APIRequestContext } from '@playwright/test';
import { API } from './helpers.ts';

/** The first record of each kind a route names, as `token`'s user lists them. */
export interface RouteRecords {
  groupId: number;
  reportId: number;
  siteId: number;
}

/** The first record of each kind the routes name, read through the API with `token`. */
export async function routeRecords(
  request: APIRequestContext,
  token: string,
): Promise<RouteRecords> {
  const first = async (resource: string) => {
    const answer = await request.get(`${API}/${resource}?pageSize=1`, { headers: { token } });
    expect(answer.status(), resource).toBe(200);
    return ((await answer.json()) as { results: { id: number }[] }).results[0]?.id ?? 1;
  };
  return {
    groupId: await first('group'),
    reportId: await first('reportDefinition'),
    // a site with its details (the seed's North DC or South DC): its real page
    siteId: await first('site'),
  };
}

/** Every route of spec §2 (and some record forms), without the application tabs. */
export function specRoutes({ groupId, reportId, siteId }: RouteRecords): string[] {
  return [
    '/app/home/welcome',
    '/app/home/support',
    '/app/home/quickGuides',
    '/app/home/videoTutorials',
    '/app/home/documentation',
    '/app/things',
    '/app/things/thing',
    '/app/things/thing/new',
    '/app/things/thingType',
    '/app/tenants',
    '/app/tenants/group',
    '/app/tenants/groupType',
    '/app/tenants/sitesConfiguration',
    '/app/tenants/devicesConfiguration',
    '/app/tenants/user',
    '/app/tenants/role',
    '/app/tenants/resource',
    '/app/tenants/license',
    '/app/tenants/settings',
    '/app/tenants/rulesAttributes',
    `/app/tenants/group/config/${groupId}`,
    '/app/tenants/devicesConfiguration/1',
    '/app/tenants/sitesConfiguration/list',
    '/app/tenants/sitesConfiguration/new',
    `/app/tenants/sitesConfiguration/edit/${siteId}`,
    '/app/gateway',
    '/app/gateway/edgebox',
    '/app/gateway/scheduledRule',
    '/app/gateway/streamApp',
    '/app/model',
    '/app/model/mapmaker',
    '/app/model/zone',
    '/app/model/zone/new',
    '/app/model/zoneType',
    '/app/model/zoneGroup',
    '/app/model/logicalReader',
    '/app/model/zone/builder',
    '/app/services',
    '/app/services/importExport',
    '/app/services/connection',
    '/app/services/license',
    '/app/services/versioning',
    '/app/services/apiExplorer',
    '/app/services/endpoint',
    '/app/services/dataRetentionPolicy',
    '/app/services/subscription',
    '/app/services/importExport/1',
    '/app/services/versioning/definition',
    '/app/services/logs',
    '/app/analytics',
    '/app/analytics/report',
    '/app/analytics/report/list',
    '/app/analytics/report/create',
    `/app/analytics/report/edit/${reportId}`,
    `/app/analytics/report/execution/${reportId}`,
    '/app/machinelearning',
    '/app/healthandstatus',
  ];
}

/** The application tab routes of a tenant whose configuration defines tab 1 with menu 1. */
export const APPLICATION_TAB_ROUTES = [
  '/app/applicationTab/1/menu/1',
  '/app/applicationTab/1/menu/1/report/1',
];
