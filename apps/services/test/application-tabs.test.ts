// A tenant's application tabs over real HTTP: the applicationTabs group field (spec §2 module
// applicationTab) through PUT /group/{id}/field/applicationTabs. Who may change them (role ×
// action), that a menu names only reports of the group's own tenant, that a bad definition answers
// a clear 400 and writes nothing, that a change is audited and heard by the tenant's open consoles,
// and that every session reads the tabs with the other group fields.
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededClient, countAuditEntries, groupFieldValue } from './helpers.ts';
import type { SeededUser } from './helpers.ts';

interface Tab {
  id: number;
  order: number;
  labels: Record<string, string>;
  menus: { id: number; labels: Record<string, string>; reportIds: number[] }[];
}

const { client, tokens } = useSeededClient();
let acmeId: number;
let globexId: number;
let acmeReports: number[];
let globexReport: number;
let seeded: string;

const ownValue = (groupId: number) => groupFieldValue(client, groupId, 'applicationTabs');

const auditCount = () => countAuditEntries(client);

const put = (token: string, groupId: number, body: unknown) =>
  client.call('PUT', `/group/${groupId}/field/applicationTabs`, { token, body });

const oneTab = (reportIds: number[], label = 'Quality'): Tab[] => [
  {
    id: 3,
    order: 3,
    labels: { en: label, fr: 'Qualité' },
    menus: [{ id: 1, labels: { en: 'Weekly' }, reportIds }],
  },
];

beforeAll(async () => {
  acmeId = (await client.login('admin')).groupId;
  globexId = (await client.login('globex')).groupId;
  const db = client.services.context.db;
  acmeReports = (
    await db.selectFrom('reportDefinitions').select('id').where('groupId', '=', acmeId).execute()
  ).map((row) => row.id);
  globexReport = (
    await db
      .selectFrom('reportDefinitions')
      .select('id')
      .where('groupId', '=', globexId)
      .executeTakeFirstOrThrow()
  ).id;
  seeded = (await ownValue(acmeId))!;
});

describe('the seed: Acme defines two application tabs over its own reports', () => {
  it('Operations (Daily, Inventory) and Compliance (Audits), labelled in five languages', () => {
    const tabs = JSON.parse(seeded) as Tab[];
    expect(tabs.map((tab) => tab.labels.en)).toEqual(['Operations', 'Compliance']);
    expect(tabs[0]!.menus.map((menu) => menu.labels.en)).toEqual(['Daily', 'Inventory']);
    for (const tab of tabs) {
      expect(Object.keys(tab.labels)).toEqual(['en', 'es', 'pt-BR', 'fr', 'it']);
      for (const menu of tab.menus)
        for (const id of menu.reportIds) expect(acmeReports).toContain(id);
    }
  });

  it('every session of Acme reads them with the other group fields; Globex has none', async () => {
    const viewer = await client.login('viewer');
    const response = await client.call('GET', `/group/${acmeId}/inheritedFields?format=map`, {
      token: viewer.token,
    });
    const fields = (await response.json()) as Record<string, { value: unknown }>;
    expect(fields.applicationTabs?.value).toBeTruthy();
    const globex = await client.call('GET', `/group/${globexId}/inheritedFields?format=map`, {
      token: tokens.globex,
    });
    expect(((await globex.json()) as Record<string, unknown>).applicationTabs).toBeUndefined();
  });
});

