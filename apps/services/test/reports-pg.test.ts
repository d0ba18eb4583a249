// Reports run the same on PostgreSQL (migration 0021, the grouped count and its order, the paged
// rows, the CSV), over real HTTP against a server on a throwaway cluster.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.ts';
import { pgUnavailableReason, startPgCluster } from './pg-cluster.ts';
import type { PgCluster } from './pg-cluster.ts';
import { callServer, serverToken, startLocalServer } from './server-call.ts';

const call = callServer;

const pgSkip = pgUnavailableReason();
describe.skipIf(pgSkip !== undefined)('reports on PostgreSQL', () => {
  let cluster: PgCluster | undefined;
  let dir = '';
  let server: RunningServer | undefined;
  let token = '';
  beforeAll(async () => {
    cluster = await startPgCluster();
    dir = mkdtempSync(join(tmpdir(), 'portico-reports-'));
    server = await startLocalServer(dir, { databaseUrl: cluster.url });
    token = await serverToken(server.url);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('counts things per status and pages active things as the list does', async () => {
    const base = server!.url;
    const grouped = await call(base, 'POST', '/reportDefinition', token, {
      name: 'By status (pg)',
      resource: 'thing',
      reportGroupBy: [{ propertyName: 'status' }],
      reportFilter: [{ propertyName: 'name', operator: '~', value: 'a' }],
    });
    expect(grouped.status, grouped.text).toBe(201);
    const run = await call(base, 'POST', `/reportExecution/${String(grouped.json.id)}`, token);
    expect(run.status, run.text).toBe(200);
    const groups = run.json.results as Array<{ status: string; count: number }>;
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) {
      const where = encodeURIComponent(`name~%a%&status=${group.status}`);
      const listed = await call(base, 'GET', `/thing?where=${where}&pageSize=1`, token);
      expect(group.count).toBe(listed.json.total);
    }
    const counts = groups.map((group) => group.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);

    const rows = await call(base, 'POST', '/reportDefinition', token, {
      name: 'Active (pg)',
      resource: 'thing',
      reportProperty: [{ propertyName: 'name' }, { propertyName: 'zoneId' }],
      reportFilter: [{ propertyName: 'status', operator: '=', value: 'active' }],
      sortBy: { propertyName: 'name', direction: 'desc' },
    });
    const id = String(rows.json.id);
    const page = await call(base, 'POST', `/reportExecution/${id}?pageSize=3&pageNumber=2`, token);
    const listed = await call(
      base,
      'GET',
      '/thing?where=status=active&order=name:desc&pageSize=3&pageNumber=2',
      token,
    );
    const ids = (answer: Record<string, unknown>) =>
      (answer.results as Array<{ id: number }>).map((row) => row.id);
    expect(ids(page.json)).toEqual(ids(listed.json));
    expect(page.json.total).toBe(listed.json.total);
    const csv = await call(base, 'GET', `/reportExecution/${id}/export.csv`, token);
    expect(
      csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(Number(listed.json.total) + 1);
  }, 120_000);
});
