import { useEffect, useState } from 'react';
import type { ApiRow } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { RESOURCES } from '../resources.ts';
import { loadWhileCurrent } from './load-while-current.ts';

/** The choices of a reference field: loading, the rows, or unavailable (no permission, API down). */
export type ReferenceRows =
  { status: 'loading' } | { status: 'ready'; rows: ApiRow[] } | { status: 'unavailable' };

const MAX_CHOICES = 1000;

/** The rows a reference to `resource` may point at, sorted by their name, read once per mount. */
export function useReferenceRows(resource: string | undefined): ReferenceRows {
  const { api, permissions } = useLegacy();
  const def = resource ? RESOURCES[resource] : undefined;
  const readable = def !== undefined && permissions.has(`${def.permission}:r`);
  const [state, setState] = useState<ReferenceRows>(
    readable ? { status: 'loading' } : { status: 'unavailable' },
  );
  useEffect(() => {
    if (!def || !readable) return;
    return loadWhileCurrent(
      api.list(def.api, { pageSize: MAX_CHOICES, pageNumber: 1, order: `${def.titleField}:asc` }),
      (page) => setState({ status: 'ready', rows: page.results }),
      () => setState({ status: 'unavailable' }),
    );
  }, [api, def, readable]);
  return state;
}

/** A reference row's name. */
export function rowName(resource: string | undefined, row: ApiRow): string {
  const field = (resource ? RESOURCES[resource]?.titleField : undefined) ?? 'name';
  const value = row[field];
  return typeof value === 'string' && value !== '' ? value : `#${row.id}`;
}
