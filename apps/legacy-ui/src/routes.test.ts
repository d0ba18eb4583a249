import { describe, expect, it } from 'vitest';
import { MODULES, matchRoute, normalizeLocation, normalizePath } from './routes.ts';

describe('matchRoute', () => {
  it('has a page for every route of the spec §2 table', () => {
    expect(matchRoute('/applicationTab/3/menu/4')).toEqual({
      kind: 'applicationTab',
      tabId: 3,
      menuId: 4,
      reportId: null,
    });
    expect(matchRoute('/applicationTab/3/menu/4/report/9')).toEqual({
      kind: 'applicationTab',
      tabId: 3,
      menuId: 4,
      reportId: 9,
    });
    expect(matchRoute('/applicationTab/ops/menu/4').kind).toBe('notFound');
    expect(matchRoute('/applicationTab/3/menu/0').kind).toBe('notFound');
    for (const module of MODULES) {
      expect(matchRoute(`/${module.key}`).kind).toBe('landing');
      for (const page of module.pages)
        expect(matchRoute(page.path).kind, page.path).not.toBe('notFound');
    }
    expect(matchRoute('/model/mapmaker')).toEqual({ kind: 'mapmaker' });
    expect(matchRoute('/analytics/report/execution/4')).toEqual({
      kind: 'reportExecution',
      reportId: 4,
    });
    expect(matchRoute('/analytics/report/execution/0').kind).toBe('notFound');
    // sites: the menu page is the list; a new site; one site's page
    expect(matchRoute('/tenants/sitesConfiguration')).toEqual({ kind: 'sites', site: 'list' });
    expect(matchRoute('/tenants/sitesConfiguration/list')).toEqual({ kind: 'sites', site: 'list' });
    expect(matchRoute('/tenants/sitesConfiguration/new')).toEqual({ kind: 'sites', site: 'new' });
    expect(matchRoute('/tenants/sitesConfiguration/edit/2')).toEqual({ kind: 'sites', site: 2 });
    expect(matchRoute('/tenants/sitesConfiguration/edit/0').kind).toBe('notFound');
    // device profiles: the list, and each profile's own page (spec §2's devicesConfiguration/{id})
    expect(matchRoute('/tenants/devicesConfiguration')).toMatchObject({
      kind: 'list',
      resource: { api: 'deviceProfile' },
      open: null,
    });
    expect(matchRoute('/tenants/devicesConfiguration/3')).toMatchObject({
      kind: 'detail',
      resource: { api: 'deviceProfile' },
      id: 3,
    });
    expect(matchRoute('/tenants/devicesConfiguration/new')).toMatchObject({
      kind: 'detail',
      resource: { api: 'deviceProfile' },
      id: 'new',
    });
    expect(matchRoute('/services/importExport')).toEqual({ kind: 'importExport', jobId: null });
    expect(matchRoute('/services/importExport/7')).toEqual({ kind: 'importExport', jobId: 7 });
    expect(matchRoute('/healthandstatus')).toEqual({ kind: 'health' });
    expect(matchRoute('/home/support')).toEqual({ kind: 'help', page: 'support' });
    expect(matchRoute('/home/documentation')).toEqual({ kind: 'help', page: 'documentation' });
    expect(matchRoute('/tenants/settings')).toEqual({ kind: 'groupSettings', groupId: null });
    expect(matchRoute('/model/zone/builder')).toEqual({ kind: 'zoneBuilder' });
    expect(matchRoute('/tenants/group/config/5')).toEqual({ kind: 'groupSettings', groupId: 5 });
    expect(matchRoute('/tenants/group/config/0').kind).toBe('notFound');
    expect(matchRoute('/services/apiExplorer')).toEqual({ kind: 'apiExplorer' });
    expect(matchRoute('/tenants/license')).toEqual({ kind: 'license' });
    expect(matchRoute('/services/license')).toEqual({ kind: 'licenseGenerator' });
    expect(matchRoute('/services/versioning')).toEqual({ kind: 'versioning' });
    expect(matchRoute('/services/versioning/definition')).toEqual({
      kind: 'versioningDefinition',
    });
    expect(matchRoute('/services/logs')).toEqual({ kind: 'logs' });
    expect(matchRoute('/services/logs?user=admin&page=2')).toEqual({ kind: 'logs' });
    // the trained models: a list of no module, each model over it at its address
    expect(matchRoute('/machinelearning')).toMatchObject({
      kind: 'list',
      resource: { api: 'trainedModel' },
      open: null,
    });
    expect(matchRoute('/machinelearning/4')).toMatchObject({
      kind: 'list',
      resource: { api: 'trainedModel' },
      open: 4,
    });
    expect(matchRoute('/machinelearning/new')).toMatchObject({ open: 'new' });
    expect(matchRoute('/machinelearning')).not.toHaveProperty('module');
    expect(matchRoute('/home/welcome').kind).toBe('welcome');
  });

  it('lists the served resources and has report detail routes', () => {
    expect(matchRoute('/things/thing')).toMatchObject({ kind: 'list', resource: { api: 'thing' } });
    expect(matchRoute('/analytics/report')).toMatchObject({
      kind: 'list',
      resource: { api: 'folder' },
    });
    expect(matchRoute('/analytics/report/list')).toMatchObject({
      kind: 'list',
      resource: { api: 'reportDefinition' },
    });
    expect(matchRoute('/analytics/report/create')).toMatchObject({ kind: 'detail', id: 'new' });
    expect(matchRoute('/analytics/report/edit/12')).toMatchObject({ kind: 'detail', id: 12 });
    expect(matchRoute('/nope').kind).toBe('notFound');
  });

  it('gives every record of an in-place list an address over its list', () => {
    expect(matchRoute('/model/zone/12')).toMatchObject({
      kind: 'list',
      resource: { api: 'zone' },
      open: 12,
    });
    expect(matchRoute('/things/thing/new?sort=name:desc')).toMatchObject({
      kind: 'list',
      resource: { api: 'thing' },
      open: 'new',
    });
    expect(matchRoute('/analytics/report/folder/3')).toMatchObject({
      kind: 'list',
      resource: { api: 'folder' },
      open: 3,
    });
    expect(matchRoute('/things/thing')).toMatchObject({ kind: 'list', open: null });
    for (const path of [
      '/model/zone/0',
      '/model/zone/abc',
      '/model/zone/12/x',
      '/analytics/report/3',
      '/things/thing/01',
    ]) {
      expect(matchRoute(path).kind, path).toBe('notFound');
    }
    expect(matchRoute('/model/zone/builder?zone=3').kind).toBe('zoneBuilder');
  });

  it('normalizes hashes', () => {
    expect(normalizePath('#/things/thing/')).toBe('/things/thing');
    expect(normalizePath('')).toBe('/home/welcome');
    expect(normalizePath('#/')).toBe('/home/welcome');
    expect(normalizePath('#/model?x=1')).toBe('/model');
    expect(normalizeLocation('#/things/thing/?sort=name:desc')).toBe(
      '/things/thing?sort=name:desc',
    );
    expect(normalizeLocation('#/things/thing?')).toBe('/things/thing');
    expect(normalizeLocation('')).toBe('/home/welcome');
  });
});
