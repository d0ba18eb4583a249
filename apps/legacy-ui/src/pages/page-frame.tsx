import type { ReactNode } from 'react';
import { NoPermission } from './status-views.tsx';

/**
 * A work-area page: its section named by the one h1 (focusable, so a route change can move the
 * focus to it), then the page's content.
 */
export function PageFrame({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="list-page">
      <div className="page-heading">
        <h1 id="page-title" tabIndex={-1}>
          {title}
        </h1>
      </div>
      {children}
    </section>
  );
}

/** A page the user may not see: its title, and that it is refused. */
export function RefusedPage({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <NoPermission page={title} />
    </PageFrame>
  );
}
