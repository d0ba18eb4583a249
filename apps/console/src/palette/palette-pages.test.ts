import { isAppRouteAllowed } from '@portico/core';
import { describe, expect, it } from 'vitest';
import { filterPalettePages, foldText, listPalettePages, type LabelFn } from './palette-pages.ts';

// Labels as the shell shows them, without i18n: the key's last part, "Assets" for the thing tab.
const label: LabelFn = (tab, labelKey) =>
  tab === 'thing' ? 'Assets' : (labelKey ?? `tabs.${tab ?? 'home'}`).replace('tabs.', '');

const ALL = [
  'things:x',
  'thing:*',
  'thingtype:x',
  'tenants:x',
  'group:*',
  'grouptype:r',
  'user:r',
  'role:r',
  'resource:r',
  'gateway:x',
  'edgebox:r',
  'model:x',
  'mapmaker:x',
  'zone:*',
  'zonetype:r',
  'services:x',
  'connection:r',
  'analytics:x',
  'report_definition:x',
  'auditlog:r',
];

describe('the pages the palette lists', () => {
  it('lists only pages the user may open, never routes with parameters or module landing pages', () => {
    const pages = listPalettePages({ permissions: ALL, hiddenTabs: [] }, label);
    const paths = pages.map((page) => page.path);
    for (const path of paths) {
      expect(path).not.toContain(':');
      expect(isAppRouteAllowed(path, { permissions: ALL, hiddenTabs: [] })).toBe(true);
    }
    expect(paths).toEqual(
      expect.arrayContaining([
        '/app/home/welcome',
        '/app/things/thing',
        '/app/model/zone',
        '/app/services/connection',
        '/app/services/logs',
        '/app/analytics/report',
        '/app/analytics/report/list',
        '/app/machinelearning',
      ]),
    );
    expect(paths).not.toContain('/app/things');
    expect(paths).not.toContain('/app/tenants/license'); // license:r && license:u not held
    expect(paths).not.toContain('/app/model/zone/builder'); // would repeat "zone"
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('hidden tabs remove their pages although the permission is held', () => {
    const paths = listPalettePages({ permissions: ALL, hiddenTabs: ['services'] }, label).map(
      (page) => page.path,
    );
    expect(paths.some((path) => path.startsWith('/app/services/'))).toBe(false);
    expect(paths).toContain('/app/model/zone');
  });

  it('no permission at all: only the home pages and the routes open to everyone', () => {
    const paths = listPalettePages({ permissions: [], hiddenTabs: [] }, label).map(
      (page) => page.path,
    );
    expect(
      paths.every(
        (path) =>
          path.startsWith('/app/home/') ||
          path === '/app/machinelearning' ||
          path === '/app/healthandstatus',
      ),
    ).toBe(true);
  });

  it('labels pages with the vocabulary and names their module; the map maker is marked beta', () => {
    const pages = listPalettePages({ permissions: ALL, hiddenTabs: [] }, label);
    expect(pages.find((page) => page.path === '/app/things/thing')).toMatchObject({
      label: 'Assets',
      context: 'things',
      aliases: ['thing'],
    });
    expect(pages.find((page) => page.path === '/app/services/logs')).toMatchObject({
      label: 'logs',
      context: 'services',
    });
    expect(pages.find((page) => page.path === '/app/machinelearning')).toMatchObject({
      label: 'machinelearning',
      context: '',
    });
    expect(pages.find((page) => page.path === '/app/model/mapmaker')?.beta).toBe(true);
  });
});

describe('filtering', () => {
  const pages = [
    { path: '/a', label: 'Zone types', context: 'Model', beta: false, aliases: [] },
    { path: '/b', label: 'Zones', context: 'Model', beta: false, aliases: [] },
    { path: '/c', label: 'Logical readers', context: 'Model', beta: false, aliases: [] },
    { path: '/d', label: 'Zonas de Operação', context: 'Modelo', beta: false, aliases: [] },
    { path: '/e', label: 'Connections', context: 'Services', beta: false, aliases: [] },
    { path: '/f', label: 'Staff', context: 'Tenants', beta: false, aliases: ['Users'] },
  ];
  const paths = (query: string) => filterPalettePages(pages, query, 'en').map((page) => page.path);

  it('an empty query keeps every page in order', () => {
    expect(paths('  ')).toEqual(['/a', '/b', '/c', '/d', '/e', '/f']);
  });

  it('matches case- and accent-insensitively, label prefixes first', () => {
    expect(paths('ZON')).toEqual(['/a', '/b', '/d']);
    expect(paths('types')).toEqual(['/a']);
    expect(paths('operacao')).toEqual(['/d']);
    expect(paths('readers')).toEqual(['/c']);
    expect(paths('ty')).toEqual(['/a']);
    // "Connections" starts with c; "Logical readers" and "Operação" (ç) contain it
    expect(paths('c')).toEqual(['/e', '/c', '/d']);
  });

  it('every word must match, in the label or the module', () => {
    expect(paths('model readers')).toEqual(['/c']);
    expect(paths('services zone')).toEqual([]);
    expect(paths('nothing like this')).toEqual([]);
  });

  it('a renamed page is found by its built-in name too, after the label matches', () => {
    expect(paths('user')).toEqual(['/f']);
    expect(paths('staff')).toEqual(['/f']);
    expect(paths('tenants users')).toEqual(['/f']);
    const renamedZones = [
      ...pages,
      { path: '/g', label: 'Areas', context: 'Model', beta: false, aliases: ['Zones'] },
    ];
    expect(filterPalettePages(renamedZones, 'zone', 'en').map((page) => page.path)).toEqual([
      '/a',
      '/b',
      '/g',
    ]);
  });

  it('folds text for the current language', () => {
    expect(foldText('Área', 'pt-BR')).toBe('area');
    expect(foldText('ÉTÉ', 'fr')).toBe('ete');
    expect(foldText('I', 'tr')).toBe('ı');
  });
});
