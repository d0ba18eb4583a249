// Ported from the real platform's ResourceControllerTest.java (one case per real @Test; see harness.ts).
import { describe, it } from 'vitest';
import { usePlatform } from './harness.ts';

const platform = usePlatform();

describe('ResourceControllerTest (real platform)', () => {
  it('testListResource', async () => {
    await platform.expectResponse('/resource', 200, 'GET');
  });
});
