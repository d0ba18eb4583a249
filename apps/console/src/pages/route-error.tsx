import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last-resort error screen for a route that failed to load or render. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <main style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Something went wrong</h1>
      <p role="alert">{message}</p>
      <p>
        <a href="#/app">Go to the start page</a>
      </p>
    </main>
  );
}
