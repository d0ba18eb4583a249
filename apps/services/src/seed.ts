// The demo tenant of DESIGN §4, written once into a new database in one transaction.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from './db/schema.ts';
import { fillUniqueScopes } from './db/unique-fields.ts';
import { hashPassword } from './auth/password.ts';
import {
  OPERATOR_PERMISSIONS,
  PERMISSION_RESOURCES,
  PLAIN_PERMISSIONS,
  ROOT_PERMISSIONS,
  TENANT_ADMIN_PERMISSIONS,
  VIEWER_PERMISSIONS,
} from './auth/permission-catalog.ts';

/** A demo account printed at start (every password is `demo`). */
export interface DemoAccount {
  username: string;
  password: string;
  group: string;
  description: string;
}

export const DEMO_ACCOUNTS: ReadonlyArray<DemoAccount> = [
  { username: 'root', password: 'demo', group: 'Root', description: 'root user: every permission' },
  {
    username: 'admin',
    password: 'demo',
    group: 'Acme Logistics',
    description: 'tenant administrator: every tenant permission',
  },
  {
    username: 'operator',
    password: 'demo',
    group: 'Acme / North DC',
    description: 'things, zones, reports; read-mostly',
  },
  {
    username: 'viewer',
    password: 'demo',
    group: 'Acme Logistics',
    description: 'read-only, gateway and services tabs hidden',
  },
  {
    username: 'nobody',
    password: 'demo',
    group: 'Acme Logistics',
    description: 'no permission at all (home only)',
  },
  {
    username: 'globex',
    password: 'demo',
    group: 'Globex',
    description: 'another tenant: sees none of Acme’s data',
  },
];

function label(en: string, es: string, ptBR: string, fr: string, it: string): string {
  return JSON.stringify({ en, es, 'pt-BR': ptBR, fr, it });
}

const ACME_LABELS: Record<string, string> = {
  Platform: label('Acme Track', 'Acme Track', 'Acme Track', 'Acme Track', 'Acme Track'),
  Things: label('Assets', 'Activos', 'Ativos', 'Actifs', 'Beni'),
  Thing: label('Asset', 'Activo', 'Ativo', 'Actif', 'Bene'),
  ThingTypes: label(
    'Asset Types',
    'Tipos de activo',
    'Tipos de ativo',
    "Types d'actif",
    'Tipi di bene',
  ),
  Zones: label('Areas', 'Áreas', 'Áreas', 'Zones', 'Aree'),
  ZoneTypes: label('Area Types', 'Tipos de área', 'Tipos de área', 'Types de zone', 'Tipi di area'),
  ZoneGroups: label(
    'Area Groups',
    'Grupos de áreas',
    'Grupos de áreas',
    'Groupes de zones',
    'Gruppi di aree',
  ),
  Groups: label('Sites', 'Sitios', 'Locais', 'Sites', 'Siti'),
  Users: label('Staff', 'Personal', 'Equipe', 'Personnel', 'Personale'),
  Roles: label('Roles', 'Roles', 'Funções', 'Rôles', 'Ruoli'),
  Reports: label('Reports', 'Informes', 'Relatórios', 'Rapports', 'Report'),
  LogicalReaders: label('Readers', 'Lectores', 'Leitores', 'Lecteurs', 'Lettori'),
  // One record of each (dialog titles, field labels, toasts: "Edit asset", "Asset ACN-00004 saved").
  ThingType: label('Asset Type', 'Tipo de activo', 'Tipo de ativo', "Type d'actif", 'Tipo di bene'),
  Zone: label('Area', 'Área', 'Área', 'Zone', 'Area'),
  ZoneType: label('Area Type', 'Tipo de área', 'Tipo de área', 'Type de zone', 'Tipo di area'),
  ZoneGroup: label(
    'Area Group',
    'Grupo de áreas',
    'Grupo de áreas',
    'Groupe de zones',
    'Gruppo di aree',
  ),
  Group: label('Site', 'Sitio', 'Local', 'Site', 'Sito'),
  User: label(
    'Staff member',
    'Miembro del personal',
    'Membro da equipe',
    'Membre du personnel',
    'Membro del personale',
  ),
  Role: label('Role', 'Rol', 'Função', 'Rôle', 'Ruolo'),
  LogicalReader: label('Reader', 'Lector', 'Leitor', 'Lecteur', 'Lettore'),
  Report: label('Report', 'Informe', 'Relatório', 'Rapport', 'Report'),
};

