// The model part of the seed: per tenant its types, connections, report folders, and per site its
// zones, readers, edge boxes and things.
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SeededDirectory } from './directory.ts';
import { NOW, ids, insertMany, insertOne } from './insert.ts';
import { seedTrainedModels } from './trained-models.ts';

export async function seedModel(
  trx: Transaction<Database>,
  scale: number,
  { acme, north, south, globex, userIds }: SeededDirectory,
): Promise<void> {
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
    if (tenant === acme) await seedAttributes(trx, tenant.id, thingTypeIds);
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
    // a reader and an edge-box profile per tenant, given to some of its devices below
    const readerProfileId = await insertOne(trx, 'deviceProfiles', {
      groupId: tenant.id,
      name: tenant === acme ? 'Acme RFID 30 dBm' : 'Globex RFID 27 dBm',
      deviceKind: 'reader',
      settings: JSON.stringify({ txPowerDbm: 30, session: 1, antennas: [1, 2, 3, 4] }),
      description: 'Full power, four antennas',
    });
    const edgeboxProfileId = await insertOne(trx, 'deviceProfiles', {
      groupId: tenant.id,
      name: tenant === acme ? 'Acme EB 60 s' : 'Globex EB 60 s',
      deviceKind: 'edgebox',
      settings: JSON.stringify({ heartbeatSeconds: 60, logLevel: 'info', bufferMb: 512 }),
      description: 'Heartbeat every minute',
    });
    const typeRows = await trx
      .selectFrom('thingTypes')
      .select(['id', 'name'])
      .where('groupId', '=', tenant.id)
      .execute();
    await seedTrainedModels(
      trx,
      tenant.id,
      tenant === acme,
      new Map(typeRows.map((row) => [row.name, Number(row.id)])),
      tenant === acme ? 'admin' : 'globex',
    );
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
          ...reportQueryOf(report),
          createdByUserId: userIds[tenant === acme ? 'admin' : 'globex'] ?? null,
          creationDate: NOW,
          lastModificationDate: NOW,
        })),
      );
    }
    if (tenant === acme) await seedApplicationTabs(trx, acme.id);

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
          // the first two readers of a site use the tenant's reader profile
          deviceProfileId: r < 2 ? readerProfileId : null,
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
          deviceProfileId: edgeboxProfileId,
        },
        {
          groupId: site.id,
          name: `Core bridge ${siteCode}`,
          code: `CB-${siteCode}-1`,
          type: 'core',
          description: 'Core bridge',
          status: siteIndex === 1 ? 'offline' : 'online',
          deviceProfileId: null,
        },
      ]);
      const [edgeId = 0, bridgeId = 0] = (
        await trx
          .selectFrom('edgeboxes')
          .select('id')
          .where('groupId', '=', site.id)
          .orderBy('id')
          .execute()
      ).map((row) => row.id);
      await insertMany(trx, 'scheduledRules', [
        {
          groupId: site.id,
          name: `Night inventory ${siteCode}`,
          cronExpression: '0 2 * * *',
          edgeboxId: edgeId,
          action: 'runRules',
          enabled: 1,
          description: 'Counts every asset seen in the last day',
        },
        {
          groupId: site.id,
          name: `Weekly export ${siteCode}`,
          cronExpression: '30 6 * * MON',
          edgeboxId: bridgeId,
          action: 'exportData',
          enabled: siteIndex === 0 ? 1 : 0,
          description: '',
        },
      ]);
      await insertMany(trx, 'streamApps', [
        {
          groupId: site.id,
          name: `Dock dwell ${siteCode}`,
          edgeboxId: edgeId,
          appKind: 'dwellTimer',
          version: '2.1.0',
          configuration: JSON.stringify({
            thresholdSeconds: 600,
            zoneCodes: [`${siteCode}-DOCK`],
            alertOnExit: true,
          }),
          desiredState: 'running',
          reportedState: 'running',
          reportedAt: NOW,
        },
        {
          groupId: site.id,
          name: `MQTT uplink ${siteCode}`,
          edgeboxId: bridgeId,
          appKind: 'mqttBridge',
          version: '1.4.2',
          configuration: JSON.stringify({
            brokerUrl: 'mqtts://broker.example.com:8883',
            topic: `sites/${siteCode}/things`,
            qos: 1,
          }),
          desiredState: 'stopped',
          reportedState: 'unknown',
          reportedAt: null,
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
          activated: (statuses[t % statuses.length] ?? 'active') === 'active' ? 1 : 0,
          udfs: JSON.stringify(tenant === acme ? seededValues(typeIndex, t) : {}),
          creationTime: NOW + t * 1000,
          modifiedTime: NOW + t * 1000,
        });
      }
      await insertMany(trx, 'things', thingRows);
    }
  }
}

const labels = (en: string, es: string, ptBR: string, fr: string, it: string) => ({
  en,
  es,
  'pt-BR': ptBR,
  fr,
  it,
});

/**
 * Acme's application tabs (the applicationTabs group field, spec §2 module applicationTab):
 * "Operations" with menus "Daily" and "Inventory", "Compliance" with "Audits", each menu listing
 * seeded report definitions.
 */
