// The load generator both throughput benches use: autocannon (50 connections) as its own process,
// so it does not share the server's event loop, and the machine's steal time around a run.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** The fields of autocannon's JSON output the benches read. */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  non2xx: number;
  /** Connection errors and timeouts (a timeout counts in both). */
  errors: number;
  timeouts: number;
  /** Answers by status code. */
  statusCodeStats?: Record<string, { count: number }>;
}

/**
 * What went wrong in a run, by kind: `HTTP <status>` for each answer that was not 2xx, `timeouts`,
 * and `connection errors` (a connection reset or refused; autocannon reconnects). Empty when all
 * went well.
 */
export function failureKinds(result: AutocannonResult): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith('2') && count > 0) kinds[`HTTP ${status}`] = count;
  }
  if (result.timeouts > 0) kinds.timeouts = result.timeouts;
  if (result.errors - result.timeouts > 0)
    kinds['connection errors'] = result.errors - result.timeouts;
  return kinds;
}

/** `kinds` summed into `into`. */
export function addFailureKinds(
  into: Record<string, number>,
  kinds: Record<string, number>,
): Record<string, number> {
  for (const [kind, count] of Object.entries(kinds)) into[kind] = (into[kind] ?? 0) + count;
  return into;
}

/** "502 ×5, connection errors ×2" (most first). */
export function showFailureKinds(kinds: Record<string, number>): string {
  return Object.entries(kinds)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => `${kind} ×${count}`)
    .join(', ');
}

/** One autocannon run: 50 connections for `seconds` against `url`, with these request headers. */
export function autocannon(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<AutocannonResult> {
  const args = [
    AUTOCANNON,
    '-c',
    '50',
    '-d',
    String(seconds),
    '-j',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as AutocannonResult);
    });
  });
}

/** Total and steal jiffies of all CPUs (Linux /proc/stat), or undefined elsewhere. */
export function cpuJiffies(): { total: number; steal: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return {
      total: fields.slice(0, 8).reduce((sum, value) => sum + value, 0),
      steal: fields[7] ?? 0,
    };
  } catch {
    return undefined;
  }
}

/** Share of the CPU time stolen by the hypervisor between two readings, 0–1 (NaN off Linux). */
export function stealBetween(
  before: ReturnType<typeof cpuJiffies>,
  after: ReturnType<typeof cpuJiffies>,
): number {
  return before && after && after.total > before.total
    ? (after.steal - before.steal) / (after.total - before.total)
    : Number.NaN;
}
