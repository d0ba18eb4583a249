// A device profile's page lists the devices that use it: its logical readers and edge boxes, each a
// link to its record, named in the tenant's vocabulary.
import { useEffect, useState } from 'react';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import {
  MAX_LISTED_DEVICES,
  profileDevices,
  readableDeviceResources,
} from './profile-devices-state.ts';
import type { ProfileDevice, ProfileDeviceResource } from './profile-devices-state.ts';
import { RouteLink } from './route-link.tsx';
import { ErrorPanel, Spinner } from './status-views.tsx';

type Load =
  | { status: 'loading' }
  | {
      status: 'ready';
      groups: Array<{ resource: ProfileDeviceResource; total: number; devices: ProfileDevice[] }>;
    }
  | { status: 'failed'; message: string };

/** The devices using profile `id`. */
export function ProfileDevices({ id }: { id: number }) {
  const { api, t, permissions, resourceLabel } = useLegacy();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const resources = readableDeviceResources(permissions);
  const key = resources.join(',');

  useEffect(() => {
    let active = true;
    setLoad({ status: 'loading' });
    Promise.all(
      resources.map(async (resource) => {
        const page = await api.list(resource, {
          pageSize: MAX_LISTED_DEVICES,
          pageNumber: 1,
          order: 'name:asc',
          filters: { deviceProfileId: String(id) },
        });
        return { resource, total: page.total, devices: profileDevices(resource, page.results) };
      }),
    )
      .then((groups) => active && setLoad({ status: 'ready', groups }))
      .catch(
        (error: unknown) =>
          active && setLoad({ status: 'failed', message: describeError(t, error) }),
      );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the readable resources, by their names
  }, [api, id, key, attempt, t]);

  return (
    <section className="profile-devices" aria-labelledby="profile-devices-title">
      <h2 id="profile-devices-title">{t('profile.devices')}</h2>
      {load.status === 'loading' ? (
        <p role="status">
          <Spinner /> {t('app.loading')}
        </p>
      ) : load.status === 'failed' ? (
        <ErrorPanel message={load.message} onRetry={() => setAttempt((n) => n + 1)} />
      ) : load.groups.every((group) => group.total === 0) ? (
        <p>{t('profile.noDevices')}</p>
      ) : (
        load.groups
          .filter((group) => group.total > 0)
          .map((group) => {
            const def = RESOURCES[group.resource];
            const headingId = `profile-devices-${group.resource}`;
            return (
              <div key={group.resource} className="profile-device-group">
                <h3 id={headingId}>
                  {def ? resourceLabel(def) : group.resource} ({group.total})
                </h3>
                <div className="table-scroll">
                  <table aria-labelledby={headingId}>
                    <thead>
                      <tr>
                        <th scope="col">{t('field.name')}</th>
                        <th scope="col">{t('list.site')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {group.devices.map((device) => (
                        <tr key={device.id}>
                          <td>
                            <RouteLink to={device.path}>{device.name}</RouteLink>
                          </td>
                          <td>{device.site}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {group.total > group.devices.length ? (
                  <p className="form-hint">
                    {t('profile.moreDevices', { count: group.total - group.devices.length })}
                  </p>
                ) : null}
              </div>
            );
          })
      )}
    </section>
  );
}