async function seedApplicationTabs(trx: Transaction<Database>, tenantId: number): Promise<void> {
  const rows = await trx
    .selectFrom('reportDefinitions')
    .select(['id', 'name'])
    .where('groupId', '=', tenantId)
    .execute();
  const report = (name: string) => rows.find((row) => row.name === name)?.id ?? 0;
  const tabs = [
    {
      id: 1,
      order: 1,
      labels: labels('Operations', 'Operaciones', 'Operações', 'Opérations', 'Operazioni'),
      menus: [
        {
          id: 1,
          labels: labels('Daily', 'Diario', 'Diário', 'Quotidien', 'Giornaliero'),
          reportIds: [report('Operations summary'), report('Operations history')],
        },
        {
          id: 2,
          labels: labels('Inventory', 'Inventario', 'Inventário', 'Inventaire', 'Inventario'),
          reportIds: [
            report('Inventory summary'),
            report('Inventory by zone'),
            report('Inventory history'),
          ],
        },
      ],
    },
    {
      id: 2,
      order: 2,
      labels: labels('Compliance', 'Cumplimiento', 'Conformidade', 'Conformité', 'Conformità'),
      menus: [
        {
          id: 1,
          labels: labels('Audits', 'Auditorías', 'Auditorias', 'Audits', 'Audit'),
          reportIds: [report('Compliance summary'), report('Compliance history')],
        },
      ],
    },
  ];
  await insertOne(trx, 'groupFields', {
    ownerId: tenantId,
    name: 'applicationTabs',
    value: JSON.stringify(tabs),
  });
}

/**
 * What a seeded report lists (core's report-definition.ts): things counted by status and by zone,
 * the active things, the zones with their type; any other report shows the thing list's columns.
 */
function reportQueryOf(report: string): Record<string, string | null> {
  const query = (resource: string, parts: Record<string, unknown>) => ({
    resource,
    reportProperty: JSON.stringify(parts.reportProperty ?? []),
    reportFilter: JSON.stringify(parts.reportFilter ?? []),
    reportGroupBy: JSON.stringify(parts.reportGroupBy ?? []),
    // every row names every column (a multi-row insert would otherwise write null)
    sortBy: parts.sortBy ? JSON.stringify(parts.sortBy) : null,
  });
  const columns = (...names: string[]) => names.map((propertyName) => ({ propertyName }));
  switch (report) {
    case 'Operations summary':
    case 'General overview':
      return query('thing', {
        reportProperty: columns('name', 'status', 'zoneId'),
        reportGroupBy: [{ propertyName: 'status' }],
      });
    case 'Operations by zone':
      return query('thing', {
        reportProperty: columns('name', 'zoneId'),
        reportGroupBy: [{ propertyName: 'zoneId' }],
      });
    case 'Inventory summary':
      return query('thing', {
        reportProperty: columns('name', 'serial', 'thingTypeId', 'zoneId'),
        reportFilter: [{ propertyName: 'status', operator: '=', value: 'active' }],
        sortBy: { propertyName: 'name', direction: 'asc' },
      });
    case 'Compliance summary':
      return query('zone', {
        reportProperty: columns('name', 'code', 'zoneTypeId', 'zoneGroupId'),
        sortBy: { propertyName: 'name', direction: 'asc' },
      });
    default:
      return query('thing', {});
  }
}

const CONDITIONS = ['A', 'B', 'C'];

/**
 * Acme's thing attributes (core's thing-attributes.ts): a forklift's battery level in %, a pallet's
 * weight in kg and its condition grade, labelled in the five languages.
 */
async function seedAttributes(
  trx: Transaction<Database>,
  groupId: number,
  [forklift, pallet]: number[],
): Promise<void> {
  if (forklift === undefined || pallet === undefined) return;
  const base = {
    groupId,
    unit: '',
    symbol: '',
    required: 0,
    allowedValues: '[]',
    minimum: null,
    maximum: null,
    maxLength: null,
    defaultValue: null,
    creationTime: NOW,
  };
  await insertMany(trx, 'thingTypeFields', [
    {
      ...base,
      thingTypeId: forklift,
      name: 'batteryLevel',
      label: JSON.stringify({
        en: 'Battery level',
        es: 'Nivel de batería',
        'pt-BR': 'Nível da bateria',
        fr: 'Niveau de batterie',
        it: 'Livello della batteria',
      }),
      dataType: 'INTEGER',
      unit: 'percent',
      symbol: '%',
      minimum: 0,
      maximum: 100,
      position: 0,
    },
    {
      ...base,
      thingTypeId: pallet,
      name: 'weight',
      label: JSON.stringify({ en: 'Weight', es: 'Peso', 'pt-BR': 'Peso', fr: 'Poids', it: 'Peso' }),
      dataType: 'NUMBER',
      unit: 'kilogram',
      symbol: 'kg',
      minimum: 0,
      maximum: 2000,
      position: 0,
    },
    {
      ...base,
      thingTypeId: pallet,
      name: 'grade',
      label: JSON.stringify({
        en: 'Grade',
        es: 'Grado',
        'pt-BR': 'Grau',
        fr: 'Catégorie',
        it: 'Grado',
      }),
      dataType: 'ENUMERATION',
      required: 1,
      allowedValues: JSON.stringify(CONDITIONS),
      defaultValue: JSON.stringify('A'),
      position: 1,
    },
  ]);
}

/** The seeded values of Acme's thing number `t`, of the type at `typeIndex` (0 forklift, 1 pallet). */
function seededValues(typeIndex: number, t: number): Record<string, unknown> {
  if (typeIndex === 0) return { batteryLevel: 35 + ((t * 7) % 65) };
  if (typeIndex === 1) return { weight: 120 + ((t * 37) % 800) / 2, grade: CONDITIONS[t % 3] };
  return {};
}
