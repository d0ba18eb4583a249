import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { WelcomePage } from './simple-pages.tsx';

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
