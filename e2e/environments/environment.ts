// The shape of one end-to-end environment (the list `npm test` runs is in e2e-environments.ts; each
// deployed shape's start-up is in an e2e-env-*.ts file beside it, which imports this type).

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
  /** Extra Playwright arguments, e.g. `--grep @tag`. */
  playwrightArgs?: string[];
  /**
   * The spec files this environment runs (all when unset). A spec filter given on the command line
   * narrows them (`--env=nginx session.spec.ts` runs session.spec.ts only).
   */
  specs?: string[];
  /** Why this environment cannot run on this machine (then it is reported as skipped). */
  unavailableReason?: () => string | undefined;
  start(context: E2eEnvironmentContext): Promise<E2eEnvironmentHandle>;
}
