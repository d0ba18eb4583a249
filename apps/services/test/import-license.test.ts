// An import is held to the tenant's license as a create is: a job that would take the tenant over
// its maximum things writes nothing and says which limit, in its dry run and when confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
const tokens: Record<string, string> = {};
let globexId = 0;

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

async function thingsOfGlobex(): Promise<number> {
  const answer = await client.call('GET', '/thing?pageSize=1', { token: tokens.globex });
  return ((await answer.json()) as { total: number }).total;
}

async function licenseGlobex(maxThings: number): Promise<void> {
  const generated = await client.call('POST', '/license/generate', {
    token: tokens.root,
    body: { tenantId: globexId, expiresOn: inAYear(), modules: ['things'], limits: { maxThings } },
  });
  expect(generated.status, await generated.clone().text()).toBe(201);
  const { text } = (await generated.json()) as { text: string };
  const installed = await client.call('PUT', '/license', { token: tokens.globex, body: { text } });
  expect(installed.status, await installed.clone().text()).toBe(200);
}

beforeAll(async () => {
  client = await createTestClient();
  for (const name of ['root', 'globex']) tokens[name] = (await client.login(name)).token;
  globexId = (await client.login('globex')).groupId;
  const group = (await (
    await client.call('GET', `/group/${globexId}`, { token: tokens.globex })
  ).json()) as { treeLevel: number; parentId?: number; id: number };
  expect(group.treeLevel).toBe(2);
});
afterAll(() => client.services.close());

describe('an import and the tenant’s license', () => {
  it('over the maximum things: nothing written, the limit named; within it: written', async () => {
    const before = await thingsOfGlobex();
    await licenseGlobex(before + 1);
    const types = (await (
      await client.call('GET', '/thingType?pageSize=1', { token: tokens.globex })
    ).json()) as { results: { code: string }[] };
    const type = types.results[0]!.code;
    const csv = `serial,name,thingType\r\nLIC-1,One,${type}\r\nLIC-2,Two,${type}\r\n`;
    const uploaded = await client.call('POST', '/importJob?resource=thing&fileName=two.csv', {
      token: tokens.globex,
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
    });
    const text = await uploaded.text();
    expect(text).toMatch(/License limit reached: maximum things is \d+/);
    expect(await thingsOfGlobex()).toBe(before);

    const one = `serial,name,thingType\r\nLIC-1,One,${type}\r\n`;
    const fits = await client.call('POST', '/importJob?resource=thing&fileName=one.csv', {
      token: tokens.globex,
      rawBody: one,
      headers: { 'content-type': 'text/csv' },
    });
    const job = (await fits.json()) as { id: number; state: string };
    expect(job.state).toBe('checked');
    const run = await client.call('POST', `/importJob/${job.id}/run`, { token: tokens.globex });
    expect([200, 202]).toContain(run.status);
    for (let i = 0; i < 200; i += 1) {
      const state = (await (
        await client.call('GET', `/importJob/${job.id}`, { token: tokens.globex })
      ).json()) as { state: string };
      if (state.state !== 'running' && state.state !== 'checked') {
        expect(state.state).toBe('done');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await thingsOfGlobex()).toBe(before + 1);
  });
});
