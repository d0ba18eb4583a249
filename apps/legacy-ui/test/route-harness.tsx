// Renders the page of a legacy location and follows the pages' own navigation, as the frame does.
import { useState } from 'react';
import { vi } from 'vitest';
import type { ApiClient } from '../src/api-client.ts';
import { PageForRoute } from '../src/pages/page-for-route.tsx';
import { normalizeLocation } from '../src/routes.ts';
import { renderWithLegacy } from './render-legacy.tsx';

export function renderAt(
  initial: string,
  options: {
    api: ApiClient;
    permissions: string[];
    language?: string;
    groupFields?: Record<string, unknown>;
  },
) {
  let location = normalizeLocation(initial);
  let setLocation: (next: string) => void = () => undefined;
  function Harness() {
    const [current, setCurrent] = useState(location);
    setLocation = setCurrent;
    return <PageForRoute path={current} />;
  }
  const navigate = vi.fn((target: string) => {
    location = normalizeLocation(target);
    setLocation(location);
  });
  const rendered = renderWithLegacy(<Harness />, { ...options, navigate });
  return {
    ...rendered,
    navigate,
    location: () => location,
    go: (target: string) => navigate(target),
  };
}
