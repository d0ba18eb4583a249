// Full-page screens for states where the console cannot start (issue 5: never a blank page).

export function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <main style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Portico is not configured correctly</h1>
      <p role="alert">{message}</p>
      <p>Fix portico.config.json beside index.html and reload the page.</p>
    </main>
  );
}

export function LoadingScreen({ label }: { label: string }) {
  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }} aria-busy="true">
      <p role="status">{label}</p>
    </main>
  );
}
