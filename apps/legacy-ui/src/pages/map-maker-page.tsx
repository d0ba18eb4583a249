import { useEffect, useState } from 'react';
import type { CSSProperties } from 'react';
import type { ApiRow } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { lowerFirst } from '../labels.ts';
import { RESOURCES } from '../resources.ts';
import { detailPathOf } from '../routes.ts';
import { RouteLink } from './route-link.tsx';
import { FormSkeleton, LoadFailed, NoPermission } from './status-views.tsx';
import { loadWhileCurrent } from './load-while-current.ts';

const MAX_ZONES = 1000;

/**
 * /model/mapmaker: the first page of the Model module, so it must work (it opened on a
 * "not available" notice). The reference UI has no floor plans; it shows the zones by zone group with
 * their colours, each a link to its record.
 */
export function MapMakerPage() {
  const { api, t, permissions, conceptLabel, resourceLabel, oneLabel } = useLegacy();
  const zone = RESOURCES.zone!;
  // the page speaks of zones in the tenant's words ("your areas by area group")
  const words = {
    zones: lowerFirst(resourceLabel(zone)),
    zoneGroup: lowerFirst(oneLabel(RESOURCES.zoneGroup!)),
  };
  const [zones, setZones] = useState<ApiRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  const canRead = permissions.has('zone:r');
  const title = conceptLabel('MapMaker', 'page.mapmaker');

  useEffect(() => {
    if (!canRead) return;
    setError(null);
    return loadWhileCurrent(
      api.list('zone', { pageSize: MAX_ZONES, pageNumber: 1, order: 'name:asc' }),
      (page) => setZones(page.results),
      (caught) => setError(describeError(t, caught)),
    );
  }, [api, canRead, t, loads]);

  const groups = new Map<string, ApiRow[]>();
  for (const row of zones ?? []) {
    const group = row.zoneGroup as { name?: unknown } | null | undefined;
    const name = typeof group?.name === 'string' ? group.name : t('mapmaker.noGroup');
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">
        {title}
        <span className="badge badge-beta">{t('app.beta')}</span>
      </h1>
      {!canRead ? (
        // the map is made of zones: the missing permission is theirs ("… to see Areas")
        <NoPermission page={resourceLabel(zone)} />
      ) : error ? (
        <LoadFailed list message={error} onRetry={() => setLoads((n) => n + 1)} />
      ) : zones === null ? (
        <FormSkeleton label={t('list.loading')} />
      ) : (
        <>
          <p>{t('mapmaker.intro', words)}</p>
          <div className="zone-map">
            {[...groups.entries()].map(([group, rows]) => (
              <section key={group} className="zone-group" aria-label={group}>
                <h2>{group}</h2>
                <ul>
                  {rows.map((row) => (
                    <li key={row.id}>
                      <span
                        className="swatch"
                        style={
                          {
                            '--swatch': typeof row.color === 'string' ? row.color : 'transparent',
                          } as CSSProperties
                        }
                        aria-hidden="true"
                      />
                      <RouteLink to={detailPathOf(zone, row.id)}>
                        {typeof row.name === 'string' ? row.name : `#${row.id}`}
                      </RouteLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <p>
            <RouteLink to="/model/zone/builder">{t('mapmaker.drawing', words)}</RouteLink>
          </p>
        </>
      )}
    </section>
  );
}
