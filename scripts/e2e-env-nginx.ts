// The load-balanced shape: a throwaway PostgreSQL, two separate Portico instances on it (each its
// own startServer, TRUST_PROXY=127.0.0.1), and Debian's nginx round-robin over them with the
// operators' configuration from deploy/nginx/portico.conf (only its instance and listen lines
// replaced, by their markers). The session, settings and frame specs run through nginx.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const DEPLOY_CONFIG = join(import.meta.dirname, '..', 'deploy', 'nginx', 'portico.conf');

/** Why nginx cannot run here, or undefined. */
export function nginxUnavailableReason(): string | undefined {
  if (!existsSync(NGINX_BINARY))
    return `nginx not found at ${NGINX_BINARY} (apt-get install -y nginx)`;
  return undefined;
}

export async function freePort(): Promise<number> {
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

/**
 * The deploy/ site configuration with its `portico:instance` lines replaced by `instances`
 * (host:port) and its `portico:listen` line by `listen`, inside a minimal main configuration whose
 * files all live under `prefix`.
 */
export function deriveNginxConfig(options: {
  site?: string;
  instances: string[];
  listen: string;
  prefix: string;
}): string {
  const site = options.site ?? readFileSync(DEPLOY_CONFIG, 'utf8');
  const lines = site.split('\n');
  const out: string[] = [];
  let instancesWritten = false;
  let listenSeen = false;
  for (const line of lines) {
    if (line.includes('# portico:instance')) {
      const indent = /^\s*/.exec(line)?.[0] ?? '';
      const rest = /^\s*server\s+\S+(.*?);\s*#/.exec(line)?.[1] ?? '';
      if (!instancesWritten)
        for (const instance of options.instances) out.push(`${indent}server ${instance}${rest};`);
      instancesWritten = true;
    } else if (line.includes('# portico:listen')) {
      const indent = /^\s*/.exec(line)?.[0] ?? '';
      out.push(`${indent}listen ${options.listen};`);
      listenSeen = true;
    } else {
      out.push(line);
    }
  }
  if (!instancesWritten || !listenSeen)
    throw new Error(
      'deploy/nginx/portico.conf lost its portico:instance or portico:listen markers',
    );
  const p = options.prefix;
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(p, 'nginx.pid')};`,
    `error_log ${join(p, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${join(p, 'access.log')};`,
    `  client_body_temp_path ${join(p, 'body')};`,
    `  proxy_temp_path ${join(p, 'proxy')};`,
    `  fastcgi_temp_path ${join(p, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(p, 'uwsgi')};`,
    `  scgi_temp_path ${join(p, 'scgi')};`,
    ...out.map((line) => `  ${line}`),
    '}',
    '',
  ].join('\n');
}

export interface RunningNginx {
  url: string;
  prefix: string;
  close(): Promise<void>;
}

/** Starts nginx (in the foreground, as a child) round-robin over `instances`, on a loopback port. */
export async function startNginx(instances: string[]): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'portico-nginx-'));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, dir));
  const port = await freePort();
  const config = join(prefix, 'nginx.conf');
  writeFileSync(config, deriveNginxConfig({ instances, listen: `127.0.0.1:${port}`, prefix }));
  // Root runs the workers as `nobody`, which must reach the temporary files.
  if (process.getuid?.() === 0) execFileSync('chmod', ['-R', 'a+rwX', prefix]);
  execFileSync(
    NGINX_BINARY,
    ['-t', '-q', '-p', prefix, '-c', config, '-e', join(prefix, 'error.log')],
    { stdio: 'pipe' },
  );
  const child: ChildProcess = spawn(
    NGINX_BINARY,
    ['-p', prefix, '-c', config, '-e', join(prefix, 'error.log')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen on ${url}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    prefix,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
