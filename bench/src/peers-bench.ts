// npm run bench -- --peers: Portico's #/login beside two peers built from bench/peers/ (a bare
// React login form, the floor; and refine's headless core with a login page), each served by the
// same services process, Lighthouse (mobile preset) interleaved round by round, median of 5. The
// peers are installed from the npm registry into .cache/peers/<name> (never part of `npm ci`), and
// again only when their recipe changes.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../../scripts/build.ts';
import { startBenchServer, type BenchServer } from './bench-server.ts';
import { lighthouseRun, load, type LighthouseFigures } from './lighthouse-bench.ts';
import { median, type BenchRow } from './table.ts';

export const PEERS = ['floor', 'refine-headless'] as const;
const RECIPES = join(ROOT, 'bench', 'peers');
const CACHE = join(ROOT, '.cache', 'peers');

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} in ${cwd}: exit ${code}\n${stderr}`)),
    );
  });
}

function recipeHash(dir: string): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) visit(child);
      else hash.update(relative(dir, child)).update(readFileSync(child));
    }
  };
  visit(dir);
  return hash.digest('hex');
}

/** Installs (when its recipe changed) and builds one peer; returns its dist directory. */
export async function buildPeer(name: (typeof PEERS)[number]): Promise<string> {
  const recipe = join(RECIPES, name);
  const dir = join(CACHE, name);
  const stamp = join(dir, '.recipe-hash');
  const hash = recipeHash(recipe);
  mkdirSync(dir, { recursive: true });
  cpSync(recipe, dir, { recursive: true });
  const installed = existsSync(join(dir, 'node_modules', 'vite'));
  if (!installed || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== hash) {
    process.stderr.write(`bench: installing the ${name} peer from the npm registry…\n`);
    await run('npm', ['install', '--no-audit', '--no-fund', '--workspaces=false'], dir);
    writeFileSync(stamp, hash);
  }
  await run(process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], dir);
  return join(dir, 'dist');
}

interface Contender {
  name: string;
  url: string;
  runs: LighthouseFigures[];
}

export async function runPeersBench(porticoUrl: string, rounds = 5): Promise<BenchRow[]> {
  const servers: BenchServer[] = [];
  try {
    const contenders: Contender[] = [
      { name: 'Portico #/login', url: `${porticoUrl}/#/login`, runs: [] },
    ];
    for (const peer of PEERS) {
      const server = await startBenchServer({ consoleDir: await buildPeer(peer) });
      servers.push(server);
      contenders.push({ name: peer, url: `${server.url}/#/login`, runs: [] });
    }
    // interleaved: each round measures every contender once, in a rotating order
    for (let round = 0; round < rounds; round += 1)
      for (let i = 0; i < contenders.length; i += 1) {
        const contender = contenders[(round + i) % contenders.length]!;
        contender.runs.push(await lighthouseRun(contender.url));
      }
    const mid = (contender: Contender, pick: (figures: LighthouseFigures) => number) =>
      median(contender.runs.map(pick));
    const rows: BenchRow[] = contenders.map((contender) => ({
      name: `peers: ${contender.name} (Lighthouse mobile, interleaved, median of ${rounds}) perf / LCP / FCP / TBT / CLS`,
      value: `${mid(contender, (f) => f.performance).toFixed(2)} / ${Math.round(mid(contender, (f) => f.lcp))} / ${Math.round(mid(contender, (f) => f.fcp))} / ${Math.round(mid(contender, (f) => f.tbt))} ms / ${mid(contender, (f) => f.cls).toFixed(3)}`,
    }));
    const [portico, floor, refine] = contenders as [Contender, Contender, Contender];
    const ratios = portico.runs.map((run, index) => run.lcp / (floor.runs[index]?.lcp ?? NaN));
    const ratio = median(ratios);
    rows.push({
      name: `peers: LCP of Portico #/login ÷ the bare React floor (median of ${rounds} rounds' ratios)`,
      value: `×${ratio.toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}; refine ÷ floor ×${(mid(refine, (f) => f.lcp) / mid(floor, (f) => f.lcp)).toFixed(2)}); load ${load()}`,
      target: '≤ 0.9',
      ok: ratio <= 0.9,
    });
    return rows;
  } finally {
    for (const server of servers) await server.close();
  }
}
