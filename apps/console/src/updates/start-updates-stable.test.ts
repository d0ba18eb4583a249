import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// the update service is what "stable" starts: its creation is the observable moment
const { createUpdateService } = vi.hoisted(() => ({
  createUpdateService: vi.fn(() => ({ onNavigationEnd: vi.fn() })),
}));
vi.mock('./update-service.ts', () => ({ createUpdateService }));

/** A fresh start-updates module (it starts once per page). */
async function freshStartUpdates() {
  vi.resetModules();
  return (await import('./start-updates.ts')).startUpdates;
}

describe('the update service starts when the app is stable (spec §9: when stable, or after 30 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    createUpdateService.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('the sign-in page (no first screen to wait for): at the first idle moment after load', async () => {
    const startUpdates = await freshStartUpdates();
    startUpdates();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(createUpdateService).toHaveBeenCalledOnce());
  });

  it("a session's console: not before its first screen is done, then at an idle moment", async () => {
    const startUpdates = await freshStartUpdates();
    let firstScreenDone!: () => void;
    startUpdates({ firstScreen: new Promise<void>((resolve) => (firstScreenDone = resolve)) });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(createUpdateService).not.toHaveBeenCalled();
    firstScreenDone();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(createUpdateService).toHaveBeenCalledOnce());
  });

  it('a first screen that never ends: after 30 s at the latest, once', async () => {
    const startUpdates = await freshStartUpdates();
    startUpdates({ firstScreen: new Promise<void>(() => {}) });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(createUpdateService).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(createUpdateService).toHaveBeenCalledOnce());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(createUpdateService).toHaveBeenCalledOnce();
  });
});
