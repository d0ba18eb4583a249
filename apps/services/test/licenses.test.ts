// Licenses over real HTTP handlers: root generates a signed license for a tenant, the tenant
// installs it (its signature, tenant and expiry checked: a tampered, expired, foreign or other
// tenant's license is refused and nothing is written), each is audited, and the services hold the
// tenant to its limits on every way a thing, user or zone comes to be (POST, the platform's PUT,
// a move into the tenant, a bulk restore).
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { LICENSE_FORMAT, splitLicenseText, signedLicensePart } from '@portico/core';
import type { LicensePayload } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenseSigner } from '../src/licenses/license-signer.ts';
import { createTestClient, jsonOf } from './helpers.ts';
import type { SeededUser, TestClient } from './helpers.ts';

type Who = SeededUser;
const WHO: readonly Who[] = ['root', 'admin', 'operator', 'viewer', 'nobody', 'globex'];
const DAY = 24 * 60 * 60 * 1000;
let client: TestClient;
const tokens = {} as Record<Who, string>;
let acme = 0;
let globex = 0;
let north = 0;

interface LicenseJson extends LicensePayload {
  status: string;
  text?: string;
  actorName: string;
}
interface InstalledAnswer {
  tenant: { id: number; name: string };
  license: LicenseJson | null;
  usage: Array<{ limit: string; used: number; max: number | null }>;
}

const db = () => client.services.context.db;
const inAYear = () => new Date(Date.now() + 365 * DAY).toISOString().slice(0, 10);

function generate(who: Who, body: Record<string, unknown>) {
  return client.call('POST', '/license/generate', {
    token: tokens[who],
    body: { expiresOn: inAYear(), modules: ['things'], limits: {}, ...body },
  });
}

async function generated(tenantId: number, limits: Record<string, number | null> = {}) {
  return jsonOf<LicenseJson>(await generate('root', { tenantId, limits }), 201);
}

function install(who: Who, text: string, tenantId?: number) {
  return client.call('PUT', '/license', {
    token: tokens[who],
    body: tenantId === undefined ? { text } : { text, tenantId },
  });
}

async function installed(tenantId: number) {
  return db()
    .selectFrom('installedLicenses')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
}

async function licenseAudit() {
  return db()
    .selectFrom('auditEntries')
    .select(['action', 'recordName', 'tenantId', 'actorName', 'changes'])
    .where('resource', '=', 'license')
    .orderBy('id')
    .execute();
}

async function thingTypeOf(who: Who): Promise<number> {
  const page = await jsonOf<{ results: Array<{ id: number }> }>(
    await client.call('GET', '/thingType?pageSize=1', { token: tokens[who] }),
    200,
  );
  return page.results[0]?.id ?? 0;
}

async function used(tenantId: number, limit: string): Promise<number> {
  const answer = await jsonOf<InstalledAnswer>(
    await client.call('GET', `/license?tenantId=${tenantId}`, { token: tokens.root }),
    200,
  );
  return answer.usage.find((row) => row.limit === limit)?.used ?? -1;
}

beforeAll(async () => {
  client = await createTestClient();
  for (const name of WHO) tokens[name] = (await client.login(name)).token;
  acme = (await client.login('admin')).groupId;
  globex = (await client.login('globex')).groupId;
  north = (await client.login('operator')).groupId;
});
afterAll(() => client.services.close());

