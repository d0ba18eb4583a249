// CSV import over real HTTP handlers: an upload is stored and dry-run (every row checked as the API
// checks a write, nothing written), a confirmed job writes every row in one transaction or none,
// can be cancelled, is not run twice, updates by key on a re-run, is audited, and keeps to the
// caller's permissions and tenant.
import { describe, expect, it } from 'vitest';
import { CATALOG_ENTRIES } from '@portico/core';
import type { ImportJob } from '@portico/core';
import { useSeededClient, jsonOf } from './helpers.ts';

const { client, tokens } = useSeededClient();

/** A job as one read of it answers: with its preview and problems. */
type Job = Required<ImportJob>;

const db = () => client.services.context.db;

function upload(token: string, resource: string, csv: string, fileName = 'file.csv') {
  return client.call('POST', `/importJob?resource=${resource}&fileName=${fileName}`, {
    token,
    rawBody: csv,
    headers: { 'content-type': 'text/csv' },
  });
}

async function finished(token: string, id: number): Promise<Job> {
  for (let i = 0; i < 400; i += 1) {
    const job = await jsonOf<Job>(await client.call('GET', `/importJob/${id}`, { token }), 200);
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not finish`);
}

const thingsWithSerialPrefix = async (prefix: string) =>
  db()
    .selectFrom('things')
    .select(['serial', 'name', 'zoneId'])
    .where('serial', 'like', `${prefix}%`)
    .execute();

const GOOD =
  'serial,name,thingType,zone\r\nIMP-1,Pallet one,pallet,\r\nIMP-2,Pallet two,forklift,\r\n';

describe('permissions', () => {
  it.each([
    ['root', 200, 201],
    ['admin', 200, 201],
    ['viewer', 200, 403],
    ['operator', 403, 403],
    ['nobody', 403, 403],
    ['globex', 200, 201],
  ] as const)('%s: list %i, upload %i', async (who, list, up) => {
    const before = await db().selectFrom('importJobs').select('id').execute();
    await jsonOf(await client.call('GET', '/importJob', { token: tokens[who] }), list);
    await jsonOf(
      await upload(tokens[who], 'zone', 'code,name,zoneType\r\nPERM-Z,Zone,dock\r\n'),
      up,
    );
    const after = await db().selectFrom('importJobs').select('id').execute();
    expect(after.length - before.length).toBe(up === 201 ? 1 : 0);
  });
});

describe('bad input', () => {
  it.each([
    ['bogus', GOOD, 400, 'resource'],
    ['thingType', GOOD, 400, 'resource'],
  ])('resource %s → %i naming %s', async (resource, csv, status, field) => {
    const answer = await jsonOf<{ error: string }>(
      await upload(tokens.admin, resource, csv),
      status,
    );
    expect(answer.error).toContain(field);
  });

  it('a bad row is named by its line and column; the dry run writes nothing and cannot be run', async () => {
    const auditBefore = await db().selectFrom('auditEntries').select('id').execute();
    const csv =
      'serial,name,thingType,status\r\nBAD-1,Fine,pallet,active\r\nBAD-2,,pallet,active\r\nBAD-3,Typo,palet,melted\r\n';
    const job = await jsonOf<Job>(await upload(tokens.admin, 'thing', csv), 201);
    expect(job).toMatchObject({ state: 'invalid', totalRows: 3, errorRows: 2, toCreate: 1 });
    expect(job.problems.map((p) => [p.line, p.column, p.columnName])).toEqual([
      [3, 2, 'name'],
      [4, 3, 'thingType'],
      [4, 4, 'status'],
    ]);
    expect(job.problems[1]?.message).toContain('no thingType with code palet');
    expect(job.preview).toEqual([
      {
        line: 2,
        action: 'create',
        values: { name: 'Fine', serial: 'BAD-1', thingType: 'pallet', status: 'active' },
      },
    ]);
    expect(await thingsWithSerialPrefix('BAD-')).toEqual([]);
    expect(await db().selectFrom('auditEntries').select('id').execute()).toHaveLength(
      auditBefore.length,
    );
    const run = await jsonOf<{ error: string }>(
      await client.call('POST', `/importJob/${job.id}/run`, { token: tokens.admin }),
      409,
    );
    expect(run.error).toContain('2 rows');
    const errors = await client.call('GET', `/importJob/${job.id}/errors.csv`, {
      token: tokens.admin,
    });
    expect(errors.status).toBe(200);
    const text = await errors.text();
    expect(text).toContain('BAD-2,,pallet,active,3,name: required');
    expect(text).toContain(
      'BAD-3,Typo,palet,melted,4,"thingType: no thingType with code palet; status: ',
    );
    expect(text).not.toContain('BAD-1');
  });

  it('a header without the key column, or with an unknown column, is refused at line 1', async () => {
    const job = await jsonOf<Job>(
      await upload(tokens.admin, 'thing', 'name,colour\r\nA,red\r\n'),
      201,
    );
    expect(job.state).toBe('invalid');
    expect(job.problems.map((p) => [p.line, p.column, p.columnName])).toEqual([
      [1, 2, 'colour'],
      [1, 3, 'serial'],
    ]);
    const empty = await jsonOf<Job>(await upload(tokens.admin, 'thing', ''), 201);
    expect(empty.state).toBe('invalid');
    expect(empty.problems[0]?.message).toContain('empty');
  });
});

describe('a job', () => {
  it('runs once: confirm, progress, done with counts and duration; audited; a retried confirm does not run it again', async () => {
    const job = await jsonOf<Job>(await upload(tokens.admin, 'thing', GOOD), 201);
    expect(job).toMatchObject({ state: 'checked', toCreate: 2, toUpdate: 0, errorRows: 0 });
    expect(await thingsWithSerialPrefix('IMP-')).toEqual([]);
    const started = await jsonOf<Job>(
      await client.call('POST', `/importJob/${job.id}/run`, { token: tokens.admin }),
      202,
    );
    expect(started.state).toBe('running');
    const done = await finished(tokens.admin, job.id);
    expect(done).toMatchObject({ state: 'done', created: 2, updated: 0, processed: 2 });
    expect(done.durationMs).toBeGreaterThanOrEqual(0);
    const again = await jsonOf<Job>(
      await client.call('POST', `/importJob/${job.id}/run`, { token: tokens.admin }),
      200,
    );
    expect(again).toMatchObject({ state: 'done', created: 2 });
    expect((await thingsWithSerialPrefix('IMP-')).map((t) => t.serial).sort()).toEqual([
      'IMP-1',
      'IMP-2',
    ]);
    const entries = await db()
      .selectFrom('auditEntries')
      .select(['action', 'resource', 'recordName', 'changes', 'actorName'])
      .where((eb) =>
        eb.or([eb('recordName', 'in', ['Pallet one', 'Pallet two']), eb('action', '=', 'import')]),
      )
      .execute();
    expect(
      entries
        .filter((e) => e.action === 'create')
        .map((e) => e.recordName)
        .sort(),
    ).toEqual(['Pallet one', 'Pallet two']);
    const importEntry = entries.find((e) => e.action === 'import' && e.resource === 'thing');
    expect(importEntry).toMatchObject({
      resource: 'thing',
      recordName: 'file.csv',
      actorName: 'admin',
    });
    expect(JSON.parse(importEntry!.changes)).toEqual([
      { field: 'rows', after: 2 },
      { field: 'created', after: 2 },
      { field: 'updated', after: 0 },
    ]);
  });

  it('a re-run of the same file updates by key instead of duplicating', async () => {
    const csv =
      'serial,name,thingType\r\nIMP-1,Pallet renamed,pallet\r\nIMP-2,Pallet two,forklift\r\n';
    const job = await jsonOf<Job>(await upload(tokens.admin, 'thing', csv), 201);
    expect(job).toMatchObject({ toCreate: 0, toUpdate: 2 });
    await jsonOf(
      await client.call('POST', `/importJob/${job.id}/run`, { token: tokens.admin }),
      202,
    );
    expect(await finished(tokens.admin, job.id)).toMatchObject({
      state: 'done',
      created: 0,
      updated: 2,
    });
    const rows = await thingsWithSerialPrefix('IMP-');
    expect(rows.map((t) => t.name).sort()).toEqual(['Pallet renamed', 'Pallet two']);
  });

  it('the same key twice in a file updates the row the file created', async () => {
    const csv = 'serial,name,thingType\r\nDUP-1,First,pallet\r\nDUP-1,Second,pallet\r\n';
    const job = await jsonOf<Job>(await upload(tokens.admin, 'thing', csv), 201);
    expect(job).toMatchObject({ state: 'checked', toCreate: 1, toUpdate: 1 });
    await jsonOf(
      await client.call('POST', `/importJob/${job.id}/run`, { token: tokens.admin }),
      202,
    );
    await finished(tokens.admin, job.id);
    expect(await thingsWithSerialPrefix('DUP-')).toEqual([
      expect.objectContaining({ serial: 'DUP-1', name: 'Second' }),
    ]);
  });

  it('rolls back everything when a row fails during the run, and says why', async () => {
    const types = await db()
      .selectFrom('thingTypes')
      .select(['id', 'groupId'])
      .where('code', '=', 'pallet')
      .executeTakeFirstOrThrow();
    const temporary = await db()
      .insertInto('thingTypes')
      .values({
        groupId: types.groupId,
        name: 'Temporary',
        code: 'temporary',
        description: '',
        archived: 0,
        creationTime: 0,
        uniqueScope: types.groupId,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = ['serial,name,thingType'];
    for (let i = 0; i < 1200; i += 1) rows.push(`RB-${i},Roll ${i},pallet`);
    rows.push('RB-last,Last,temporary');
    const job = await jsonOf<Job>(
      await upload(tokens.admin, 'thing', `${rows.join('\r\n')}\r\n`),
      201,
    );
    expect(job).toMatchObject({ state: 'checked', toCreate: 1201 });
    await db().deleteFrom('thingTypes').where('id', '=', Number(temporary.id)).execute();
    await jsonOf(
      await client.call('POST', `/importJob/${job.id}/run`, { token: tokens.admin }),
      202,
    );
    const failed = await finished(tokens.admin, job.id);
    expect(failed).toMatchObject({ state: 'failed', created: 0, errorRows: 1 });
    expect(failed.message).toContain('nothing was written');
    expect(failed.problems[0]).toMatchObject({ line: 1202, column: 3, columnName: 'thingType' });
    expect(await thingsWithSerialPrefix('RB-')).toEqual([]);
  });

  it('is cancelled between batches: nothing is kept', async () => {
    const rows = ['serial,name,thingType'];
    for (let i = 0; i < 3000; i += 1) rows.push(`CX-${i},Cancel ${i},pallet`);
    const job = await jsonOf<Job>(
      await upload(tokens.admin, 'thing', `${rows.join('\r\n')}\r\n`),
      201,
    );
    await jsonOf(
      await client.call('POST', `/importJob/${job.id}/run`, { token: tokens.admin }),
      202,
    );
    const cancelling = await client.call('POST', `/importJob/${job.id}/cancel`, {
      token: tokens.admin,
    });
    expect([200, 202]).toContain(cancelling.status);
    const ended = await finished(tokens.admin, job.id);
    expect(ended.state).toBe('cancelled');
    expect(await thingsWithSerialPrefix('CX-')).toEqual([]);
    const late = await jsonOf<{ error: string }>(
      await client.call('POST', `/importJob/${job.id}/cancel`, { token: tokens.admin }),
      409,
    );
    expect(late.error).toContain('ended');
  });
});

describe('isolation', () => {
  it("another tenant neither sees a job nor names the tenant's rows", async () => {
    const job = await jsonOf<Job>(
      await upload(tokens.admin, 'zone', 'code,name,zoneType\r\nISO-Z,Zone,dock\r\n'),
      201,
    );
    for (const path of [`/importJob/${job.id}`, `/importJob/${job.id}/errors.csv`])
      await jsonOf(await client.call('GET', path, { token: tokens.globex }), 404);
    await jsonOf(
      await client.call('POST', `/importJob/${job.id}/run`, { token: tokens.globex }),
      404,
    );
    const list = await jsonOf<{ results: Job[] }>(
      await client.call('GET', '/importJob', { token: tokens.globex }),
      200,
    );
    expect(list.results.map((j) => j.id)).not.toContain(job.id);
    const rootList = await jsonOf<{ results: Job[] }>(
      await client.call('GET', '/importJob', { token: tokens.root }),
      200,
    );
    expect(rootList.results.map((j) => j.id)).toContain(job.id);
    const theirs = await jsonOf<Job>(
      await upload(tokens.globex, 'zone', 'code,name,zoneType\r\nGX-Z,Zone,dock\r\n'),
      201,
    );
    expect(theirs.problems[0]).toMatchObject({
      line: 2,
      column: 3,
      message: 'no zoneType with code dock',
    });
    const ownType = await jsonOf<Job>(
      await upload(tokens.globex, 'zone', 'code,name,zoneType\r\nGX-Z,Zone,office\r\n'),
      201,
    );
    expect(ownType.state).toBe('checked');
  });
});

describe('users', () => {
  it('a password is checked by the password rule, never echoed, stored hashed', async () => {
    const weak = await jsonOf<Job>(
      await upload(
        tokens.admin,
        'user',
        'username,firstName,password,roles\r\nimp.ann,Ann,short,Viewer\r\n',
      ),
      201,
    );
    expect(weak.state).toBe('invalid');
    expect(weak.problems[0]).toMatchObject({ line: 2, column: 3, columnName: 'password' });
    expect(JSON.stringify(weak)).not.toContain('short,');
    const errors = await (
      await client.call('GET', `/importJob/${weak.id}/errors.csv`, { token: tokens.admin })
    ).text();
    expect(errors).toContain('imp.ann,Ann,,Viewer,2,');
    const noPassword = await jsonOf<Job>(
      await upload(tokens.admin, 'user', 'username,firstName\r\nimp.bob,Bob\r\n'),
      201,
    );
    expect(noPassword.problems[0]).toMatchObject({ line: 2, message: 'required' });
    const password = 'Imported-Passw0rd-77';
    const good = await jsonOf<Job>(
      await upload(
        tokens.admin,
        'user',
        `username,firstName,password,roles\r\nimp.ann,Ann,${password},Viewer\r\n`,
      ),
      201,
    );
    expect(good.state).toBe('checked');
    expect(JSON.stringify(good)).not.toContain(password);
    await jsonOf(
      await client.call('POST', `/importJob/${good.id}/run`, { token: tokens.admin }),
      202,
    );
    expect(await finished(tokens.admin, good.id)).toMatchObject({ state: 'done', created: 1 });
    const stored = await db()
      .selectFrom('users')
      .select(['passwordHash', 'roleIds'])
      .where('username', '=', 'imp.ann')
      .executeTakeFirstOrThrow();
    expect(stored.passwordHash).not.toContain(password);
    expect(JSON.parse(stored.roleIds)).toHaveLength(1);
    await client.login('imp.ann', password);
  });
});

describe('export with the columns a list shows', () => {
  const exported = async (query: string, status = 200) => {
    const response = await client.call('GET', `/thing/export.csv${query}`, { token: tokens.admin });
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return text;
  };
  const lines = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');

  it('keeps the given columns in their order, a reference with its name, with the filter and order', async () => {
    const all = lines(await exported('?order=serial:desc'));
    expect(all[0]!.split(',').length).toBeGreaterThan(6);
    const chosen = lines(
      await exported('?order=serial:desc&columns=serial,name,thingTypeId,group&filter=pallet'),
    );
    expect(chosen[0]).toBe('serial,name,thingTypeId,thingType,group');
    const listed = await jsonOf<{ total: number; results: Array<{ serial: string }> }>(
      await client.call('GET', '/thing?order=serial:desc&filter=pallet&pageSize=500', {
        token: tokens.admin,
      }),
      200,
    );
    expect(listed.total).toBeGreaterThan(0);
    expect(chosen.slice(1).map((line) => line.split(',')[0])).toEqual(
      listed.results.map((row) => row.serial),
    );
    expect(chosen.slice(1).every((line) => line.split(',').length === 5)).toBe(true);
  });

  it.each(CATALOG_ENTRIES.map((entry) => [entry.path, entry]))(
    "%s: a list's columns (id, its listed fields, its site) are all exportable",
    async (path, entry) => {
      const columns = ['id', ...Object.keys(entry.fields).filter((f) => entry.fields[f]!.list)];
      // the Site column of every list but the groups' own
      if (path !== 'group' && !columns.includes('groupId')) columns.push('groupId');
      const response = await client.call('GET', `/${path}/export.csv?columns=${columns.join()}`, {
        token: tokens.root,
      });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      expect(lines(text)[0]!.split(',')).toEqual(expect.arrayContaining(columns));
    },
  );

  it.each([
    ['?columns=serial,bogus', 'bogus'],
    ['?columns=serial,passwordHash,alsoBad', 'passwordHash, alsoBad'],
    ['?columns=', 'at least one'],
  ])('%s → 400 naming %s', async (query, named) => {
    const answer = JSON.parse(await exported(query, 400)) as {
      error: string;
      fields: Record<string, string>;
    };
    expect(answer.error).toContain(named);
    expect(answer.fields.columns).toContain(named);
  });
});

describe('clearing a field', () => {
  it('(empty) clears an optional field, an empty cell keeps it, a required one refuses it', async () => {
    const first = await jsonOf<Job>(
      await upload(
        tokens.admin,
        'zone',
        'code,name,zoneType,description\r\nCLR-1,Clear me,dock,Kept?\r\n',
      ),
      201,
    );
    await client.call('POST', `/importJob/${first.id}/run`, { token: tokens.admin });
    expect((await finished(tokens.admin, first.id)).state).toBe('done');
    const description = async () =>
      (
        await db()
          .selectFrom('zones')
          .select('description')
          .where('code', '=', 'CLR-1')
          .executeTakeFirstOrThrow()
      ).description;
    expect(await description()).toBe('Kept?');
    const kept = await jsonOf<Job>(
      await upload(tokens.admin, 'zone', 'code,name,description\r\nCLR-1,Clear me,\r\n'),
      201,
    );
    await client.call('POST', `/importJob/${kept.id}/run`, { token: tokens.admin });
    expect((await finished(tokens.admin, kept.id)).state).toBe('done');
    expect(await description()).toBe('Kept?');
    const cleared = await jsonOf<Job>(
      await upload(tokens.admin, 'zone', 'code,name,description\r\nCLR-1,Clear me, (empty) \r\n'),
      201,
    );
    expect(cleared).toMatchObject({ state: 'checked', toUpdate: 1 });
    await client.call('POST', `/importJob/${cleared.id}/run`, { token: tokens.admin });
    expect((await finished(tokens.admin, cleared.id)).state).toBe('done');
    expect(await description()).toBe('');
    const refused = await jsonOf<Job>(
      await upload(tokens.admin, 'zone', 'code,name\r\nCLR-1,(empty)\r\n'),
      201,
    );
    expect(refused.state).toBe('invalid');
    expect(refused.problems).toEqual([
      {
        line: 2,
        column: 2,
        columnName: 'name',
        message: 'required: (empty) cannot clear it (an empty cell keeps it)',
      },
    ]);
  });
});
