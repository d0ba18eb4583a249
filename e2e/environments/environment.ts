// The shape of one end-to-end environment: each deployed shape's start-up is in a file beside this
// one (index.ts names them), run by its Playwright setup project (environment.setup.ts, serve.ts).

export interface E2eEnvironmentContext {
  root: string;
  chromium: string;
  log: (line: string) => void;
}

export interface E2eEnvironmentHandle {
  /** Variables for Playwright: at least PORTICO_BASE_URL. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface E2eEnvironment {
  name: string;
  /** Why this environment cannot run on this machine (then it is reported as skipped). */
  unavailableReason?: () => string | undefined;
  start(context: E2eEnvironmentContext): Promise<E2eEnvironmentHandle>;
}
