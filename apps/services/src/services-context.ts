// Types shared by the Hono app and its route modules.
import type { Kysely } from 'kysely';
import type { Caller, Directory } from './auth/directory.ts';
import type { TableCacheRegistry } from './cache/table-caches.ts';
import type { CacheBus } from './cluster/cache-bus.ts';
import type { SessionService } from './auth/session-service.ts';
import type { Database } from './db/schema.ts';
import type { Dialect } from './db/dialect.ts';
import type { AnalyticsLimits } from './analytics/analytics-limits.ts';
import type { Operations } from './ops/operations.ts';
import type { WebhookDispatcher, WebhookSettings } from './webhooks/webhook-dispatcher.ts';
import type { RetentionScheduler } from './retention/retention-purge.ts';
import type { LicenseSigner } from './licenses/license-signer.ts';

export interface AppEnv {
  Variables: {
    caller: Caller;
    token: string;
    /** Set first for every request (routes/operations-routes.ts). */
    requestId: string;
    /** The client's address: the peer's, or X-Forwarded-For's behind a trusted proxy. */
    clientAddress: string;
  };
}

/** Version info of one part (spec §3). */
export interface VersionInfo {
  displayVersion: string;
  commit: string;
  date: string;
  /** The platform's git.json has these too (presenters/version-json.ts). */
  branch?: string;
  tag?: string;
}

export interface ServicesContext {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  readonly directory: Directory;
  readonly sessions: SessionService;
  readonly version: VersionInfo;
  readonly consoleDir?: string;
  readonly legacyUiDir?: string;
  /** The built frame kit (packages/bridge/dist), served at /portico-kit/. */
  readonly kitDir?: string;
  /** The plain legacy example (apps/legacy-plain/www), served at /legacy-plain/. */
  readonly legacyPlainDir?: string;
  readonly analyticsHost?: string;
  readonly log: (line: string) => void;
  /** Caches derived from one table's rows (list totals, reference names), emptied by the bus's `table` events. */
  readonly tableCaches: TableCacheRegistry;
  /** Publishes what a write made stale to every process of this server. */
  readonly bus: CacheBus;
  /** Bounds of analytics capture (tests lower them). */
  readonly analyticsLimits: AnalyticsLimits;
  /** Request ids, logs, metrics, trusted proxies (ops/operations.ts). */
  readonly ops: Operations;
  /**
   * Test mode (`PORTICO_PLATFORM_SHAPES=only`): where Portico answers a superset of the real
   * platform's shape, answer the platform's alone (http/platform-shapes-only.ts).
   */
  readonly platformShapesOnly?: boolean;
  /** The migrations this code applied (readyz checks they are still there). */
  readonly migrations: readonly string[];
  /** This instance as the health page names it: its id, its worker processes, when this process started. */
  readonly instance: { readonly id: string; readonly workers: number; readonly startedAt: number };
  /** Outbound webhooks: the settings and this process's dispatcher (started by a listening server). */
  readonly webhooks: { readonly settings: WebhookSettings; readonly dispatcher: WebhookDispatcher };
  /** The daily retention purge (started by a listening server). */
  readonly retention: RetentionScheduler;
  /** Signs and verifies license texts with the server's key (licenses/license-signer.ts). */
  readonly licenses: LicenseSigner;
}
