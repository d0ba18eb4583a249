// Every route of spec §2 shows a page that does a job: none falls to "not
// found". The table is core's (APP_ROUTES), so a route added there without a page fails here.
import { APP_ROUTES } from '@portico/core';
import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes.ts';

/** A route pattern with its parameters filled by values of the right shape. */
function sample(pattern: string): string {
  return pattern.replace(/:\w+/g, '7').replace(/^\/app/, '');
}

describe('every spec §2 route has a real page', () => {
  it.each(APP_ROUTES.map((route) => [route.path]))('%s', (pattern) => {
    const kind = matchRoute(sample(pattern)).kind;
    expect(kind, sample(pattern)).not.toBe('notFound');
  });
});
