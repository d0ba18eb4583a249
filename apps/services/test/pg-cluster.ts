// A throwaway PostgreSQL 15 cluster on a loopback port for the data-layer suite (DESIGN §5).
// initdb refuses root, so the cluster directory belongs to the `postgres` system user.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';

const BIN = '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  url: string;
  stop(): void;
}

/** Why the PostgreSQL run is skipped, or undefined when it can run. */
export function pgUnavailableReason(): string | undefined {
  if (!existsSync(join(BIN, 'initdb'))) return `PostgreSQL binaries not found in ${BIN}`;
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function asPostgres(args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const [command = '', ...rest] = args;
  if (isRoot)
    execFileSync('runuser', ['-u', 'postgres', '--', command, ...rest], { stdio: 'pipe' });
  else execFileSync(command, rest, { stdio: 'pipe' });
}

export async function startPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-pg-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  asPostgres([
    join(BIN, 'initdb'),
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  asPostgres([
    join(BIN, 'pg_ctl'),
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgres([join(BIN, 'pg_ctl'), '-D', data, '-w', '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Runs `suite` on a PostgreSQL 15 cluster started for it, in a `PostgreSQL` block skipped where no
 * cluster can run; the suite reads its `databaseUrl` once the cluster is up.
 */
export function describeOnPostgres(suite: (store: () => { databaseUrl: string }) => void): void {
  describe.skipIf(pgUnavailableReason() !== undefined)('PostgreSQL', () => {
    let cluster: PgCluster | undefined;
    beforeAll(async () => {
      cluster = await startPgCluster();
    }, 120_000);
    afterAll(() => cluster?.stop());
    suite(() => ({ databaseUrl: cluster?.url ?? '' }));
  });
}
