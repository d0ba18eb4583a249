import { useLegacy } from '../legacy-context.tsx';
import { RESOURCES } from '../resources.ts';
import { MODULES } from '../routes.ts';
import type { ModuleDef } from '../routes.ts';
import { RouteLink } from './route-link.tsx';

/** /home/welcome. */
export function WelcomePage() {
  const { t, user, conceptLabel, permissions, navigateShell } = useLegacy();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  // Cross-module links go through the shell (navigateToEvent) so its guards and tabs apply.
  const modules = MODULES.filter((module) => module.key !== 'home' && permissions.has(`${module.key}:x`));
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('app.welcome', { name })}</h1>
      <p>{conceptLabel('Platform', 'app.title')}</p>
      <p>{t('app.welcomeDetail')}</p>
      {modules.length > 0 ? (
        <nav aria-label={t('app.quickLinks')}>
          <ul>
            {modules.map((module) => (
              <li key={module.key}>
                <button type="button" className="link" onClick={() => navigateShell(`/${module.key}`)}>
                  {conceptLabel(module.concept, module.label)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}

/** A module landing page (`/things`, `/model`…): links to the sub-pages the user may open. */
export function LandingPage({ module }: { module: ModuleDef }) {
  const { t, permissions, resourceLabel, conceptLabel } = useLegacy();
  const pages = module.pages.filter((page) => {
    const resource = page.resource ? RESOURCES[page.resource] : undefined;
    if (resource) return permissions.has(`${resource.permission}:r`);
    return !page.permission || page.permission.some((term) => permissions.has(term));
  });
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{conceptLabel(module.concept, module.label)}</h1>
      <nav aria-label={t('app.pages')}>
        <ul>
          {pages.map((page) => {
            const resource = page.resource ? RESOURCES[page.resource] : undefined;
            return (
              <li key={page.path}>
                <RouteLink to={page.path}>{resource ? resourceLabel(resource) : (page.title ?? page.path)}</RouteLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </section>
  );
}

/** A page the reference UI does not implement (no API behind it): titled, explained, not blank. */
export function PlaceholderPage({ title, path, beta }: { title: string; path: string; beta?: boolean }) {
  const { t } = useLegacy();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">
        {title}
        {beta ? <span className="badge"> {t('app.beta')}</span> : null}
      </h1>
      <p>{t('app.placeholder')}</p>
      <p>
        <code>{path}</code>
      </p>
    </section>
  );
}

/** No legacy page at this path. */
export function NotFoundPage({ path }: { path: string }) {
  const { t } = useLegacy();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('app.notFound')}</h1>
      <p>{t('app.notFoundDetail')}</p>
      <p>
        <code>{path}</code>
      </p>
    </section>
  );
}
