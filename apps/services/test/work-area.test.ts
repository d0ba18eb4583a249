// The API behind the work area: unique fields refused with a field error (409 {error, field})
// and the CSV export of a list's current filter, streamed, permission-checked and tenant-scoped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInMemoryServices } from '../src/index.ts';
import { seedDemoData } from '../src/seed/index.ts';
import { EXPORT_CHUNK_ROWS, csvCell } from '../src/resources/serialize.ts';
import { API, createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

/** Parses RFC 4180 CSV (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

let client: TestClient;
let admin: string;
let globex: string;
let operator: string;

beforeAll(async () => {
  client = await createTestClient();
  admin = (await client.login('admin')).token;
  globex = (await client.login('globex')).token;
  operator = (await client.login('operator')).token;
});
afterAll(() => client.services.close());

async function firstThing(token: string) {
  const response = await client.call('GET', '/thing?pageSize=1&order=id:asc', { token });
  return (
    (await response.json()) as {
      results: Array<{ id: number; serial: string; thingTypeId: number; groupId: number }>;
    }
  ).results[0]!;
}

describe('unique fields: 409 {error, field}', () => {
  it('refuses a new thing whose serial is taken in the tenant, naming the field', async () => {
    const taken = await firstThing(admin);
    const response = await client.call('POST', '/thing', {
      token: admin,
      body: { name: 'Copy', serial: taken.serial, thingTypeId: taken.thingTypeId },
    });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: string; field: string };
    expect(body.field).toBe('serial');
    expect(body.error).toMatch(/serial must be unique/);
  });

  it('refuses an update to a taken serial, but not saving a row with its own serial', async () => {
    const [a, b] = (
      (await (
        await client.call('GET', '/thing?pageSize=2&order=id:asc', { token: admin })
      ).json()) as { results: Array<{ id: number; serial: string }> }
    ).results;
    const clash = await client.call('PATCH', `/thing/${b!.id}`, {
      token: admin,
      body: { serial: a!.serial },
    });
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { field: string }).field).toBe('serial');
    const same = await client.call('PATCH', `/thing/${a!.id}`, {
      token: admin,
      body: { serial: a!.serial, name: 'Renamed' },
    });
    expect(same.status).toBe(200);
  });

  it('is scoped to the tenant: another tenant may use the same serial; a sub-site sees its tenant’s serials', async () => {
    const acme = await firstThing(admin);
    const type = (
      (await (await client.call('GET', '/thingType?pageSize=1', { token: globex })).json()) as {
        results: Array<{ id: number }>;
      }
    ).results[0]!;
    const elsewhere = await client.call('POST', '/thing', {
      token: globex,
      body: { name: 'Same serial', serial: acme.serial, thingTypeId: type.id },
    });
    expect(elsewhere.status).toBe(201);
    // a serial of South DC is taken for North DC too: the scope is the tenant, not the site
    const south = (
      (await (
        await client.call('GET', '/thing?filter=ACS&pageSize=1', { token: admin })
      ).json()) as { results: Array<{ serial: string; thingTypeId: number; groupId: number }> }
    ).results[0]!;
    const north = (
      (await (
        await client.call('GET', '/thing?filter=ACN&pageSize=1', { token: admin })
      ).json()) as { results: Array<{ groupId: number }> }
    ).results[0]!;
    expect(north.groupId).not.toBe(south.groupId);
    const clash = await client.call('POST', '/thing', {
      token: admin,
      body: {
        name: 'Clash',
        serial: south.serial,
        thingTypeId: south.thingTypeId,
        groupId: north.groupId,
      },
    });
    expect(clash.status).toBe(409);
  });

  it('codes are unique per tenant when set; empty codes may repeat', async () => {
    const zones = (
      (await (
        await client.call('GET', '/zone?pageSize=1&order=id:asc', { token: admin })
      ).json()) as { results: Array<{ code: string; zoneTypeId: number }> }
    ).results;
    const taken = await client.call('POST', '/zone', {
      token: admin,
      body: { name: 'Z', code: zones[0]!.code, zoneTypeId: zones[0]!.zoneTypeId },
    });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { field: string }).field).toBe('code');
    for (const name of ['No code 1', 'No code 2']) {
      expect(
        (
          await client.call('POST', '/zone', {
            token: admin,
            body: { name, code: '', zoneTypeId: zones[0]!.zoneTypeId },
          })
        ).status,
      ).toBe(201);
    }
  });

  it('usernames are unique across the platform, with the field named', async () => {
    const response = await client.call('POST', '/user', {
      token: admin,
      body: { username: 'globex', password: 'Tangerine-Harbor-42' },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ field: 'username' });
  });
});

describe('CSV export of the current filter', () => {
  it('answers text/csv with a header, every filtered row, reference names, in the list’s order', async () => {
    const response = await client.call(
      'GET',
      '/thing/export.csv?status=maintenance&order=serial:desc',
      { token: admin },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="thing.csv"');
    const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
    expect(header).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'serial',
        'status',
        'thingTypeId',
        'thingType',
        'zone',
        'groupId',
        'group',
      ]),
    );
    const list = (await (
      await client.call('GET', '/thing?status=maintenance&order=serial:desc&pageSize=1000', {
        token: admin,
      })
    ).json()) as {
      total: number;
      results: Array<{ id: number; serial: string; thingType: { name: string } }>;
    };
    expect(rows).toHaveLength(list.total);
    const column = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => row[column('serial')])).toEqual(list.results.map((row) => row.serial));
    expect(rows.every((row) => row[column('status')] === 'maintenance')).toBe(true);
    expect(rows[0]![column('thingType')]).toBe(list.results[0]!.thingType.name);
  });

  it('is tenant-scoped and permission-checked', async () => {
    const globexCsv = await (
      await client.call('GET', '/thing/export.csv', { token: globex })
    ).text();
    expect(globexCsv).not.toMatch(/AC[NS]-\d/);
    expect(globexCsv).toMatch(/GX-\d/);
    const operatorCsv = await (
      await client.call('GET', '/thing/export.csv', { token: operator })
    ).text();
    expect(operatorCsv).toMatch(/ACN-\d/);
    expect(operatorCsv).not.toMatch(/ACS-\d/);
    const viewer = (await client.login('nobody')).token;
    const refused = await client.call('GET', '/thing/export.csv', { token: viewer });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: expect.any(String) });
    expect((await client.call('GET', '/thing/export.csv')).status).toBe(401);
    expect(
      (await client.call('GET', '/thing/export.csv?order=password:asc', { token: admin })).status,
    ).toBe(400);
  });

  it('exports users too (the /user/{id} route takes numbers only), never with a password column', async () => {
    const response = await client.call('GET', '/user/export.csv', { token: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = await response.text();
    const [head, ...lines] = csv.trim().split(/\r?\n/);
    expect(head).toContain('username');
    expect(head!.split(',')).not.toContain('password');
    expect(head).not.toMatch(/hash|salt/i);
    expect(lines.some((line) => line.includes('operator'))).toBe(true);
    expect(lines.some((line) => line.includes('globex'))).toBe(false);
    expect((await client.call('GET', '/user/abc', { token: admin })).status).toBe(400);
  });

  it('neutralises spreadsheet formulas and quotes what needs quoting', async () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe(`'\tx`);
    expect(csvCell('trailing ')).toBe('"trailing "');
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(null)).toBe('');
    const type = await firstThing(admin);
    const created = await client.call('POST', '/thing', {
      token: admin,
      body: { name: '=cmd|"/c calc"!A1', serial: 'FORMULA-1', thingTypeId: type.thingTypeId },
    });
    expect(created.status).toBe(201);
    const [header, ...rows] = parseCsv(
      (
        await (
          await client.call('GET', '/thing/export.csv?filter=FORMULA-1', { token: admin })
        ).text()
      ).replace(/^\uFEFF/, ''),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]![header!.indexOf('name')]).toBe(`'=cmd|"/c calc"!A1`);
  });
});

describe('CSV export at SEED_SCALE-like volume', { timeout: 120_000 }, () => {
  it('streams ~20,000 rows chunk by chunk as the client reads (rows written mid-export still appear)', async () => {
    const services = await createInMemoryServices({ seed: false, log: () => undefined });
    try {
      await seedDemoData(services.context.db, 20);
      const call = (method: string, path: string, token: string, body?: unknown) =>
        services.fetch(
          new Request(`${API}${path}`, {
            method,
            headers: { token, 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        );
      const login = await services.fetch(
        new Request(`${API}/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'demo' }),
        }),
      );
      const { token } = (await login.json()) as { token: string };
      const total = (
        (await (await call('GET', '/thing?pageSize=1', token)).json()) as { total: number }
      ).total;
      expect(total).toBeGreaterThan(20 * EXPORT_CHUNK_ROWS);

      const response = await call('GET', '/thing/export.csv?order=name:asc', token);
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      const first = await reader.read();
      let text = decoder.decode(first.value, { stream: true });
      // The first chunk holds one chunk of rows, not the table.
      expect(text.split('\r\n').length - 2).toBeLessThanOrEqual(EXPORT_CHUNK_ROWS);
      // A row written now, sorting last, is read by a later chunk: nothing was read ahead of the client.
      const type = (
        (await (await call('GET', '/thingType?pageSize=1', token)).json()) as {
          results: Array<{ id: number }>;
        }
      ).results[0]!;
      expect(
        (
          await call('POST', '/thing', token, {
            name: 'zzzz written during the export',
            serial: 'LATE-1',
            thingTypeId: type.id,
          })
        ).status,
      ).toBe(201);
      let chunks = 1;
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        chunks += 1;
        text += decoder.decode(next.value, { stream: true });
      }
      const rows = parseCsv(text.replace(/^\uFEFF/, '')).slice(1);
      expect(rows).toHaveLength(total + 1);
      expect(chunks).toBeGreaterThanOrEqual(Math.floor(total / EXPORT_CHUNK_ROWS));
      expect(rows[rows.length - 1]).toContain('LATE-1');
    } finally {
      await services.close();
    }
  });
});
