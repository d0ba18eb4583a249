import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { getModulePages } from '@portico/core';
import { MODULES, type ModuleDef } from '../routes.ts';
import { LandingPage, WelcomePage } from './simple-pages.tsx';

describe('WelcomePage', () => {
  it('links the modules the user may open', () => {
    const { api } = createFakeApi({});
    renderWithLegacy(<WelcomePage />, { api, permissions: ['things:x', 'model:x'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada Admin' })).toBeVisible();
    const links = screen.getByRole('navigation').querySelectorAll('a');
    expect(links).toHaveLength(2);
  });

  it('adds no notice of its own for a user with no module: the shell shows its page for them', () => {
    const { api } = createFakeApi({});
    const { container } = renderWithLegacy(<WelcomePage />, { api, permissions: [] });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada Admin' })).toBeVisible();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(container).not.toHaveTextContent(/access|administrator/i);
  });
});

describe('LandingPage offers only the pages the user may open (core isAppRouteAllowed)', () => {
  const analytics = MODULES.find((module) => module.key === 'analytics') as ModuleDef;
  const services = MODULES.find((module) => module.key === 'services') as ModuleDef;
  const pageLinks = () =>
    [...screen.getByRole('navigation', { name: 'Pages' }).querySelectorAll('a')].map((link) =>
      (link.getAttribute('href') ?? '').replace(/^.*#\/app/, ''),
    );

  it.each([
    // the demo viewer reads reports and folders, but report pages need report_definition:x
    [
      'the viewer: analytics:x and read access',
      analytics,
      ['analytics:x', 'report_definition:r', 'reportDefinitionfolder:r'],
      [],
    ],
    [
      'report_definition:x: the folders and the reports list',
      analytics,
      ['analytics:x', 'report_definition:x', 'report_definition:r'],
      ['/analytics/report', '/analytics/report/list'],
    ],
    // the audit log needs auditlog:r on top of the services tab
    [
      'services without auditlog:r',
      services,
      ['services:x', 'connection:r'],
      ['/services/connection', '/services/subscription'],
    ],
    [
      'services with auditlog:r',
      services,
      ['services:x', 'connection:r', 'auditlog:r'],
      ['/services/connection', '/services/subscription', '/services/logs'],
    ],
  ] as const)('%s', (_name, module, permissions, hrefs) => {
    const { api } = createFakeApi({});
    renderWithLegacy(<LandingPage module={module} />, { api, permissions: [...permissions] });
    expect(pageLinks()).toEqual(hrefs);
    if (hrefs.length === 0)
      expect(screen.getByRole('note')).toHaveTextContent(
        'There is no page here that your account may open.',
      );
    else expect(screen.queryByRole('note')).toBeNull();
  });

  it('every page a landing page lists is a menu item of the same module in core (so the sidebar offers it too)', () => {
    for (const module of MODULES) {
      const core = getModulePages(module.key).map((route) => route.path.slice('/app'.length));
      expect([...module.pages.map((page) => page.path)].sort()).toEqual([...core].sort());
    }
  });
});
