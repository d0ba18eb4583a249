import { describe, expect, it } from 'vitest';
import { MODULES, matchRoute, normalizePath } from './routes.ts';

describe('matchRoute', () => {
  it('has a page for every route of the spec §2 table', () => {
    const placeholders = [
      '/tenants/group/config/5',
      '/tenants/devicesConfiguration/3',
      '/tenants/sitesConfiguration/list',
      '/tenants/sitesConfiguration/new',
      '/tenants/sitesConfiguration/edit/2',
      '/services/importExport/7',
      '/analytics/report/execution/4',
      '/model/zone/builder',
      '/services/logs',
      '/services/versioning/definition',
      '/machinelearning',
      '/healthandstatus',
      '/applicationTab/3/menu/4',
      '/applicationTab/3/menu/4/report/9',
      '/tenants/license',
      '/model/mapmaker',
    ];
    for (const path of placeholders) expect(matchRoute(path).kind, path).toBe('placeholder');
    for (const module of MODULES) {
      expect(matchRoute(`/${module.key}`).kind).toBe('landing');
      for (const page of module.pages) expect(matchRoute(page.path).kind, page.path).not.toBe('notFound');
    }
    expect(matchRoute('/model/mapmaker')).toMatchObject({ beta: true });
    expect(matchRoute('/home/welcome').kind).toBe('welcome');
  });

  it('lists the served resources and has report detail routes', () => {
    expect(matchRoute('/things/thing')).toMatchObject({ kind: 'list', resource: { api: 'thing' } });
    expect(matchRoute('/analytics/report')).toMatchObject({ kind: 'list', resource: { api: 'folder' } });
    expect(matchRoute('/analytics/report/list')).toMatchObject({ kind: 'list', resource: { api: 'reportDefinition' } });
    expect(matchRoute('/analytics/report/create')).toMatchObject({ kind: 'detail', id: 'new' });
    expect(matchRoute('/analytics/report/edit/12')).toMatchObject({ kind: 'detail', id: 12 });
    expect(matchRoute('/model/zone/12').kind).toBe('notFound');
    expect(matchRoute('/nope').kind).toBe('notFound');
  });

  it('normalizes hashes', () => {
    expect(normalizePath('#/things/thing/')).toBe('/things/thing');
    expect(normalizePath('')).toBe('/home/welcome');
    expect(normalizePath('#/')).toBe('/home/welcome');
    expect(normalizePath('#/model?x=1')).toBe('/model');
  });
});
