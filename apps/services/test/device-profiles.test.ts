// Device profiles over real HTTP handlers: permission-checked per role and action, tenant-isolated,
// settings matched against the device kind's JSON Schema with every problem pointed at, assigned
// only to devices of their kind, listed with the devices that use them, and kept while used; every
// write audited.
import { describe, expect, it } from 'vitest';
import { itRoleActions, jsonOf, useSeededClient } from './helpers.ts';
import type { SeededUser } from './helpers.ts';

const { client, tokens, total, create, statusesAs } = useSeededClient();

interface Refusal {
  error: string;
  fields: Record<string, string>;
  problems?: Array<{ pointer: string; keyword: string; message: string }>;
}

const readerProfile = (extra: Record<string, unknown> = {}) => ({
  name: 'Portal readers',
  deviceKind: 'reader',
  settings: { txPowerDbm: 27.5, antennas: [1, 2] },
  ...extra,
});
const edgeboxProfile = (extra: Record<string, unknown> = {}) => ({
  name: 'Gateways',
  deviceKind: 'edgebox',
  settings: { heartbeatSeconds: 30, logLevel: 'warn' },
  ...extra,
});

describe('device profiles: every role × action', () => {
  itRoleActions<SeededUser>(
    [
      ['admin', 200, 201, 200, 204],
      ['root', 200, 201, 200, 204],
      ['viewer', 200, 403, 403, 403],
      ['operator', 403, 403, 403, 403],
      ['nobody', 403, 403, 403, 403],
    ],
    statusesAs('deviceProfile', readerProfile, { name: 'Renamed' }),
  );
});

describe('device profiles: tenant isolation', () => {
  it('another tenant neither reads, changes nor deletes a profile, nor gives it to its devices', async () => {
    const { id } = await create('deviceProfile', readerProfile());
    for (const [method, sent] of [
      ['GET', undefined],
      ['PATCH', { name: 'Taken' }],
      ['DELETE', undefined],
    ] as const)
      expect(
        (await client.call(method, `/deviceProfile/${id}`, { token: tokens.globex, body: sent }))
          .status,
      ).toBe(404);
    const listed = await jsonOf<{ results: Array<{ id: number }> }>(
      await client.call('GET', '/deviceProfile?pageSize=500', { token: tokens.globex }),
      200,
    );
    expect(listed.results.map((row) => row.id)).not.toContain(id);
    const before = await total('logicalReader', tokens.globex);
    const refused = await jsonOf<Refusal>(
      await client.call('POST', '/logicalReader', {
        token: tokens.globex,
        body: { name: 'Borrowed', deviceProfileId: id },
      }),
      400,
    );
    expect(Object.keys(refused.fields)).toEqual(['deviceProfileId']);
    expect(await total('logicalReader', tokens.globex)).toBe(before);
  });
});

describe('a device profile’s settings against its kind’s schema', () => {
  it.each<[string, Record<string, unknown>, Array<[string, string]>]>([
    [
      'a missing setting',
      readerProfile({ settings: { antennas: [1] } }),
      [['/txPowerDbm', 'required']],
    ],
    [
      'a value out of range and a repeated antenna',
      readerProfile({ settings: { txPowerDbm: 40, antennas: [1, 1] } }),
      [
        ['/txPowerDbm', 'maximum'],
        ['/antennas', 'uniqueItems'],
      ],
    ],
    [
      'a value outside the list and an unknown setting',
      edgeboxProfile({ settings: { heartbeatSeconds: 30, logLevel: 'loud', colour: 'red' } }),
      [
        ['/colour', 'additionalProperties'],
        ['/logLevel', 'enum'],
      ],
    ],
  ])('%s: 400 naming each JSON pointer, nothing written', async (_case, body, expected) => {
    const before = await total('deviceProfile');
    const refused = await jsonOf<Refusal>(
      await client.call('POST', '/deviceProfile', { token: tokens.admin, body }),
      400,
    );
    expect(Object.keys(refused.fields)).toEqual(['settings']);
    expect(
      (refused.problems ?? []).map((problem) => [problem.pointer, problem.keyword]).sort(),
    ).toEqual([...expected].sort());
    expect(await total('deviceProfile')).toBe(before);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown kind', readerProfile({ deviceKind: 'printer' }), 'deviceKind'],
    ['no name', readerProfile({ name: '' }), 'name'],
    ['settings that are no object', readerProfile({ settings: [1] }), 'settings'],
  ])('%s: 400 naming %s', async (_case, body, field) => {
    const before = await total('deviceProfile');
    const refused = await jsonOf<Refusal>(
      await client.call('POST', '/deviceProfile', { token: tokens.admin, body }),
      400,
    );
    expect(Object.keys(refused.fields)).toContain(field);
    expect(await total('deviceProfile')).toBe(before);
  });

  it('checks the stored settings against a new kind', async () => {
    const { id } = await create('deviceProfile', readerProfile());
    const refused = await jsonOf<Refusal>(
      await client.call('PATCH', `/deviceProfile/${id}`, {
        token: tokens.admin,
        body: { deviceKind: 'edgebox' },
      }),
      400,
    );
    expect(Object.keys(refused.fields)).toEqual(['settings']);
  });
});

