// axe in jsdom (colour contrast needs real layout: the Playwright axe run covers it).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { createFakeApi, zones } from '../test/fake-api.ts';
import { renderWithLegacy } from '../test/render-legacy.tsx';
import { renderAt } from '../test/route-harness.tsx';
import { createHashRouter } from './hash-router.ts';
import { LegacyApp } from './legacy-app.tsx';
import { LandingPage } from './pages/simple-pages.tsx';
import { MODULES } from './routes.ts';

async function violations(container: Element): Promise<string[]> {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

// axe in jsdom is slow on a shared 2-core machine: a generous per-test timeout, not a timed assertion.
describe('accessibility (axe)', { timeout: 30_000 }, () => {
  it('list page and its edit dialog have no violations', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({
      zone: zones(3),
      zoneType: [{ id: 1, groupId: 2, name: 'Dock' }],
    });
    const { container } = renderAt('/model/zone', { api, permissions: ['zone:*', 'zonetype:r'] });
    await screen.findByText('3 total');
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Zone 01' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('Zone 01');
    expect(await violations(container)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await violations(container)).toEqual([]);
  });

  it('landings and the outside-console message have no violations', async () => {
    const { api } = createFakeApi({});
    for (const page of [
      <LandingPage key="l" module={MODULES[1]!} />,
      <LandingPage key="m" module={MODULES[4]!} />,
    ]) {
      const rendered = renderWithLegacy(<main>{page}</main>, { api, permissions: ['thing:r'] });
      expect(await violations(rendered.container)).toEqual([]);
      rendered.unmount();
    }
    const outside = render(<LegacyApp frame={null} router={createHashRouter(window)} />);
    expect(await violations(outside.container)).toEqual([]);
  });
});
