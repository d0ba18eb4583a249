import { useCallback, useEffect, useRef, useState } from 'react';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';

/**
 * How an action words its failure: the text to show; null when the failure is shown elsewhere
 * (a field's own error, a dialog) and the action's error stays empty; undefined for the sentence
 * `describeError` gives any failure of an API call.
 */
export type DescribeFailure = (caught: unknown) => string | null | undefined;

/**
 * A page's action that waits on the services (save, delete, send, download): `busy` while it
 * runs, `error` the last failure's words (or a check's, through `setError`). `run` clears the
 * error, ignores a second action while one runs, and sets nothing once the page has gone away.
 * It resolves true when the action finished, false when it failed or was ignored.
 */
export function useBusyAction() {
  const { t } = useLegacy();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (action: () => Promise<void>, describe?: DescribeFailure): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      setError(null);
      try {
        await action();
        return true;
      } catch (caught) {
        if (mounted.current) {
          const text = describe?.(caught);
          setError(text === undefined ? describeError(t, caught) : text);
        }
        return false;
      } finally {
        running.current = false;
        if (mounted.current) setBusy(false);
      }
    },
    [t],
  );

  return { busy, error, setError, run };
}
