// npm start: build what is missing or stale, create and seed the database on first run,
// start the services, print the URL and the demo accounts, stop cleanly on SIGINT/SIGTERM.
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import {
  DEMO_ACCOUNTS,
  LOG_LEVELS,
  SERVICES_VERSION,
  parseAllowedHosts,
  parseTrustedProxies,
  startServer,
} from '@portico/services';
import { buildInfo } from './build-info.ts';
import { ROOT, ensureBuilt } from './build.ts';

function fail(message: string): never {
  console.error(`portico: ${message}`);
  process.exit(1);
}

const host = process.env.HOST ?? '127.0.0.1';
const portText = process.env.PORT ?? '8080';
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`PORT must be a port number, got "${portText}"`);
const dataDirText = process.env.DATA_DIR ?? '.data';
const dataDir = isAbsolute(dataDirText) ? dataDirText : resolve(ROOT, dataDirText);
const seedScaleText = process.env.SEED_SCALE ?? '1';
const seedScale = Number(seedScaleText);
if (!Number.isFinite(seedScale) || seedScale < 1 || seedScale > 1000)
  fail(`SEED_SCALE must be a number from 1 to 1000, got "${seedScaleText}"`);
const databaseUrl = process.env.DATABASE_URL || undefined;
// One serving process per core by default (node:cluster); WORKERS=1 serves from this process.
const workersText = process.env.WORKERS ?? String(Math.min(availableParallelism(), 8));
const workers = Number(workersText);
if (!Number.isInteger(workers) || workers < 1 || workers > 64)
  fail(`WORKERS must be a whole number from 1 to 64, got "${workersText}"`);

// Operations (README "Operations"): request logs, metrics, the trusted reverse proxy.
const logLevel = process.env.LOG_LEVEL || 'info';
if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
  fail(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
const metricsPortText = process.env.METRICS_PORT || undefined;
const metricsPort = metricsPortText === undefined ? undefined : Number(metricsPortText);
if (
  metricsPort !== undefined &&
  (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535)
)
  fail(`METRICS_PORT must be a port number, got "${metricsPortText}"`);
const metricsToken = process.env.METRICS_TOKEN || undefined;
if (metricsToken !== undefined && metricsToken.length < 16)
  fail('METRICS_TOKEN must be at least 16 characters');
let trustProxy: string[] = [];
try {
  trustProxy = parseTrustedProxies(process.env.TRUST_PROXY);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const webhookAllowedHosts = process.env.WEBHOOK_ALLOWED_HOSTS || undefined;
try {
  parseAllowedHosts(webhookAllowedHosts);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

await ensureBuilt();
// Upstream mode (PLATFORM_URL): in front of another platform, with no data layer of our own.
if (process.env.PLATFORM_URL)
  await (await import('./start-upstream.ts')).runUpstream({ root: ROOT, host, port, fail });
mkdirSync(dataDir, { recursive: true });

const server = await startServer({
  // /git.json: read from git here, once (the workers are handed it)
  version: buildInfo(SERVICES_VERSION, ROOT),
  host,
  port,
  dataDir,
  databaseUrl,
  consoleDir: join(ROOT, 'apps/console/dist'),
  legacyUiDir: join(ROOT, 'apps/legacy-ui/dist'),
  seedScale,
  analyticsHost: process.env.ANALYTICS_HOST || undefined,
  workers,
  logLevel,
  metricsPort,
  metricsToken,
  trustProxy,
  webhookAllowedHosts,
  log: (line) => console.log(line),
});

const accounts = DEMO_ACCOUNTS.map(
  (a) =>
    `  ${a.username.padEnd(10)} ${a.password.padEnd(6)} ${a.group.padEnd(18)} ${a.description}`,
).join('\n');
console.log(`
Portico is running at ${server.url}/
Database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${dataDir}`}${server.seeded ? ' (demo tenant seeded now)' : ''}
Serving processes: ${server.workers}${server.workers > 1 ? ' (node:cluster workers; WORKERS=1 for one process)' : ''}
Health: ${server.url}/healthz, ${server.url}/readyz${server.metricsUrl ? `; metrics: ${server.metricsUrl}` : ''}${metricsToken ? `; ${server.url}/metrics with the METRICS_TOKEN bearer` : ''}

Demo accounts (user, password, group):
${accounts}
"Sign in with SSO" on the sign-in page goes to the demo identity provider (${server.url}/demo-idp/),
which signs these accounts in (portico.config.json "ssoUrl"; apps/services/API.md).

Press Ctrl+C to stop.`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping Portico…`);
  const timer = setTimeout(() => {
    console.error('portico: shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