describe('assigning a profile to devices', () => {
  it('takes a profile of the device’s kind only, is audited, and keeps a used profile', async () => {
    const reader = (await create('deviceProfile', readerProfile())).id;
    const gateway = (await create('deviceProfile', edgeboxProfile())).id;
    const lr = await create('logicalReader', { name: 'Dock door', deviceProfileId: reader });
    expect(lr.deviceProfileId).toBe(reader);
    const box = await create('edgebox', { name: 'Yard box', deviceProfileId: gateway });
    expect(box.deviceProfileId).toBe(gateway);

    // the wrong kind: 400 naming the field, nothing changed
    for (const [path, id, wrong] of [
      ['logicalReader', lr.id, gateway],
      ['edgebox', box.id, reader],
    ] as const) {
      const refused = await jsonOf<Refusal>(
        await client.call('PATCH', `/${path}/${id}`, {
          token: tokens.admin,
          body: { deviceProfileId: wrong, name: 'Changed' },
        }),
        400,
      );
      expect(Object.keys(refused.fields)).toEqual(['deviceProfileId']);
      const row = await jsonOf<Record<string, unknown>>(
        await client.call('GET', `/${path}/${id}`, { token: tokens.admin }),
        200,
      );
      expect(row.name).not.toBe('Changed');
    }
    const before = await total('logicalReader');
    await jsonOf(
      await client.call('POST', '/logicalReader', {
        token: tokens.admin,
        body: { name: 'Wrong', deviceProfileId: gateway },
      }),
      400,
    );
    expect(await total('logicalReader')).toBe(before);

    // the devices that use a profile: its references
    const users = await jsonOf<{ results: Array<{ id: number }> }>(
      await client.call('GET', `/logicalReader?deviceProfileId=${reader}`, { token: tokens.admin }),
      200,
    );
    expect(users.results.map((row) => row.id)).toEqual([lr.id]);

    // a used profile is neither deleted nor given another kind
    expect(
      (await client.call('DELETE', `/deviceProfile/${reader}`, { token: tokens.admin })).status,
    ).toBe(409);
    const kept = await jsonOf<Refusal>(
      await client.call('PATCH', `/deviceProfile/${gateway}`, {
        token: tokens.admin,
        body: { deviceKind: 'reader', settings: { txPowerDbm: 20, antennas: [1] } },
      }),
      400,
    );
    expect(Object.keys(kept.fields)).toEqual(['deviceKind']);

    // unassigned, it goes
    await jsonOf(
      await client.call('PATCH', `/logicalReader/${lr.id}`, {
        token: tokens.admin,
        body: { deviceProfileId: null },
      }),
      200,
    );
    expect(
      (await client.call('DELETE', `/deviceProfile/${reader}`, { token: tokens.admin })).status,
    ).toBe(204);
    const log = await jsonOf<{ results: Array<{ action: string }> }>(
      await client.call('GET', `/auditEntry?resource=deviceProfile&record=${reader}`, {
        token: tokens.admin,
      }),
      200,
    );
    expect(log.results.map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
  });

  it('seeds two profiles per tenant, used by some of its devices', async () => {
    for (const token of [tokens.admin, tokens.globex]) {
      const profiles = await jsonOf<{ results: Array<{ id: number; deviceKind: string }> }>(
        await client.call('GET', '/deviceProfile?pageSize=500', { token }),
        200,
      );
      const seeded = profiles.results.slice(0, 2);
      expect(seeded.map((row) => row.deviceKind)).toEqual(['reader', 'edgebox']);
      const [readerId, edgeboxId] = seeded.map((row) => row.id);
      expect(
        await total(`logicalReader?deviceProfileId=${String(readerId)}`, token),
      ).toBeGreaterThan(0);
      expect(await total(`edgebox?deviceProfileId=${String(edgeboxId)}`, token)).toBeGreaterThan(0);
    }
  });
});