describe('who may do what', () => {
  it('a role × action table', async () => {
    const acmeLicense = await generated(acme, { maxThings: 100_000 });
    const actions: Record<string, (who: Who) => Promise<Response>> = {
      publicKey: (who) => client.call('GET', '/license/publicKey', { token: tokens[who] }),
      issued: (who) => client.call('GET', '/license/issued', { token: tokens[who] }),
      generate: (who) => generate(who, { tenantId: acme }),
      read: (who) =>
        client.call('GET', who === 'root' ? `/license?tenantId=${acme}` : '/license', {
          token: tokens[who],
        }),
      install: (who) => install(who, acmeLicense.text ?? '', who === 'root' ? acme : undefined),
    };
    const table: Record<string, Record<Who, number>> = {};
    for (const [action, call] of Object.entries(actions)) {
      table[action] = {} as Record<Who, number>;
      for (const who of WHO) table[action][who] = (await call(who)).status;
    }
    expect(table).toEqual({
      publicKey: { root: 200, admin: 200, operator: 200, viewer: 200, nobody: 200, globex: 200 },
      issued: { root: 200, admin: 403, operator: 403, viewer: 403, nobody: 403, globex: 403 },
      generate: { root: 201, admin: 403, operator: 403, viewer: 403, nobody: 403, globex: 403 },
      // operator and nobody hold no license:r; globex reads its own tenant's
      read: { root: 200, admin: 200, operator: 403, viewer: 200, nobody: 403, globex: 200 },
      // the viewer reads, never installs; globex may install, but not Acme's license
      install: { root: 200, admin: 200, operator: 403, viewer: 403, nobody: 403, globex: 400 },
    });
  });

  it('a tenant sees and installs its own license only; root names the tenant', async () => {
    expect(
      (await client.call('GET', `/license?tenantId=${acme}`, { token: tokens.globex })).status,
    ).toBe(404);
    const own = await jsonOf<InstalledAnswer>(
      await client.call('GET', `/license?tenantId=${globex}`, { token: tokens.globex }),
      200,
    );
    expect(own.tenant.id).toBe(globex);
    const forGlobex = await generated(globex, { maxThings: 100_000 });
    expect((await install('admin', forGlobex.text ?? '', globex)).status).toBe(404);
    const root = await jsonOf<{ fields: Record<string, string> }>(
      await client.call('GET', '/license', { token: tokens.root }),
      400,
    );
    expect(root.fields).toEqual({ tenantId: 'required' });
    // a group below a tenant is no tenant
    expect(
      (await client.call('GET', `/license?tenantId=${north}`, { token: tokens.root })).status,
    ).toBe(404);
    expect(await installed(globex)).toBeUndefined();
  });

  it('the generator lists what root generated, with the text to copy again', async () => {
    const made = await generated(globex, { maxUsers: 7 });
    const issued = await jsonOf<{ results: LicenseJson[] }>(
      await client.call('GET', `/license/issued?tenantId=${globex}`, { token: tokens.root }),
      200,
    );
    expect(issued.results[0]).toMatchObject({
      id: made.id,
      text: made.text,
      limits: { maxUsers: 7 },
    });
    expect(issued.results.every((row) => row.tenantId === globex)).toBe(true);
  });
});

