import { matchRoute } from '../routes.ts';
import { ResourceFormPage } from './resource-form-page.tsx';
import { ResourceListPage } from './resource-list-page.tsx';
import { LandingPage, NotFoundPage, PlaceholderPage, WelcomePage } from './simple-pages.tsx';

/** The page for a legacy path. */
export function PageForRoute({ path }: { path: string }) {
  const match = matchRoute(path);
  switch (match.kind) {
    case 'welcome':
      return <WelcomePage />;
    case 'landing':
      return <LandingPage module={match.module} />;
    case 'list':
      return <ResourceListPage key={match.resource.api} resource={match.resource} />;
    case 'detail':
      return <ResourceFormPage key={`${match.resource.api}:${match.id}`} resource={match.resource} id={match.id} />;
    case 'placeholder':
      return <PlaceholderPage title={match.title} path={path} {...(match.beta ? { beta: true } : {})} />;
    default:
      return <NotFoundPage path={path} />;
  }
}