const NOW = Date.UTC(2024, 0, 15, 9, 0, 0);

async function insertMany<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  const chunk = 400;
  for (let start = 0; start < rows.length; start += chunk) {
    // Kysely's generic insert typing cannot follow a table name parameter.
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + chunk) as never)
      .execute();
  }
}

async function insertOne<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  row: Insertable<Database[T]>,
): Promise<number> {
  const result = (await trx
    .insertInto(table)
    .values(row as never)
    .returning('id' as never)
    .executeTakeFirstOrThrow()) as unknown as { id: number };
  return result.id;
}

async function ids(
  trx: Transaction<Database>,
  table: 'zones' | 'thingTypes',
  groupId: number,
): Promise<number[]> {
  const rows = await trx
    .selectFrom(table)
    .select('id')
    .where('groupId', '=', groupId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** True when the database already holds the seed (or any data): seeding never overwrites. */
async function alreadySeeded(db: Kysely<Database>): Promise<boolean> {
  const marker = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'seededAt')
    .executeTakeFirst();
  if (marker) return true;
  const group = await db.selectFrom('groups').select('id').limit(1).executeTakeFirst();
  return group !== undefined;
}

/**
 * Seeds the demo tenant when the database is empty. `scale` multiplies things and zones: 1 is a
 * few dozen things; n > 1 gives about 1,000·n things (100 → about 100,000) for load tests.
 * Returns true when it seeded.
 */
export async function seedDemoData(db: Kysely<Database>, scale = 1): Promise<boolean> {
  if (await alreadySeeded(db)) return false;
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword('demo')));
  await db.transaction().execute(async (trx) => {
    const group = async (
      name: string,
      code: string,
      parent: { id: number; hierarchyCode: string; treeLevel: number; fqnBase: string } | null,
      groupTypeId: number | null,
      description: string,
    ) => {
      const treeLevel = parent ? parent.treeLevel + 1 : 1;
      const fqnBase = parent ? (parent.fqnBase ? `${parent.fqnBase}.${code}` : code) : '';
      const id = await insertOne(trx, 'groups', {
        parentId: parent?.id ?? null,
        groupTypeId,
        name,
        code,
        description,
        hierarchyCode: '',
        fqnBase,
        treeLevel,
        archived: 0,
        createdBy: 'system',
        creationTime: NOW,
      });
      const hierarchyCode = `${parent?.hierarchyCode ?? '>'}${id}>`;
      await trx.updateTable('groups').set({ hierarchyCode }).where('id', '=', id).execute();
      return { id, name, hierarchyCode, treeLevel, fqnBase };
    };

    const root = await group('Root', 'root', null, null, 'The platform root');
    const groupType = (name: string, code: string, description: string) =>
      insertOne(trx, 'groupTypes', {
        groupId: root.id,
        name,
        code,
        description,
        archived: 0,
        createdBy: 'system',
        creationTime: NOW,
      });
    const rootType = await groupType('Root', 'root', 'The root of the tree');
    const tenantType = await groupType('Company', 'company', 'A tenant');
    const facilityType = await groupType('Facility', 'facility', 'A site of a tenant');
    await trx
      .updateTable('groups')
      .set({ groupTypeId: rootType })
      .where('id', '=', root.id)
      .execute();
    const acme = await group(
      'Acme Logistics',
      'acme',
      root,
      tenantType,
      'Third-party logistics, two distribution centres',
    );
    const north = await group(
      'Acme / North DC',
      'acme-north',
      acme,
      facilityType,
      'North distribution centre',
    );
    const south = await group(
      'Acme / South DC',
      'acme-south',
      acme,
      facilityType,
      'South distribution centre',
    );
    const globex = await group('Globex', 'globex', root, tenantType, 'Globex Corporation');

    const fields = [
      { ownerId: root.id, name: 'sessionTimeout', value: '60' },
      { ownerId: root.id, name: 'language', value: 'en' },
      ...Object.entries(ACME_LABELS).map(([concept, value]) => ({
        ownerId: acme.id,
        name: `vizixVocabularyLabel${concept}`,
        value,
      })),
      { ownerId: acme.id, name: 'defaultNavBar', value: 'things' },
      { ownerId: acme.id, name: 'autoLoadTabMenus', value: 'true' },
      { ownerId: acme.id, name: 'timeZoneConfiguration', value: 'America/Chicago' },
      { ownerId: acme.id, name: 'dateFormatConfiguration', value: 'MM/DD/YYYY' },
      { ownerId: acme.id, name: 'calendarFormatConfiguration', value: '12h' },
      { ownerId: acme.id, name: 'sessionTimeout', value: '30' },
      { ownerId: acme.id, name: 'language', value: 'en' },
      { ownerId: globex.id, name: 'timeZoneConfiguration', value: 'Europe/Berlin' },
      { ownerId: globex.id, name: 'dateFormatConfiguration', value: 'DD.MM.YYYY' },
      { ownerId: globex.id, name: 'calendarFormatConfiguration', value: '24h' },
    ];
    await insertMany(trx, 'groupFields', fields);

    const role = (
      groupId: number,
      name: string,
      description: string,
      permissions: readonly string[],
    ) =>
      insertOne(trx, 'roles', {
        groupId,
        name,
        description,
        permissions: JSON.stringify(permissions),
        archived: 0,
        creationTime: NOW,
      });
    const rootRole = await role(
      root.id,
      'Root Administrator',
      'Every permission',
      ROOT_PERMISSIONS,
    );
    const adminRole = await role(
      acme.id,
      'Tenant Administrator',
      'Every tenant permission',
      TENANT_ADMIN_PERMISSIONS,
    );
    const operatorRole = await role(
      acme.id,
      'Operator',
      'Things, zones and reports',
      OPERATOR_PERMISSIONS,
    );
    const viewerRole = await role(acme.id, 'Viewer', 'Read-only access', VIEWER_PERMISSIONS);
    const globexRole = await role(
      globex.id,
      'Tenant Administrator',
      'Every tenant permission',
      TENANT_ADMIN_PERMISSIONS,
    );

    const people: Array<[string, number, string, string, number[]]> = [
      ['root', root.id, 'Root', 'Administrator', [rootRole]],
      ['admin', acme.id, 'Ada', 'Admin', [adminRole]],
      ['operator', north.id, 'Oscar', 'Operator', [operatorRole]],
      ['viewer', acme.id, 'Vera', 'Viewer', [viewerRole]],
      ['nobody', acme.id, 'Noah', 'Body', []],
      ['globex', globex.id, 'Gina', 'Globex', [globexRole]],
    ];
    const userIds: Record<string, number> = {};
    for (const [index, [username, groupId, firstName, lastName, roleIds]] of people.entries()) {
      userIds[username] = await insertOne(trx, 'users', {
        groupId,
        username,
        firstName,
        lastName,
        email: `${username}@${groupId === globex.id ? 'globex.example' : 'acme.example'}`,
        passwordHash: passwordHashes[index] ?? '',
        apiKeyHash: null,
        roleIds: JSON.stringify(roleIds),
        archived: 0,
        passwordExpirationTime: null,
        displayPasswordExpirationTime: 0,
        createdBy: 'system',
        creationTime: NOW,
      });
    }
    await insertMany(trx, 'userFields', [
      {
        ownerId: userIds.viewer ?? 0,
        name: 'hiddenTabs',
        value: JSON.stringify(['gateway', 'services']),
      },
    ]);

    await insertMany(trx, 'resources', [
      ...PERMISSION_RESOURCES.map((name) => ({
        groupId: root.id,
        name,
        label: name,
        description: `The ${name} resource`,
        typeName: 'class',
        acceptedAttributes: 'riuda',
      })),
      ...PLAIN_PERMISSIONS.map((permission) => {
        const name = permission.slice(0, -2);
        return {
          groupId: root.id,
          name,
          label: name,
          description: `The ${name} module`,
          typeName: 'module',
          acceptedAttributes: 'x',
        };
      }),
    ]);

    // Tenant-wide model at the tenant level; the physical layout in each distribution centre.
    const many = (base: number) => (scale > 1 ? Math.round(base * scale) : base);
    const tenants = [
      {
        tenant: acme,
        sites: [north, south],
        things: scale > 1 ? 500 * scale : 30,
        zones: many(6),
        prefix: 'AC',
      },
      {
        tenant: globex,
        sites: [globex],
        things: scale > 1 ? 10 * scale : 8,
        zones: many(2),
        prefix: 'GX',
      },
    ];
    for (const { tenant, sites, things, zones, prefix } of tenants) {
      const types =
        tenant === acme
          ? ['Forklift', 'Pallet', 'RFID Tag', 'Container', 'Pallet Jack', 'Tote']
          : ['Laptop', 'Badge'];
      await insertMany(
        trx,
        'thingTypes',
        types.map((name) => ({
          groupId: tenant.id,
          name,
          code: name.toLowerCase().replace(/\W+/g, '_'),
          description: `${name} tracked by RFID`,
          archived: 0,
          creationTime: NOW,
        })),
      );
      const zoneTypeNames = tenant === acme ? ['Dock', 'Storage', 'Staging', 'Office'] : ['Office'];
      await insertMany(
        trx,
        'zoneTypes',
        zoneTypeNames.map((name) => ({
          groupId: tenant.id,
          name,
          code: name.toLowerCase(),
          description: `${name} area`,
        })),
      );
      const zoneTypeRows = await trx
        .selectFrom('zoneTypes')
        .select(['id', 'name'])
        .where('groupId', '=', tenant.id)
        .orderBy('id')
        .execute();
      const thingTypeIds = await ids(trx, 'thingTypes', tenant.id);
      await insertMany(
        trx,
        'connections',
        tenant === acme
          ? [
              {
                groupId: tenant.id,
                name: 'Plant MQTT broker',
                code: 'MQTT_MAIN',
                type: 'MQTT',
                properties: JSON.stringify({ host: 'mqtt.acme.example', port: 1883, qos: 1 }),
              },
              {
                groupId: tenant.id,
                name: 'Event stream',
                code: 'KAFKA_EVENTS',
                type: 'KAFKA',
                properties: JSON.stringify({
                  brokers: 'kafka.acme.example:9092',
                  topic: 'tag-events',
                }),
              },
              {
                groupId: tenant.id,
                name: 'ERP webhook',
                code: 'REST_ERP',
                type: 'REST',
                properties: JSON.stringify({
                  url: 'https://erp.acme.example/hooks/assets',
                  method: 'POST',
                }),
              },
            ]
          : [
              {
                groupId: tenant.id,
                name: 'Globex MQTT',
                code: 'MQTT_GX',
                type: 'MQTT',
                properties: JSON.stringify({ host: 'mqtt.globex.example', port: 8883, qos: 1 }),
              },
            ],
      );
      // a webhook endpoint per tenant, disabled until an operator allows its host
      // (WEBHOOK_ALLOWED_HOSTS) and an administrator enables it
      const endpointId = await insertOne(trx, 'webhookEndpoints', {
        groupId: tenant.id,
        name: tenant === acme ? 'Operations chat' : 'Globex alerts',
        url:
          tenant === acme
            ? 'https://hooks.acme.example/portico'
            : 'https://alerts.globex.example/portico',
        secret: randomBytes(24).toString('base64url'),
        description: 'Receives zone and sign-in events',
        headers: '{}',
        enabled: 0,
      });
      await insertOne(trx, 'webhookSubscriptions', {
        groupId: tenant.id,
        tenantId: tenant.id,
        name: 'Zone changes and failed sign-ins',
        endpointId,
        events: JSON.stringify(['zone.*', 'session.login.failed']),
        enabled: 1,
      });
      const folderNames = tenant === acme ? ['Operations', 'Inventory', 'Compliance'] : ['General'];
      for (const [index, name] of folderNames.entries()) {
        const folderId = await insertOne(trx, 'folders', {
          groupId: tenant.id,
          name,
          typeElement: 'reportDefinition',
          sequence: index + 1,
          createdByUserId: userIds[tenant === acme ? 'admin' : 'globex'] ?? null,
          creationDate: NOW,
          lastModificationDate: NOW,
        });
        const reports =
          tenant === acme
            ? [`${name} summary`, `${name} by zone`, `${name} history`]
            : [`${name} overview`];
        await insertMany(
          trx,
          'reportDefinitions',
          reports.map((report, r) => ({
            groupId: tenant.id,
            folderId,
            name: report,
            description: `${report} report`,
            reportType: ['table', 'map', 'summary'][r % 3] ?? 'table',
            createdByUserId: userIds[tenant === acme ? 'admin' : 'globex'] ?? null,
            creationDate: NOW,
            lastModificationDate: NOW,
          })),
        );
      }

      for (const [siteIndex, site] of sites.entries()) {
        const siteCode = site === tenant ? prefix : `${prefix}${siteIndex === 0 ? 'N' : 'S'}`;
        const zoneGroupId = await insertOne(trx, 'zoneGroups', {
          groupId: site.id,
          name: `${site.name} floor`,
          description: 'Ground floor',
        });
        const outdoorId = await insertOne(trx, 'zoneGroups', {
          groupId: site.id,
          name: `${site.name} yard`,
          description: 'Outdoor yard',
        });
        const zoneRows = [];
        const fixed =
          tenant === acme ? ['Cold Storage', 'Shipping', 'Receiving', 'Staging'] : ['Front Office'];
        for (let z = 0; z < zones; z += 1) {
          const name = z < fixed.length ? (fixed[z] ?? '') : `Dock ${z - fixed.length + 1}`;
          const zoneType = zoneTypeRows[name.startsWith('Dock') ? 0 : z % zoneTypeRows.length];
          zoneRows.push({
            groupId: site.id,
            zoneTypeId: zoneType?.id ?? 0,
            zoneGroupId: name.startsWith('Dock') ? outdoorId : zoneGroupId,
            name,
            code: `${siteCode}-Z${String(z + 1).padStart(4, '0')}`,
            description: `${name} at ${site.name}`,
            color: ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728'][z % 4] ?? '#1f77b4',
          });
        }
        await insertMany(trx, 'zones', zoneRows);
        const zoneIds = await ids(trx, 'zones', site.id);
        await insertMany(
          trx,
          'logicalReaders',
          zoneIds.slice(0, Math.min(zoneIds.length, 8)).map((zoneId, r) => ({
            groupId: site.id,
            zoneId,
            name: `Reader ${siteCode}-${r + 1}`,
            code: `LR-${siteCode}-${String(r + 1).padStart(3, '0')}`,
            description: 'Fixed RFID portal',
          })),
        );
        await insertMany(trx, 'edgeboxes', [
          {
            groupId: site.id,
            name: `Edge ${site.name}`,
            code: `EB-${siteCode}-1`,
            type: 'edge',
            description: 'On-site edge gateway',
            status: 'online',
          },
          {
            groupId: site.id,
            name: `Core bridge ${siteCode}`,
            code: `CB-${siteCode}-1`,
            type: 'core',
            description: 'Core bridge',
            status: siteIndex === 1 ? 'offline' : 'online',
          },
        ]);
        const thingRows = [];
        const statuses = ['active', 'active', 'active', 'maintenance', 'retired'];
        for (let t = 0; t < things; t += 1) {
          const typeIndex = t % thingTypeIds.length;
          const typeName = types[typeIndex] ?? 'Thing';
          const serial = `${siteCode}${String(t + 1).padStart(7, '0')}`;
          thingRows.push({
            groupId: site.id,
            thingTypeId: thingTypeIds[typeIndex] ?? 0,
            zoneId: zoneIds[t % zoneIds.length] ?? null,
            name: `${typeName} ${siteCode}-${String(t + 1).padStart(5, '0')}`,
            serial,
            status: statuses[t % statuses.length] ?? 'active',
            creationTime: NOW + t * 1000,
            modifiedTime: NOW + t * 1000,
          });
        }
        await insertMany(trx, 'things', thingRows);
      }
    }
    // the tenant each row's unique values are unique in (the index on them counts from here)
    await fillUniqueScopes(trx as unknown as Kysely<unknown>);
    await trx
      .insertInto('meta')
      .values({ key: 'seededAt', value: new Date().toISOString() })
      .execute();
  });
  // Planner statistics: with them, an ordered page of things walks the name index instead of sorting.
  await sql`analyze`.execute(db);
  return true;
}
