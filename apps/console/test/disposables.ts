// Things a test created that outlive React's cleanup (routers listening to history). Closed
// after every test by setup.ts; kept free of heavy imports so every test file can load it.
const disposers = new Set<() => void>();

export function onTestEnd(dispose: () => void): void {
  disposers.add(dispose);
}

export function disposeAll(): void {
  for (const dispose of [...disposers]) dispose();
  disposers.clear();
}
