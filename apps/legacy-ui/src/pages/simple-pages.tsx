import type { MouseEvent } from 'react';
import { isAppRouteAllowed } from '@portico/core';
import type { PermissionSet } from '@portico/core';
import { useLegacy } from '../legacy-context.tsx';
import { RESOURCES } from '../resources.ts';
import { MODULES } from '../routes.ts';
import type { ModuleDef } from '../routes.ts';
import { RouteLink } from './route-link.tsx';
import { isPlainClick } from './plain-click.ts';

/**
 * Whether the user may open a legacy page: core's one rule of "may open" (the shell's guards,
 * sidebar and palette ask the same), so a page never offers what the shell then refuses.
 */
export function mayOpen(path: string, permissions: PermissionSet): boolean {
  return isAppRouteAllowed(`/app${path}`, { permissions });
}

/** A link that asks the shell to navigate (another module: the shell's guards and tabs apply). */
function ShellLink({ to, children }: { to: string; children: string }) {
  const { navigateShell, consoleHref } = useLegacy();
  return (
    <a
      href={consoleHref(to)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigateShell(to);
      }}
    >
      {children}
    </a>
  );
}

/**
 * /home/welcome: the modules this user may open. A user with none never sees this page: the shell
 * shows its own page for them (what they can do, whom to ask) and hides the frame, so the frame
 * says nothing of its own there — two such notices were one too many.
 */
export function WelcomePage() {
  const { t, user, conceptLabel, permissions } = useLegacy();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const modules = MODULES.filter(
    (module) => module.key !== 'home' && mayOpen(`/${module.key}`, permissions),
  );
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('app.welcome', { name })}</h1>
      <p>{conceptLabel('Platform', 'app.title')}</p>
      {modules.length > 0 && (
        <>
          <p>{t('app.welcomeDetail')}</p>
          <nav aria-label={t('app.quickLinks')}>
            <ul className="link-list">
              {modules.map((module) => (
                <li key={module.key}>
                  <ShellLink to={`/${module.key}`}>
                    {conceptLabel(module.concept, module.label)}
                  </ShellLink>
                </li>
              ))}
            </ul>
          </nav>
        </>
      )}
    </section>
  );
}

/** A module landing page (`/things`, `/model`…): links to the sub-pages the user may open. */
export function LandingPage({ module }: { module: ModuleDef }) {
  const { t, permissions, resourceLabel, conceptLabel } = useLegacy();
  const pages = module.pages.filter((page) => mayOpen(page.path, permissions));
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{conceptLabel(module.concept, module.label)}</h1>
      {pages.length === 0 && <p role="note">{t('app.noPagesHere')}</p>}
      <nav aria-label={t('app.pages')}>
        <ul className="link-list">
          {pages.map((page) => {
            const resource = page.resource ? RESOURCES[page.resource] : undefined;
            return (
              <li key={page.path}>
                <RouteLink to={page.path}>
                  {resource
                    ? resourceLabel(resource)
                    : page.title
                      ? page.concept
                        ? conceptLabel(page.concept, page.title)
                        : t(page.title)
                      : page.path}
                </RouteLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </section>
  );
}

/** No legacy page at this address. */
export function NotFoundPage() {
  const { t } = useLegacy();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('app.notFound')}</h1>
      <p>{t('app.notFoundDetail')}</p>
      <p>
        <ShellLink to="/home/welcome">{t('app.goHome')}</ShellLink>
      </p>
    </section>
  );
}