describe('who may change them (role × action)', () => {
  // [user, status of a change to Acme's tabs]
  const table: [SeededUser, number][] = [
    ['root', 200],
    ['admin', 200],
    ['viewer', 403],
    ['operator', 404], // North DC's tree does not hold Acme
    ['nobody', 403],
    ['globex', 404],
  ];
  it.each(table)('%s: %i', async (name, status) => {
    const before = await ownValue(acmeId);
    const label = `Quality ${name}`;
    const response = await put(tokens[name], acmeId, { value: oneTab([acmeReports[0]!], label) });
    expect(response.status, await response.clone().text()).toBe(status);
    const after = await ownValue(acmeId);
    if (status === 200) expect(JSON.parse(after!)[0].labels.en).toBe(label);
    else expect(after).toBe(before);
    await put(tokens.admin, acmeId, { value: seeded });
  });

  it('Globex defines its own tabs over its own reports, and Acme’s stay as they were', async () => {
    const response = await put(tokens.globex, globexId, { value: oneTab([globexReport]) });
    expect(response.status).toBe(200);
    expect(await ownValue(acmeId)).toBe(seeded);
    expect(JSON.parse((await ownValue(globexId))!)[0].menus[0].reportIds).toEqual([globexReport]);
  });
});

describe('a bad definition: a clear 400 naming what is wrong, nothing written, no entry', () => {
  const cases: [string, () => unknown, string][] = [
    ['not a list', () => ({ id: 1 }), 'must be a list of tabs'],
    ['not JSON', () => '[{', 'not valid JSON'],
    [
      'a tab id of text',
      () => [{ ...oneTab([acmeReports[0]!])[0], id: 'ops' }],
      'tab 1: id must be',
    ],
    [
      'an unknown language',
      () => [{ ...oneTab([acmeReports[0]!])[0], labels: { de: 'Qualität' } }],
      'tab 3: labels: unknown language de',
    ],
    [
      'two tabs with one id',
      () => [...oneTab([acmeReports[0]!]), ...oneTab([acmeReports[1]!])],
      'two tabs have the id 3',
    ],
    ['a report id of zero', () => oneTab([0]), 'tab 3, menu 1: report id 0 is not a positive'],
    ['a menu without reports', () => oneTab([]), 'reportIds must name at least one report'],
    ['another tenant’s report', () => oneTab([globexReport]), `no report ${0} in this tenant`],
    ['a report that does not exist', () => oneTab([999_999]), 'no report 999999 in this tenant'],
  ];
  it.each(cases)('%s', async (_case, value, message) => {
    const entries = await auditCount();
    const response = await put(tokens.admin, acmeId, { value: value() });
    expect(response.status).toBe(400);
    const expected = message.replace('no report 0', `no report ${globexReport}`);
    expect(((await response.json()) as { error: string }).error).toContain(expected);
    expect(await ownValue(acmeId)).toBe(seeded);
    expect(await auditCount()).toBe(entries);
  });
});

describe('audited, and heard by the tenant’s open consoles', () => {
  it('a change appends a field.set entry with before and after', async () => {
    const value = oneTab([acmeReports[2]!]);
    expect((await put(tokens.admin, acmeId, { value })).status).toBe(200);
    const trail = await client.call('GET', `/auditEntry?resource=group&record=${acmeId}`, {
      token: tokens.admin,
    });
    const { results } = (await trail.json()) as {
      results: { action: string; changes: { field: string; before: string; after: string }[] }[];
    };
    expect(results[0]).toMatchObject({ action: 'field.set' });
    expect(results[0]!.changes[0]).toMatchObject({ field: 'applicationTabs', before: seeded });
    expect(JSON.parse(results[0]!.changes[0]!.after)).toEqual(value);
    await put(tokens.admin, acmeId, { value: seeded });
  });

  it('an open console of the tenant hears of the change at once', async () => {
    const response = await client.call('GET', '/configEvents', { token: tokens.viewer });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) text += decoder.decode((await reader.read()).value);
    };
    await until('event: ready');
    expect((await put(tokens.admin, acmeId, { value: oneTab([acmeReports[1]!]) })).status).toBe(
      200,
    );
    await until(`data: {"groupId":${acmeId}}`);
    await reader.cancel();
    await put(tokens.admin, acmeId, { value: seeded });
  });

  it('null removes them (inherit again)', async () => {
    expect((await put(tokens.admin, acmeId, { value: null })).status).toBe(200);
    expect(await ownValue(acmeId)).toBeNull();
    await put(tokens.admin, acmeId, { value: seeded });
    expect(await ownValue(acmeId)).toBe(seeded);
  });
});
