import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

function readRoute(): string {
  const raw = window.location.hash.replace(/^#/, '');
  return raw.startsWith('/') ? raw : '/home/welcome';
}

/** The legacy interface: its route lives in `location.hash` (e.g. `#/things/thing`). */
export function App() {
  const route = useSyncExternalStore(subscribe, readRoute);
  return (
    <main>
      <h1>{route}</h1>
      <p data-testid="legacy-route">{route}</p>
    </main>
  );
}
