import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './app.tsx';

afterEach(() => {
  window.location.hash = '';
});

describe('App', () => {
  it('names the route from location.hash in its heading and test id', () => {
    window.location.hash = '#/things/thing';
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('/things/thing');
    expect(screen.getByTestId('legacy-route')).toHaveTextContent('/things/thing');
  });

  it('follows hash changes', async () => {
    window.location.hash = '#/things/thing';
    render(<App />);
    await act(async () => {
      window.location.hash = '#/model/zone';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByTestId('legacy-route')).toHaveTextContent('/model/zone');
  });
});
