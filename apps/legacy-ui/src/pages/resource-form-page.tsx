import { useLegacy } from '../legacy-context.tsx';
import type { ResourceDef } from '../resources.ts';
import { RecordHistory } from './audit-log-page.tsx';
import { ProfileDevices } from './profile-devices.tsx';
import { ResourceForm } from './resource-form.tsx';
import { RouteLink } from './route-link.tsx';

/** A detail route of spec §2 (`/analytics/report/create`, `/analytics/report/edit/{id}`). */
export function ResourceFormPage({ resource, id }: { resource: ResourceDef; id: number | 'new' }) {
  const { t, navigate } = useLegacy();
  return (
    <section aria-labelledby="page-title">
      <ResourceForm resource={resource} id={id} onFinished={() => navigate(resource.listPath)} />
      {resource.api === 'deviceProfile' && id !== 'new' ? <ProfileDevices id={id} /> : null}
      <RecordHistory resource={resource.api} id={id} />
      <p>
        <RouteLink to={resource.listPath}>{t('form.back')}</RouteLink>
      </p>
    </section>
  );
}
