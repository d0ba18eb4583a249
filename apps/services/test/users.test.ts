import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
beforeAll(async () => {
  client = await createTestClient();
});
afterAll(() => client.services.close());

const EXTRA =
  'group,group.groupType,group.parentLevel2,activeGroup,activeGroup.groupType,activeGroup.parentLevel2,activeGroup.parentLevel2.groupType';

describe('GET /user/{id}', () => {
  it('expands extras and keeps only the listed fields', async () => {
    const { token, id } = await client.login('operator');
    const response = await client.call(
      'GET',
      `/user/${id}?extra=${EXTRA}&only=id,username,hiddenTabs`,
      { token },
    );
    const user = (await response.json()) as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(user).sort()).toEqual([
      'activeGroup',
      'group',
      'hiddenTabs',
      'id',
      'username',
    ]);
    expect(user.group).toMatchObject({
      name: 'Acme / North DC',
      treeLevel: 3,
      groupType: { name: 'Facility' },
      parentLevel2: { name: 'Acme Logistics', treeLevel: 2 },
    });
    expect((user.activeGroup?.parentLevel2 as Record<string, unknown>).groupType).toMatchObject({
      name: 'Company',
    });
  });

  it('root has no parentLevel2', async () => {
    const { token, id } = await client.login('root');
    const user = (await (
      await client.call('GET', `/user/${id}?extra=group,group.parentLevel2`, { token })
    ).json()) as { group: { treeLevel: number; parentLevel2: unknown } };
    expect(user.group.treeLevel).toBe(1);
    expect(user.group.parentLevel2).toBeNull();
  });

  it('viewer has hiddenTabs; users of other tenants are 404; bad extra is 400', async () => {
    const { token, id } = await client.login('viewer');
    const user = (await (await client.call('GET', `/user/${id}`, { token })).json()) as {
      hiddenTabs: string[];
    };
    expect(user.hiddenTabs).toEqual(['gateway', 'services']);
    const globex = await client.login('globex');
    expect((await client.call('GET', `/user/${globex.id}`, { token })).status).toBe(404);
    expect((await client.call('GET', `/user/${id}?extra=group.password`, { token })).status).toBe(
      400,
    );
    expect((await client.call('GET', `/user/abc`, { token })).status).toBe(400);
  });
});

describe('permissions', () => {
  it('answers the caller only', async () => {
    const admin = await client.login('admin');
    const nobody = await client.login('nobody');
    const own = (await (
      await client.call('GET', `/user/${admin.id}/permissions`, { token: admin.token })
    ).json()) as { results: string[] };
    expect(own.results).toEqual(
      expect.arrayContaining([
        'thing:*',
        'things:x',
        'reportDefinitionfolder:*',
        '_anything:r',
        '_anything:d',
      ]),
    );
    expect(own.results).not.toContain('license_generator:*');
    expect(
      (await client.call('GET', `/user/${admin.id}/permissions`, { token: nobody.token })).status,
    ).toBe(403);
    const none = (await (
      await client.call('GET', `/user/${nobody.id}/permissions`, { token: nobody.token })
    ).json()) as { results: string[] };
    expect(none.results).toEqual([]);
    const root = await client.login('root');
    const rootPermissions = (await (
      await client.call('GET', `/user/${root.id}/permissions`, { token: root.token })
    ).json()) as { results: string[] };
    expect(rootPermissions.results).toContain('license_generator:*');
  });
});

