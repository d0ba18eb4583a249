// The operators' nginx configuration (deploy/nginx/portico.conf), run by Debian's nginx in front of
// two instances on one PostgreSQL: round robin, sessions coherent through it, X-Forwarded-For
// believed only as far as the proxy wrote it, request ids shared, metrics never public.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deriveNginxConfig,
  nginxUnavailableReason,
  startNginx,
} from '../../../scripts/e2e-env-nginx.ts';
import type { RunningNginx } from '../../../scripts/e2e-env-nginx.ts';
import { KEEP_ALIVE_TIMEOUT_MS } from '../src/listen.ts';
import { pgUnavailableReason } from './pg-cluster.ts';
import { call, startTwoInstances } from './two-instances.ts';
import type { TwoInstances } from './two-instances.ts';

const skip = pgUnavailableReason() ?? nginxUnavailableReason();

function capture() {
  const entries: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        entries.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { entries, stream };
}

describe('the deploy file and the instances agree on idle connections', () => {
  it('nginx drops an idle upstream connection before an instance closes it', () => {
    const site = readFileSync(
      join(import.meta.dirname, '../../../deploy/nginx/portico.conf'),
      'utf8',
    );
    const upstream = /upstream\s+portico_instances\s*\{([^}]*)\}/.exec(site)?.[1] ?? '';
    const timeout = /keepalive_timeout\s+(\d+)(ms|s)?;/.exec(upstream);
    expect(timeout, 'the upstream block sets keepalive_timeout').not.toBeNull();
    const ms = Number(timeout![1]) * (timeout![2] === 'ms' ? 1 : 1000);
    expect(ms).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });
});

describe('deriveNginxConfig', () => {
  it('replaces only the marked instance and listen lines of the deploy file', () => {
    const config = deriveNginxConfig({
      instances: ['127.0.0.1:9001', '127.0.0.1:9002', '127.0.0.1:9003'],
      listen: '127.0.0.1:9000',
      prefix: '/tmp/x',
    });
    expect(
      config.match(/server 127\.0\.0\.1:900[123] max_fails=3 fail_timeout=10s;/g),
    ).toHaveLength(3);
    expect(config).toContain('listen 127.0.0.1:9000;');
    expect(config).not.toContain('8081');
    expect(config).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(() =>
      deriveNginxConfig({
        site: 'server { listen 80; }',
        instances: [],
        listen: 'x',
        prefix: '/tmp/x',
      }),
    ).toThrow(/markers/);
  });
});

describe.skipIf(skip !== undefined)(
  'nginx round robin over two instances (deploy/nginx/portico.conf)',
  () => {
    let env: TwoInstances;
    let nginx: RunningNginx;
    const logs = [capture(), capture()];
    beforeAll(async () => {
      env = await startTwoInstances((index) => ({
        trustProxy: ['127.0.0.1'],
        logLevel: 'info',
        logDestination: logs[index]!.stream,
      }));
      nginx = await startNginx(
        [env.a.server.url, env.b.server.url].map((url) => url.replace('http://', '')),
      );
    }, 120_000);
    afterAll(async () => {
      await nginx?.close();
      await env?.close();
    });

    const served = (index: number, route: string) =>
      logs[index]!.entries.filter((entry) => entry.route === route).length;

    it('spreads requests over both instances in turn', async () => {
      const before = [served(0, '/git.json'), served(1, '/git.json')];
      for (let i = 0; i < 6; i += 1)
        expect((await call(nginx.url, 'GET', '/git.json')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect([served(0, '/git.json') - before[0]!, served(1, '/git.json') - before[1]!]).toEqual([
        3, 3,
      ]);
    });

    it('keeps a session coherent whichever instance answers: sign-in, whoami, sign-out', async () => {
      const login = await call(`${nginx.url}/riot-core-services/api`, 'POST', '/user/login', {
        body: { username: 'operator', password: 'demo' },
      });
      expect(login.status).toBe(200);
      const { token } = login.json as { token: string };
      const whoami = async () =>
        (await call(`${nginx.url}/riot-core-services/api`, 'GET', '/user/whoami', { token }))
          .status;
      expect([await whoami(), await whoami(), await whoami(), await whoami()]).toEqual([
        200, 200, 200, 200,
      ]);
      expect(
        (await call(`${nginx.url}/riot-core-services/api`, 'POST', '/user/logout', { token }))
          .status,
      ).toBe(200);
      expect([await whoami(), await whoami(), await whoami(), await whoami()]).toEqual([
        401, 401, 401, 401,
      ]);
    });

    it('the instance takes the client address nginx saw, not one the client wrote', async () => {
      const answer = await call(nginx.url, 'GET', '/git.json', {
        localAddress: '127.0.0.2',
        headers: { 'X-Forwarded-For': '203.0.113.7' },
      });
      expect(answer.status).toBe(200);
      // nginx's $request_id travels to the instance, which logs it and answers it.
      const requestId = answer.headers['x-request-id'];
      expect(requestId).toMatch(/^[0-9a-f]{32}$/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const entry = [...logs[0]!.entries, ...logs[1]!.entries].find(
        (line) => line.requestId === requestId,
      );
      expect(entry?.address).toBe('127.0.0.2');
    });

    it('never serves the metrics through the proxy, even with a token', async () => {
      const answer = await call(nginx.url, 'GET', '/metrics', {
        headers: { authorization: 'Bearer anything' },
      });
      expect(answer.status).toBe(404);
      expect(answer.text).not.toMatch(/portico_/);
    });

    it('passes /healthz and /readyz through', async () => {
      expect((await call(nginx.url, 'GET', '/healthz')).status).toBe(200);
      expect((await call(nginx.url, 'GET', '/readyz')).status).toBe(200);
    });
  },
);
