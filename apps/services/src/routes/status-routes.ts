// GET /status: the health page's data. Root: what /readyz checks (each check and what it found),
// this instance (version, uptime, workers, cache bus, requests answered and their p99), and every
// tenant's usage. A tenant's user holding `tenants:x`: the own tenant's usage only.
import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { summarizeRequests } from '../ops/metrics-summary.ts';
import { statusScope } from '../policies/status-policy.ts';
import type { AppEnv, ServicesContext } from '../services-context.ts';
import { readinessChecks } from './operations-routes.ts';

/** The counted kinds of records, by table. */
const COUNTED = {
  things: 'things',
  thingTypes: 'thingTypes',
  zones: 'zones',
  users: 'users',
  roles: 'roles',
  connections: 'connections',
  reportDefinitions: 'reportDefinitions',
} as const satisfies Record<string, keyof Database>;
type Counted = keyof typeof COUNTED;

export interface TenantUsage {
  tenant: { id: number; name: string };
  groups: number;
  /** Sessions not yet expired. */
  activeSessions: number;
  counts: Record<Counted, number>;
}

/** Keeps the previous sample so the rate is over the last interval, not the whole uptime. */
interface Sample {
  at: number;
  requests: number;
}
const samples = new WeakMap<ServicesContext, Sample>();
/** A rate is measured over at least this long. */
const RATE_WINDOW_MS = 4_000;

async function usage(ctx: ServicesContext, only?: number): Promise<TenantUsage[]> {
  const groups = await ctx.directory.groupsById();
  // every group's tenant (its tree-level-2 ancestor)
  const tenants = [...groups.values()].filter(
    (group) => group.treeLevel === 2 && (only === undefined || group.id === only),
  );
  const tenantOf = new Map<number, number>();
  for (const group of groups.values()) {
    const tenant = tenants.find((candidate) =>
      group.hierarchyCode.startsWith(candidate.hierarchyCode),
    );
    if (tenant) tenantOf.set(group.id, tenant.id);
  }
  const result = new Map<number, TenantUsage>(
    tenants.map((tenant) => [
      tenant.id,
      {
        tenant: { id: tenant.id, name: tenant.name },
        groups: 0,
        activeSessions: 0,
        counts: Object.fromEntries(Object.keys(COUNTED).map((key) => [key, 0])) as Record<
          Counted,
          number
        >,
      },
    ]),
  );
  for (const tenantId of tenantOf.values()) {
    const entry = result.get(tenantId);
    if (entry) entry.groups += 1;
  }
  await Promise.all(
    (Object.entries(COUNTED) as [Counted, keyof Database][]).map(async ([key, table]) => {
      const rows = await ctx.db
        .selectFrom(table as 'things')
        .select(['groupId', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('groupId')
        .execute();
      for (const row of rows) {
        const entry = result.get(tenantOf.get(Number(row.groupId)) ?? -1);
        if (entry) entry.counts[key] += Number(row.n);
      }
    }),
  );
  const now = Date.now();
  const sessions = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['users.groupId', (eb) => eb.fn.countAll<number>().as('n')])
    .where(
      sql<boolean>`${sql.ref('sessions.lastUsedAt')} + ${sql.ref('sessions.timeoutMs')} > ${now}`,
    )
    .groupBy('users.groupId')
    .execute();
  for (const row of sessions) {
    const entry = result.get(tenantOf.get(Number(row.groupId)) ?? -1);
    if (entry) entry.activeSessions += Number(row.n);
  }
  return [...result.values()].sort((a, b) => a.tenant.name.localeCompare(b.tenant.name));
}

export function registerStatusRoutes(api: Hono<AppEnv>, ctx: ServicesContext): void {
  api.get('/status', async (c) => {
    const scope = statusScope(c.get('caller'));
    if (scope.kind === 'tenant')
      return c.json({ scope: 'tenant', tenants: await usage(ctx, scope.tenantId) });
    const [checks, metrics, tenants] = await Promise.all([
      readinessChecks(ctx),
      ctx.ops.metricsText(),
      usage(ctx),
    ]);
    const summary = summarizeRequests(metrics);
    const now = Date.now();
    const previous = samples.get(ctx);
    let perSecond: number | null = null;
    if (previous && now - previous.at > 0) {
      perSecond =
        Math.round(((summary.requests - previous.requests) / ((now - previous.at) / 1000)) * 10) /
        10;
    }
    if (!previous || now - previous.at >= RATE_WINDOW_MS)
      samples.set(ctx, { at: now, requests: summary.requests });
    return c.json({
      scope: 'platform',
      ready: checks.every((check) => check.ok),
      checks,
      instances: [
        {
          id: ctx.instance.id,
          version: ctx.version,
          uptimeSeconds: Math.round((now - ctx.instance.startedAt) / 1000),
          workers: ctx.instance.workers,
          cacheBus: ctx.bus.isListening() ? 'listening' : 'not listening',
          database: ctx.dialect,
          requests: summary.requests,
          requestsPerSecond: perSecond,
          p99Ms: summary.p99Ms,
        },
      ],
      tenants,
    });
  });
}