describe('inherited fields', () => {
  it('group fields: child overrides parent, JSON strings stay strings, foreign groups 404', async () => {
    const { token, groupId } = await client.login('admin');
    const map = (await (
      await client.call('GET', `/group/${groupId}/inheritedFields?format=map`, { token })
    ).json()) as Record<string, { name: string; value: string; parentValue: string | null }>;
    // spec §7's {name, value, parentValue}, with the platform's field entry beside them
    expect(map.sessionTimeout).toMatchObject({
      name: 'sessionTimeout',
      value: '30',
      parentValue: '60',
      field: { name: 'sessionTimeout' },
      group: { id: groupId },
      parentGroup: { id: 1 },
    });
    expect(map.defaultNavBar?.value).toBe('things');
    expect(typeof map.vizixVocabularyLabelThings?.value).toBe('string');
    expect(JSON.parse(map.vizixVocabularyLabelThings?.value ?? '{}')).toMatchObject({
      en: 'Assets',
      es: 'Activos',
      'pt-BR': 'Ativos',
      fr: 'Actifs',
      it: 'Beni',
    });
    expect(
      (await client.call('GET', `/group/5/inheritedFields?format=map`, { token })).status,
    ).toBe(404);
    expect(
      (await client.call('GET', `/group/1/inheritedFields?format=map`, { token })).status,
    ).toBe(404);
  });

  it('user fields: filter by name; own value wins, parentValue is the group value', async () => {
    const { token, id } = await client.login('operator');
    const whoami = async () =>
      (await (await client.call('GET', '/user/whoami', { token })).json()) as {
        timeZone: string | null;
        isRoot: boolean;
        group: { id: number };
      };
    expect(await whoami()).toMatchObject({ timeZone: null, isRoot: false, group: { id: 3 } });
    const body = {
      filters: [
        { property: 'field.name', operator: 'EQ', values: ['timeZoneConfiguration', 'language'] },
      ],
      orderBy: [{ property: 'resource', direction: 'DESC' }],
    };
    const before = (await (
      await client.call('POST', `/user/${id}/inheritedFields?format=map`, { token, body })
    ).json()) as Record<string, unknown>;
    expect(Object.keys(before)).toEqual(['language', 'timeZoneConfiguration']);
    expect(before).toMatchObject({
      language: { name: 'language', value: 'en', parentValue: 'en' },
      timeZoneConfiguration: {
        name: 'timeZoneConfiguration',
        value: 'America/Chicago',
        parentValue: 'America/Chicago',
      },
    });
    expect(
      (
        await client.call('PUT', `/user/${id}/field/timeZoneConfiguration`, {
          token,
          body: { value: 'Europe/Paris' },
        })
      ).status,
    ).toBe(201);
    const after = (await (
      await client.call('POST', `/user/${id}/inheritedFields?format=map`, { token, body })
    ).json()) as Record<string, { value: string; parentValue: string }>;
    expect(after.timeZoneConfiguration).toMatchObject({
      value: 'Europe/Paris',
      parentValue: 'America/Chicago',
    });
    const user = (await (await client.call('GET', `/user/${id}`, { token })).json()) as {
      timeZone: string;
    };
    expect(user.timeZone).toBe('Europe/Paris');
    // whoami's kept body follows the change at once.
    expect((await whoami()).timeZone).toBe('Europe/Paris');
    const bad = await client.call('POST', `/user/${id}/inheritedFields?format=map`, {
      token,
      body: { filters: [{ property: 'name', operator: 'EQ', values: [] }] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('PUT /user/{id}/field/{field}', () => {
  it('validates values', async () => {
    const { token, id } = await client.login('viewer');
    const put = (field: string, value: unknown) =>
      client.call('PUT', `/user/${id}/field/${field}`, { token, body: { value } });
    expect((await put('timeZoneConfiguration', 'Mars/Olympus')).status).toBe(400);
    expect((await put('dateFormatConfiguration', 'YY')).status).toBe(400);
    expect((await put('calendarFormatConfiguration', '13h')).status).toBe(400);
    expect((await put('language', 'de')).status).toBe(400);
    expect((await put('hiddenTabs', ['nope'])).status).toBe(400);
    expect((await put('password', 'x')).status).toBe(400);
    const ok = await put('dateFormatConfiguration', 'YYYY-MM-DD');
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({
      name: 'dateFormatConfiguration',
      value: 'YYYY-MM-DD',
      field: { name: 'dateFormatConfiguration', userEditable: true },
      user: { id },
    });
    const tabs = await put('hiddenTabs', '["gateway"]');
    expect(tabs.status).toBe(201);
    const user = (await (await client.call('GET', `/user/${id}`, { token })).json()) as {
      dateFormat: string;
      hiddenTabs: string[];
    };
    expect(user).toMatchObject({ dateFormat: 'YYYY-MM-DD', hiddenTabs: ['gateway'] });
    const admin = await client.login('admin');
    expect(
      (
        await client.call('PUT', `/user/${admin.id}/field/language`, {
          token,
          body: { value: 'fr' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('visibilityGroups', () => {
  it('answers the user group per requested resource, ordered', async () => {
    const { token, id } = await client.login('operator');
    const body = {
      filters: [{ property: 'resource', operator: 'EQ', values: ['thing', 'zone', 'user'] }],
      orderBy: [{ property: 'resource', direction: 'DESC' }],
    };
    const result = (await (
      await client.call('POST', `/user/${id}/visibilityGroups`, { token, body })
    ).json()) as Array<{ resource: string; group: { name: string } }>;
    expect(result.map((entry) => entry.resource)).toEqual(['zone', 'user', 'thing']);
    expect(result.every((entry) => entry.group.name === 'Acme / North DC')).toBe(true);
    const bad = await client.call('POST', `/user/${id}/visibilityGroups`, {
      token,
      body: { filters: [{ property: 'resource', operator: 'EQ', values: ['spaceship'] }] },
    });
    expect(bad.status).toBe(400);
  });
});
