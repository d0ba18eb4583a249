import { useCallback, useState } from 'react';

/**
 * A page's loads and why the last one failed: `loads` belongs in the loading effect's
 * dependencies, `reload` loads again after a change, `retry` forgets the failure and loads again.
 */
export function useReload() {
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  const reload = useCallback(() => setLoads((n) => n + 1), []);
  const retry = useCallback(() => {
    setLoadError(null);
    setLoads((n) => n + 1);
  }, []);
  return { loads, loadError, setLoadError, reload, retry };
}