describe('signatures', () => {
  it('the published key verifies a generated license; the private key is never answered', async () => {
    const key = await jsonOf<{ algorithm: string; publicKey: string; keyId: string }>(
      await client.call('GET', '/license/publicKey', { token: tokens.viewer }),
      200,
    );
    expect(key.algorithm).toBe('Ed25519');
    expect(key.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(key.keyId).toMatch(/^[0-9a-f]{16}$/);
    const made = await generated(acme, { maxThings: 100_000 });
    expect(JSON.stringify(made)).not.toMatch(/PRIVATE/);
    const split = splitLicenseText(made.text ?? '');
    if ('problem' in split) throw new Error(split.problem);
    expect(made.text?.startsWith(`${LICENSE_FORMAT}.`)).toBe(true);
    expect(
      verify(
        null,
        Buffer.from(signedLicensePart(split.payload)),
        createPublicKey(key.publicKey),
        Buffer.from(split.signature, 'base64url'),
      ),
    ).toBe(true);
    const payload = JSON.parse(
      Buffer.from(split.payload, 'base64url').toString(),
    ) as LicensePayload;
    expect(payload).toMatchObject({
      tenantId: acme,
      tenantName: 'Acme Logistics',
      modules: ['things'],
    });
  });

  it('a license changed in any one character is refused, and nothing is written', async () => {
    const made = await generated(globex, { maxThings: 3 });
    const text = made.text ?? '';
    const before = (await licenseAudit()).length;
    // one character of the payload, one of the signature, one of the format
    const payloadAt = LICENSE_FORMAT.length + 20;
    const signatureAt = text.length - 10;
    for (const at of [payloadAt, signatureAt, 3]) {
      const swapped = text[at] === 'A' ? 'B' : 'A';
      const tampered = `${text.slice(0, at)}${swapped}${text.slice(at + 1)}`;
      const refused = await jsonOf<{ error: string; fields: Record<string, string> }>(
        await install('globex', tampered),
        400,
      );
      expect(refused.fields.text).toMatch(
        /^The license (has a signature that does not match|is not a license)/,
      );
    }
    // the signature's unused last bits: the same bytes, another text
    const last = text.at(-1) ?? '';
    const sibling = 'AQgw'.includes(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : 'A';
    await jsonOf(await install('globex', `${text.slice(0, -1)}${sibling}`), 400);
    expect(await installed(globex)).toBeUndefined();
    expect((await licenseAudit()).length).toBe(before);
  });

  it('another server’s license, an expired one and another tenant’s are refused with the reason', async () => {
    const base: LicensePayload = {
      id: 'test-license',
      tenantId: globex,
      tenantName: 'Globex',
      issuedAt: new Date(Date.now() - 400 * DAY).toISOString(),
      expiresAt: new Date(Date.now() - DAY).toISOString(),
      modules: [],
      limits: {},
    };
    const ours = client.services.context.licenses;
    const expired = await jsonOf<{ fields: Record<string, string> }>(
      await install('globex', await ours.sign(base)),
      400,
    );
    expect(expired.fields.text).toMatch(/^The license expired on \d{4}-\d{2}-\d{2}$/);
    const { privateKey } = generateKeyPairSync('ed25519');
    const other = new LicenseSigner(
      db(),
      privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    );
    const foreign = await jsonOf<{ fields: Record<string, string> }>(
      await install(
        'globex',
        await other.sign({ ...base, expiresAt: new Date(Date.now() + DAY).toISOString() }),
      ),
      400,
    );
    expect(foreign.fields.text).toContain('signed by another server');
    const acmes = await generated(acme);
    const otherTenant = await jsonOf<{ error: string }>(
      await install('globex', acmes.text ?? ''),
      400,
    );
    expect(otherTenant.error).toBe(
      'Invalid body: text: The license was issued for another tenant (Acme Logistics)',
    );
    expect(await installed(globex)).toBeUndefined();
  });

  it('a signing key that is not Ed25519 stops the server at start', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => new LicenseSigner(db(), pem)).toThrow(/Ed25519 expected/);
    expect(() => new LicenseSigner(db(), 'not a key')).toThrow(/not a PKCS#8 private key/);
  });
});

describe('bad input', () => {
  it.each([
    ['a group that is no tenant', { tenantId: 'north' }, 'tenantId'],
    ['a tenant that does not exist', { tenantId: 999_999 }, 'tenantId'],
    ['an expiry in the past', { expiresOn: '2020-01-01' }, 'expiresOn'],
    ['an expiry that is no date', { expiresOn: '2027-02-30' }, 'expiresOn'],
    ['an expiry too far', { expiresOn: '2099-01-01' }, 'expiresOn'],
    ['an unknown module', { modules: ['things', 'teleport'] }, 'modules'],
    ['a negative limit', { limits: { maxThings: -1 } }, 'limits.maxThings'],
    ['a fractional limit', { limits: { maxUsers: 2.5 } }, 'limits.maxUsers'],
    ['an unknown limit', { limits: { maxCats: 3 } }, 'limits'],
    ['an unknown key', { colour: 'red' }, 'body'],
    ['a text tenant', { tenantId: '2' }, 'tenantId'],
  ])('generate refuses %s, naming the field, writing nothing', async (_name, change, field) => {
    const before = await db().selectFrom('issuedLicenses').select('id').execute();
    const audits = (await licenseAudit()).length;
    const body = { tenantId: acme, ...change };
    if (body.tenantId === 'north') body.tenantId = north;
    const refused = await jsonOf<{ error: string; fields: Record<string, string> }>(
      await generate('root', body),
      400,
    );
    expect(Object.keys(refused.fields)).toContain(field);
    expect(refused.error).toContain(field === 'body' ? 'Invalid body' : field);
    expect(await db().selectFrom('issuedLicenses').select('id').execute()).toHaveLength(
      before.length,
    );
    expect((await licenseAudit()).length).toBe(audits);
  });

  it.each([
    ['no text', {}, 'text'],
    ['an empty text', { text: '' }, 'text'],
    ['not a license', { text: 'hello' }, 'text'],
    ['a text that is a number', { text: 5 }, 'text'],
    ['an unknown key', { text: 'x', more: 1 }, 'body'],
  ])('install refuses %s', async (_name, body, field) => {
    const refused = await jsonOf<{ fields: Record<string, string> }>(
      await client.call('PUT', '/license', { token: tokens.globex, body }),
      400,
    );
    expect(Object.keys(refused.fields)).toContain(field);
    expect(await installed(globex)).toBeUndefined();
  });
});

describe('limits', () => {
  it('without a license there is no limit; installed, creating over it is refused with the limit named', async () => {
    const typeId = await thingTypeOf('globex');
    const first = await client.call('POST', '/thing', {
      token: tokens.globex,
      body: { name: 'Free 1', serial: 'FREE-1', thingTypeId: typeId },
    });
    expect(first.status, await first.clone().text()).toBe(201);
    const things = await used(globex, 'maxThings');
    const users = await used(globex, 'maxUsers');
    const license = await generated(globex, {
      maxThings: things + 1,
      maxUsers: users,
      maxZones: null,
    });
    const answer = await jsonOf<InstalledAnswer>(await install('globex', license.text ?? ''), 200);
    expect(answer.license).toMatchObject({ id: license.id, status: 'valid', actorName: 'globex' });
    expect(answer.usage).toEqual([
      { limit: 'maxThings', used: things, max: things + 1 },
      { limit: 'maxUsers', used: users, max: users },
      { limit: 'maxZones', used: expect.any(Number) as number, max: null },
    ]);
    // the last one that fits
    const fits = await client.call('POST', '/thing', {
      token: tokens.globex,
      body: { name: 'Fits', serial: 'FITS-1', thingTypeId: typeId },
    });
    expect(fits.status).toBe(201);
    const fitsId = ((await fits.json()) as { id: number }).id;
    // one too many, by POST and by the platform's PUT
    const over = await jsonOf<{ error: string; limit: string; max: number; used: number }>(
      await client.call('POST', '/thing', {
        token: tokens.globex,
        body: { name: 'Too many', serial: 'OVER-1', thingTypeId: typeId },
      }),
      403,
    );
    expect(over.error).toBe(
      `License limit reached: maximum things is ${things + 1} and Globex has ${things + 1}; ask for a license with more things`,
    );
    expect(over).toMatchObject({ license: 'limitReached', limit: 'maxThings', max: things + 1 });
    const types = await jsonOf<{ results: Array<{ code: string }> }>(
      await client.call('GET', `/thingType?pageSize=1`, { token: tokens.globex }),
      200,
    );
    const put = await jsonOf<{ error: string }>(
      await client.call('PUT', '/thing', {
        token: tokens.globex,
        body: {
          group: '>globex',
          thingTypeCode: types.results[0]?.code,
          name: 'Too',
          serialNumber: 'OVER-2',
        },
      }),
      403,
    );
    expect(put.error).toContain('maximum things');
    // root is held to the tenant's license too
    const byRoot = await client.call('POST', '/thing', {
      token: tokens.root,
      body: { name: 'Root too', serial: 'OVER-3', thingTypeId: typeId, groupId: globex },
    });
    expect(byRoot.status).toBe(403);
    expect(await used(globex, 'maxThings')).toBe(things + 1);
    // users: the limit is reached already
    const user = await jsonOf<{ error: string }>(
      await client.call('POST', '/user', {
        token: tokens.globex,
        body: { username: 'one-too-many', password: 'Correct-Horse-42' },
      }),
      403,
    );
    expect(user.error).toContain('maximum users is');
    // zones: no limit set
    const zoneTypes = await jsonOf<{ results: Array<{ id: number }> }>(
      await client.call('GET', '/zoneType?pageSize=1', { token: tokens.globex }),
      200,
    );
    const zone = await client.call('POST', '/zone', {
      token: tokens.globex,
      body: { name: 'Unlimited zone', zoneTypeId: zoneTypes.results[0]?.id },
    });
    expect(zone.status, await zone.clone().text()).toBe(201);
    // Acme's own license is not Globex's: Acme still creates
    const acmeThing = await client.call('POST', '/thing', {
      token: tokens.admin,
      body: { name: 'Acme fine', serial: 'ACME-FINE', thingTypeId: await thingTypeOf('admin') },
    });
    expect(acmeThing.status).toBe(201);
    const acmeId = ((await acmeThing.json()) as { id: number }).id;

    // moving a thing into the full tenant is a create there
    const move = await jsonOf<{ error: string }>(
      await client.call('PATCH', `/thing/${acmeId}`, {
        token: tokens.root,
        body: { groupId: globex, thingTypeId: typeId },
      }),
      403,
    );
    expect(move.error).toContain('maximum things');

    // a deleted thing frees its place; another takes it; the undo of the first is then refused
    expect((await client.call('DELETE', `/thing/${fitsId}`, { token: tokens.globex })).status).toBe(
      204,
    );
    const refill = await client.call('POST', '/thing', {
      token: tokens.globex,
      body: { name: 'Refill', serial: 'REFILL-1', thingTypeId: typeId },
    });
    expect(refill.status).toBe(201);
    const restore = await jsonOf<{
      done: unknown[];
      failed: Array<{ status: number; error: string }>;
    }>(
      await client.call('POST', '/thing/bulk', {
        token: tokens.globex,
        body: { action: 'restore', ids: [fitsId] },
      }),
      200,
    );
    expect(restore.done).toEqual([]);
    expect(restore.failed[0]).toMatchObject({ status: 403 });
    expect(restore.failed[0]?.error).toContain('maximum things');
    expect(await used(globex, 'maxThings')).toBe(things + 1);
  });

  it('an expired installed license lets the tenant create none of the limited kinds', async () => {
    const row = await installed(acme);
    expect(row).toBeDefined();
    const payload = JSON.parse(row?.payload ?? '{}') as LicensePayload;
    await db()
      .updateTable('installedLicenses')
      .set({ payload: JSON.stringify({ ...payload, expiresAt: '2020-01-31T23:59:59.999Z' }) })
      .where('tenantId', '=', acme)
      .execute();
    try {
      const refused = await jsonOf<{ error: string; license: string }>(
        await client.call('POST', '/thing', {
          token: tokens.admin,
          body: { name: 'Late', serial: 'LATE-1', thingTypeId: await thingTypeOf('admin') },
        }),
        403,
      );
      expect(refused.error).toBe(
        'The license of Acme Logistics expired on 2020-01-31: no new things until a new license is installed',
      );
      const shown = await jsonOf<InstalledAnswer>(
        await client.call('GET', '/license', { token: tokens.admin }),
        200,
      );
      expect(shown.license?.status).toBe('expired');
    } finally {
      await db()
        .updateTable('installedLicenses')
        .set({ payload: row?.payload ?? '{}' })
        .where('tenantId', '=', acme)
        .execute();
    }
  });

  it('generating and installing are audited: root’s trail, then the tenant’s', async () => {
    const license = await generated(acme, { maxThings: 50_000, maxUsers: 900 });
    await jsonOf(await install('admin', license.text ?? ''), 200);
    const entries = await licenseAudit();
    const generatedEntry = entries.findLast(
      (entry) => entry.action === 'create' && entry.recordName === license.id,
    );
    expect(generatedEntry).toMatchObject({ tenantId: null, actorName: 'root' });
    expect(JSON.parse(generatedEntry?.changes ?? '[]')).toContainEqual({
      field: 'maxUsers',
      after: 900,
    });
    const installEntry = entries.at(-1);
    expect(installEntry).toMatchObject({
      action: 'update',
      recordName: 'Acme Logistics',
      tenantId: acme,
      actorName: 'admin',
    });
    expect(JSON.parse(installEntry?.changes ?? '[]')).toContainEqual(
      expect.objectContaining({ field: 'licenseId', after: license.id }),
    );
    // the tenant reads its entry in its own trail
    const trail = await jsonOf<{ results: Array<{ resource: string; recordName: string }> }>(
      await client.call('GET', '/auditEntry?resource=license', { token: tokens.admin }),
      200,
    );
    expect(trail.results.map((entry) => entry.recordName)).toContain('Acme Logistics');
    expect(trail.results.map((entry) => entry.recordName)).not.toContain(license.id);
  });
});
