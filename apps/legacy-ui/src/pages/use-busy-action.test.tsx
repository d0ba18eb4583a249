import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import { translator } from '../i18n.ts';
import { LegacyContext } from '../legacy-context.tsx';
import type { LegacyContextValue } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { useBusyAction } from './use-busy-action.ts';
import type { DescribeFailure } from './use-busy-action.ts';

const t = translator('en');
const context = { t } as LegacyContextValue;
function wrapper({ children }: { children: ReactNode }) {
  return <LegacyContext.Provider value={context}>{children}</LegacyContext.Provider>;
}

/** An action that waits until the test settles it. */
function held() {
  let settle!: { resolve: () => void; reject: (caught: unknown) => void };
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { action: vi.fn(() => promise), ...settle };
}

describe('useBusyAction', () => {
  it('is busy while the action runs, clears the last error as it starts, and resolves true', async () => {
    const { result } = renderHook(() => useBusyAction(), { wrapper });
    expect(result.current).toMatchObject({ busy: false, error: null });
    act(() => result.current.setError('a check failed'));
    const call = held();
    let finished!: Promise<boolean>;
    act(() => {
      finished = result.current.run(call.action);
    });
    expect(result.current).toMatchObject({ busy: true, error: null });
    await act(async () => call.resolve());
    expect(await finished).toBe(true);
    expect(result.current).toMatchObject({ busy: false, error: null });
  });

  const notFound = new ApiError(404, 'Not found');
  const tooLarge = new ApiError(413, 'Too large');
  const mapper: DescribeFailure = (caught) =>
    caught instanceof ApiError && caught.status === 413
      ? 'That file is too large.'
      : caught instanceof ApiError && caught.status === 409
        ? null
        : undefined;
  it.each([
    // the failure, the mapper, the error shown
    ['a 404, no mapper', notFound, undefined, describeError(t, notFound)],
    ['a network failure, no mapper', new TypeError('fetch failed'), undefined, t('error.generic')],
    ['a 413 the mapper words', tooLarge, mapper, 'That file is too large.'],
    ['a 409 the mapper shows elsewhere', new ApiError(409, 'In use'), mapper, null],
    ['a 404 the mapper leaves to describeError', notFound, mapper, t('error.notFound')],
  ])(
    '%s: busy ends, run resolves false, the error is the words expected',
    async (_, failure, describe, shown) => {
      const { result } = renderHook(() => useBusyAction(), { wrapper });
      let finished!: Promise<boolean>;
      await act(async () => {
        finished = result.current.run(() => Promise.reject(failure), describe);
        await finished;
      });
      expect(await finished).toBe(false);
      expect(result.current).toMatchObject({ busy: false, error: shown });
    },
  );

  it('ignores a second run while one runs, and takes the next once it ended', async () => {
    const { result } = renderHook(() => useBusyAction(), { wrapper });
    const first = held();
    const second = vi.fn(() => Promise.resolve());
    let ignored!: Promise<boolean>;
    act(() => {
      void result.current.run(first.action);
      ignored = result.current.run(second);
    });
    expect(await ignored).toBe(false);
    expect(second).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(true);
    await act(async () => first.reject(notFound));
    expect(result.current).toMatchObject({ busy: false, error: t('error.notFound') });
    await act(async () => {
      await result.current.run(second);
    });
    expect(second).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ busy: false, error: null });
  });

  it('sets nothing once unmounted during the call: the mapper is not asked', async () => {
    const { result, unmount } = renderHook(() => useBusyAction(), { wrapper });
    const call = held();
    const describe = vi.fn<DescribeFailure>(() => 'words');
    let finished!: Promise<boolean>;
    act(() => {
      finished = result.current.run(call.action, describe);
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    unmount();
    call.reject(notFound);
    expect(await finished).toBe(false);
    expect(describe).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(result.current).toMatchObject({ busy: true, error: null });
  });
});
