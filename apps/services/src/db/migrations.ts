// One migration set for both dialects: the only dialect difference is the id column type.
import { Migrator, sql } from 'kysely';
import type { CreateTableBuilder, Kysely, Migration, MigrationProvider } from 'kysely';
import type { Dialect } from './dialect.ts';
import { SHIFT_DAYS } from './shift-days.ts';
import { SOFT_DELETE_TABLES } from './soft-delete-tables.ts';
import { UNIQUE_SCOPE_TABLES, indexUniqueFields } from './unique-fields.ts';

type Table = CreateTableBuilder<string, never>;

function withId(table: Table, dialect: Dialect): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function text(table: Table, name: string, nullable = false): Table {
  return table.addColumn(name, 'text', (c) => (nullable ? c : c.notNull().defaultTo('')));
}

function int(table: Table, name: string, nullable = false): Table {
  return table.addColumn(name, 'integer', (c) => (nullable ? c : c.notNull().defaultTo(0)));
}

function time(table: Table, name: string, nullable = false): Table {
  return table.addColumn(name, 'bigint', (c) => (nullable ? c : c.notNull().defaultTo(0)));
}

function initial(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const create = (name: string, build: (t: Table) => Table) =>
        build(withId(db.schema.createTable(name) as unknown as Table, dialect)).execute();
      const index = (name: string, table: string, columns: string[], unique = false) => {
        const builder = db.schema.createIndex(name).on(table).columns(columns);
        return (unique ? builder.unique() : builder).execute();
      };

      await create('groups', (t) => {
        t = int(t, 'parentId', true);
        t = int(t, 'groupTypeId', true);
        for (const c of ['name', 'code', 'description', 'hierarchyCode', 'fqnBase', 'createdBy'])
          t = text(t, c);
        t = int(t, 'treeLevel');
        t = int(t, 'archived');
        return time(t, 'creationTime');
      });
      await index('groups_parent', 'groups', ['parentId']);
      await index('groups_hierarchy', 'groups', ['hierarchyCode'], true);
      await index('groups_name', 'groups', ['name']);

      await create('groupTypes', (t) => {
        t = int(t, 'groupId');
        for (const c of ['name', 'code', 'description', 'createdBy']) t = text(t, c);
        t = int(t, 'archived');
        return time(t, 'creationTime');
      });
      await index('groupTypes_group', 'groupTypes', ['groupId']);

      for (const fields of ['groupFields', 'userFields']) {
        await create(fields, (t) => text(text(int(t, 'ownerId'), 'name'), 'value'));
        await index(`${fields}_owner_name`, fields, ['ownerId', 'name'], true);
      }

      await create('users', (t) => {
        t = int(t, 'groupId');
        for (const c of ['username', 'firstName', 'lastName', 'email', 'passwordHash', 'createdBy'])
          t = text(t, c);
        t = text(t, 'apiKeyHash', true);
        t = t.addColumn('roleIds', 'text', (c) => c.notNull().defaultTo('[]'));
        t = int(t, 'archived');
        t = time(t, 'passwordExpirationTime', true);
        t = int(t, 'displayPasswordExpirationTime');
        return time(t, 'creationTime');
      });
      await index('users_username', 'users', ['username'], true);
      await index('users_group', 'users', ['groupId']);
      await index('users_apikey', 'users', ['apiKeyHash']);

      await create('roles', (t) => {
        t = int(t, 'groupId');
        for (const c of ['name', 'description']) t = text(t, c);
        t = t.addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'));
        t = int(t, 'archived');
        return time(t, 'creationTime');
      });
      await index('roles_group', 'roles', ['groupId']);

      await create('resources', (t) => {
        t = int(t, 'groupId');
        for (const c of ['name', 'label', 'description', 'typeName', 'acceptedAttributes'])
          t = text(t, c);
        return t;
      });
      await index('resources_group', 'resources', ['groupId']);

      await create('sessions', (t) => {
        t = text(t, 'tokenHash');
        t = int(t, 'userId');
        t = time(t, 'createdAt');
        t = time(t, 'lastUsedAt');
        return time(t, 'timeoutMs');
      });
      await index('sessions_token', 'sessions', ['tokenHash'], true);
      await index('sessions_user', 'sessions', ['userId']);

      await create('thingTypes', (t) => {
        t = int(t, 'groupId');
        for (const c of ['name', 'code', 'description']) t = text(t, c);
        t = int(t, 'archived');
        return time(t, 'creationTime');
      });
      await index('thingTypes_group', 'thingTypes', ['groupId']);
      await index('thingTypes_name', 'thingTypes', ['name']);

      await create('things', (t) => {
        t = int(t, 'groupId');
        t = int(t, 'thingTypeId');
        t = int(t, 'zoneId', true);
        for (const c of ['name', 'serial', 'status']) t = text(t, c);
        t = time(t, 'creationTime');
        return time(t, 'modifiedTime');
      });
      await index('things_group', 'things', ['groupId']);
      await index('things_type', 'things', ['thingTypeId']);
      await index('things_zone', 'things', ['zoneId']);
      await index('things_name', 'things', ['name']);
      await index('things_serial', 'things', ['serial']);

      await create('zoneTypes', (t) => {
        t = int(t, 'groupId');
        for (const c of ['name', 'code', 'description']) t = text(t, c);
        return t;
      });
      await index('zoneTypes_group', 'zoneTypes', ['groupId']);

      await create('zoneGroups', (t) => text(text(int(t, 'groupId'), 'name'), 'description'));
      await index('zoneGroups_group', 'zoneGroups', ['groupId']);

      await create('zones', (t) => {
        t = int(t, 'groupId');
        t = int(t, 'zoneTypeId');
        t = int(t, 'zoneGroupId', true);
        for (const c of ['name', 'code', 'description', 'color']) t = text(t, c);
        return t;
      });
      await index('zones_group', 'zones', ['groupId']);
      await index('zones_type', 'zones', ['zoneTypeId']);
      await index('zones_zoneGroup', 'zones', ['zoneGroupId']);
      await index('zones_name', 'zones', ['name']);

      await create('logicalReaders', (t) => {
        t = int(t, 'groupId');
        t = int(t, 'zoneId', true);
        for (const c of ['name', 'code', 'description']) t = text(t, c);
        return t;
      });
      await index('logicalReaders_group', 'logicalReaders', ['groupId']);
      await index('logicalReaders_zone', 'logicalReaders', ['zoneId']);

      await create('connections', (t) => {
        t = int(t, 'groupId');
        for (const c of ['name', 'code', 'type']) t = text(t, c);
        return t.addColumn('properties', 'text', (c) => c.notNull().defaultTo('{}'));
      });
      await index('connections_group', 'connections', ['groupId']);

      await create('edgeboxes', (t) => {
        t = int(t, 'groupId');
        for (const c of ['name', 'code', 'type', 'description', 'status']) t = text(t, c);
        return t;
      });
      await index('edgeboxes_group', 'edgeboxes', ['groupId']);

      await create('folders', (t) => {
        t = int(t, 'groupId');
        for (const c of ['name', 'typeElement']) t = text(t, c);
        t = int(t, 'sequence');
        t = int(t, 'createdByUserId', true);
        t = time(t, 'creationDate');
        return time(t, 'lastModificationDate');
      });
      await index('folders_group', 'folders', ['groupId']);

      await create('reportDefinitions', (t) => {
        t = int(t, 'groupId');
        t = int(t, 'folderId', true);
        for (const c of ['name', 'description', 'reportType']) t = text(t, c);
        t = int(t, 'createdByUserId', true);
        t = time(t, 'creationDate');
        return time(t, 'lastModificationDate');
      });
      await index('reportDefinitions_group', 'reportDefinitions', ['groupId']);
      await index('reportDefinitions_folder', 'reportDefinitions', ['folderId']);

      await create('analyticsEvents', (t) => {
        for (const c of ['event', 'distinctId', 'properties', 'timestamp']) t = text(t, c);
        t = text(t, 'tenant', true);
        return time(t, 'receivedAt');
      });
      await index('analyticsEvents_event', 'analyticsEvents', ['event']);
      await index('analyticsEvents_tenant', 'analyticsEvents', ['tenant']);

      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * List pages filter by the owning group and order by a column. For a caller whose rows sit in one
 * group, an index on the column alone made SQLite read every row of the group and sort them (16 ms
 * for a 50-thing page of a 50,000-thing site; 0.2 ms with (groupId, column)). Only the tables that
 * grow with the data get them.
 */
const ownerOrderIndexes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const indexes: Array<[string, string, string[]]> = [
      ['things_group_name', 'things', ['groupId', 'name']],
      ['things_group_serial', 'things', ['groupId', 'serial']],
      ['zones_group_name', 'zones', ['groupId', 'name']],
    ];
    for (const [name, table, columns] of indexes)
      await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
    // Fresh planner statistics, so the new indexes are weighed against the old ones right away.
    await sql`analyze`.execute(db);
  },
};

/**
 * Pages of several groups' rows (an administrator's) ordered by a column, `id` the tie-break:
 * (column, id, groupId) replaces (column). It holds the exact ORDER BY and the owner, so rows of
 * other groups and the rows an OFFSET skips cost no table lookup (an admin's page 3: 0.39 → 0.28 ms
 * of SQL; page 401: 9.3 → 2.2 ms).
 */
const orderOwnerIndexes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const orders: Array<[string, string]> = [
      ['things', 'name'],
      ['things', 'serial'],
      ['zones', 'name'],
    ];
    for (const [table, column] of orders) {
      await db.schema.dropIndex(`${table}_${column}`).ifExists().execute();
      await db.schema
        .createIndex(`${table}_${column}_order`)
        .ifNotExists()
        .on(table)
        .columns([column, 'id', 'groupId'])
        .execute();
    }
    await sql`analyze`.execute(db);
  },
};

/**
 * Sign-in attempt counters (auth/login-throttle.ts): one row per counter key, updated by one atomic
 * upsert per attempt, so the limit holds across workers and across instances on one PostgreSQL.
 */
const loginAttempts: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('loginAttempts')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lastAt', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('blockedUntil', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('nonce', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createIndex('loginAttempts_lastAt')
      .on('loginAttempts')
      .column('lastAt')
      .execute();
  },
};

/**
 * Usernames unique without regard to case. A database that already holds names equal but for case
 * (`Admin` beside `admin`) keeps the oldest as it is and renames the others `<name>-<id>` first,
 * so the migration cannot fail on old data (README, operations, says so).
 */
export async function dedupeUsernamesIgnoringCase(db: Kysely<unknown>): Promise<void> {
  const users = await sql<{
    id: number;
    username: string;
  }>`select "id", "username" from "users" order by "id"`.execute(db);
  const seen = new Set<string>();
  for (const user of users.rows) {
    const key = user.username.toLowerCase();
    if (seen.has(key))
      await sql`update "users" set "username" = ${`${user.username}-${user.id}`} where "id" = ${user.id}`.execute(
        db,
      );
    else seen.add(key);
  }
  await db.schema
    .createIndex('users_username_lower')
    .unique()
    .on('users')
    .expression(sql`lower("username")`)
    .execute();
}

const usernamesIgnoringCase: Migration = { up: dedupeUsernamesIgnoringCase };

/**
 * Analytics events belong to the group recorded from the capturing session (null: anonymous, read by
 * root only). Events stored before carry only a client-sent tenant name, which scopes nothing any
 * more: they stay visible to root only.
 */
const analyticsGroups: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('analyticsEvents').addColumn('groupId', 'integer').execute();
    await db.schema
      .createIndex('analyticsEvents_group_id')
      .on('analyticsEvents')
      .columns(['groupId', 'id'])
      .execute();
  },
};

/**
 * Unique fields held unique by the database, not only by the check before a write:
 * each row records the tenant its values are unique in (`uniqueScope`), and a partial unique
 * index covers (uniqueScope, column) for the non-empty values. Duplicates already stored are renamed
 * first (indexUniqueFields).
 */
const uniqueFields: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const table of UNIQUE_SCOPE_TABLES)
      await db.schema.alterTable(table).addColumn('uniqueScope', 'integer').execute();
    await indexUniqueFields(db);
  },
};

/**
 * The audit trail: one append-only table, read by tenant and time, by record and by actor. The
 * roles that administer roles (`role:*`) are given `auditlog:*`, as the seed's administrators have.
 */
function auditEntries(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = withId(db.schema.createTable('auditEntries') as unknown as Table, dialect);
      table = time(table, 'at');
      table = int(table, 'tenantId', true);
      table = int(table, 'actorId', true);
      for (const name of ['actorName', 'address', 'requestId', 'action', 'resource'])
        table = text(table, name);
      table = int(table, 'recordId', true);
      table = text(table, 'recordName');
      table = table.addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'));
      await table.execute();
      const index = (name: string, columns: string[]) =>
        db.schema.createIndex(name).on('auditEntries').columns(columns).execute();
      await index('auditEntries_tenant_at', ['tenantId', 'at']);
      await index('auditEntries_record_at', ['resource', 'recordId', 'at']);
      await index('auditEntries_actor_at', ['actorId', 'at']);
      const roles = await (db as Kysely<{ roles: { id: number; permissions: string } }>)
        .selectFrom('roles')
        .select(['id', 'permissions'])
        .execute();
      for (const role of roles) {
        let permissions: unknown;
        try {
          permissions = JSON.parse(role.permissions);
        } catch {
          continue;
        }
        if (!Array.isArray(permissions) || !permissions.includes('role:*')) continue;
        if (permissions.includes('auditlog:*')) continue;
        await (db as Kysely<{ roles: { id: number; permissions: string } }>)
          .updateTable('roles')
          .set({ permissions: JSON.stringify([...permissions, 'auditlog:*']) })
          .where('id', '=', role.id)
          .execute();
      }
    },
  };
}

/**
 * Outbound webhooks: endpoints (a URL, a secret, headers), subscriptions (which events go to which
 * endpoint), the outbox (one row per event and endpoint, written in the change's own transaction)
 * and the delivery log (one row per attempt).
 */
function webhooks(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const create = (name: string, build: (t: Table) => Table) =>
        build(withId(db.schema.createTable(name) as unknown as Table, dialect)).execute();
      const index = (name: string, table: string, columns: string[]) =>
        db.schema.createIndex(name).on(table).columns(columns).execute();
      await create('webhookEndpoints', (t) => {
        t = int(t, 'groupId');
        for (const c of ['name', 'url', 'secret', 'description']) t = text(t, c);
        t = t.addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'));
        return int(t, 'enabled');
      });
      await index('webhookEndpoints_group', 'webhookEndpoints', ['groupId']);
      await create('webhookSubscriptions', (t) => {
        t = int(t, 'groupId');
        // the tenant of groupId (null: the root level), so the outbox finds a change's subscriptions
        // with one indexed lookup in the change's transaction
        t = int(t, 'tenantId', true);
        t = text(t, 'name');
        t = int(t, 'endpointId');
        t = t.addColumn('events', 'text', (c) => c.notNull().defaultTo('[]'));
        return int(t, 'enabled');
      });
      await index('webhookSubscriptions_group', 'webhookSubscriptions', ['groupId']);
      await index('webhookSubscriptions_tenant', 'webhookSubscriptions', ['tenantId']);
      await index('webhookSubscriptions_endpoint', 'webhookSubscriptions', ['endpointId']);
      await create('webhookOutbox', (t) => {
        t = int(t, 'endpointId');
        t = int(t, 'tenantId', true);
        t = text(t, 'event');
        t = t.addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'));
        t = time(t, 'createdAt');
        t = int(t, 'attempts');
        t = time(t, 'nextAttemptAt');
        t = time(t, 'lockedUntil');
        // pending | delivered | failed
        return text(t, 'state');
      });
      await index('webhookOutbox_due', 'webhookOutbox', ['state', 'nextAttemptAt']);
      await index('webhookOutbox_endpoint', 'webhookOutbox', ['endpointId', 'createdAt']);
      await create('webhookDeliveries', (t) => {
        t = int(t, 'outboxId');
        t = int(t, 'endpointId');
        t = int(t, 'tenantId', true);
        t = text(t, 'event');
        t = time(t, 'at');
        t = int(t, 'attempt');
        t = int(t, 'status');
        t = int(t, 'durationMs');
        for (const c of ['outcome', 'responseExcerpt', 'error']) t = text(t, c);
        return t;
      });
      await index('webhookDeliveries_endpoint_at', 'webhookDeliveries', ['endpointId', 'at']);
      await index('webhookDeliveries_tenant_at', 'webhookDeliveries', ['tenantId', 'at']);
    },
  };
}

/**
 * Scheduled rules: what an edge box does when a cron expression says so (the expression is read in
 * the tenant's time zone).
 */
function scheduledRules(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let t = withId(db.schema.createTable('scheduledRules') as unknown as Table, dialect);
      t = int(t, 'groupId');
      for (const c of ['name', 'cronExpression', 'action', 'description']) t = text(t, c);
      t = int(t, 'edgeboxId');
      t = int(t, 'enabled');
      await t.execute();
      await db.schema
        .createIndex('scheduledRules_group')
        .on('scheduledRules')
        .column('groupId')
        .execute();
      await db.schema
        .createIndex('scheduledRules_edgebox')
        .on('scheduledRules')
        .column('edgeboxId')
        .execute();
    },
  };
}

/**
 * Stream apps: an app of a known kind deployed to an edge box, its version, its configuration (JSON,
 * matched against its kind's schema), the state it is asked to be in and the one its edge box last
 * reported.
 */
function streamApps(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let t = withId(db.schema.createTable('streamApps') as unknown as Table, dialect);
      t = int(t, 'groupId');
      for (const c of ['name', 'appKind', 'version', 'desiredState']) t = text(t, c);
      t = int(t, 'edgeboxId');
      t = t.addColumn('configuration', 'text', (c) => c.notNull().defaultTo('{}'));
      t = t.addColumn('reportedState', 'text', (c) => c.notNull().defaultTo('unknown'));
      t = time(t, 'reportedAt', true);
      await t.execute();
      await db.schema.createIndex('streamApps_group').on('streamApps').column('groupId').execute();
      await db.schema
        .createIndex('streamApps_edgebox')
        .on('streamApps')
        .column('edgeboxId')
        .execute();
    },
  };
}

/**
 * Data retention: a tenant's maximum age per kind of data (`scopeGroupId` is the tenant's group, or
 * the root group for the root level) and the purges run (manual, scheduled, dry runs).
 */
function retention(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const create = (name: string, build: (t: Table) => Table) =>
        build(withId(db.schema.createTable(name) as unknown as Table, dialect)).execute();
      await create('retentionPolicies', (t) => {
        t = int(t, 'scopeGroupId');
        t = text(t, 'kind');
        t = int(t, 'maxAgeDays');
        return time(t, 'modifiedAt');
      });
      await db.schema
        .createIndex('retentionPolicies_scope_kind')
        .on('retentionPolicies')
        .columns(['scopeGroupId', 'kind'])
        .unique()
        .execute();
      await create('retentionRuns', (t) => {
        t = int(t, 'scopeGroupId');
        t = time(t, 'at');
        // manual | scheduled | dryRun
        t = text(t, 'trigger');
        t = text(t, 'actorName');
        t = t.addColumn('counts', 'text', (c) => c.notNull().defaultTo('{}'));
        return int(t, 'durationMs');
      });
      await db.schema
        .createIndex('retentionRuns_scope_at')
        .on('retentionRuns')
        .columns(['scopeGroupId', 'at'])
        .execute();
      await db.schema
        .createIndex('analyticsEvents_group_received')
        .on('analyticsEvents')
        .columns(['groupId', 'receivedAt'])
        .execute();
    },
  };
}

/**
 * Personal API keys: one row per key (never the key, only its SHA-256), its owner and tenant, the
 * permissions it carries (a subset of its owner's), its expiry, last use and revocation. Sessions
 * opened with a key (`POST /user/login {apiKey}`) name it, so they carry its scope and end with it;
 * audit entries of a request authenticated by a key name it too.
 */
function apiKeys(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = withId(db.schema.createTable('apiKeys') as unknown as Table, dialect);
      table = int(table, 'userId');
      table = int(table, 'tenantId', true);
      for (const name of ['name', 'prefix', 'keyHash']) table = text(table, name);
      table = table.addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'));
      table = time(table, 'createdAt');
      table = time(table, 'expiresAt');
      table = time(table, 'lastUsedAt', true);
      table = time(table, 'revokedAt', true);
      table = int(table, 'revokedBy', true);
      await table.execute();
      await db.schema
        .createIndex('apiKeys_hash')
        .on('apiKeys')
        .column('keyHash')
        .unique()
        .execute();
      await db.schema.createIndex('apiKeys_user').on('apiKeys').column('userId').execute();
      await db.schema.alterTable('sessions').addColumn('apiKeyId', 'integer').execute();
      await db.schema.alterTable('auditEntries').addColumn('apiKeyId', 'integer').execute();
    },
  };
}

/**
 * Soft delete: a nullable `deletedAt` on the tables whose deletes can be undone. Lists read
 * `deletedAt IS NULL` through their existing owner and order indexes (almost every row is live); the
 * index here is partial, over the deleted rows only, so it serves the purge and restore without
 * ever tempting the planner away from those indexes.
 */
const softDelete: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const table of SOFT_DELETE_TABLES) {
      await db.schema.alterTable(table).addColumn('deletedAt', 'bigint').execute();
      await db.schema
        .createIndex(`${table}_deleted`)
        .on(table)
        .column('deletedAt')
        .where(sql.ref('deletedAt'), 'is not', null)
        .execute();
    }
  },
};

/**
 * Device profiles: reader and edge-box configuration templates (their settings valid against their
 * device kind's schema, core's device-profiles.ts), and the profile a logical reader or an edge box
 * is given (null: none).
 */
function deviceProfiles(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let t = withId(db.schema.createTable('deviceProfiles') as unknown as Table, dialect);
      t = int(t, 'groupId');
      for (const c of ['name', 'deviceKind', 'description']) t = text(t, c);
      t = t.addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'));
      await t.execute();
      await db.schema
        .createIndex('deviceProfiles_group')
        .on('deviceProfiles')
        .column('groupId')
        .execute();
      for (const table of ['logicalReaders', 'edgeboxes']) {
        await db.schema.alterTable(table).addColumn('deviceProfileId', 'integer').execute();
        await db.schema
          .createIndex(`${table}_deviceProfile`)
          .on(table)
          .column('deviceProfileId')
          .execute();
      }
    },
  };
}

/** A zone's outline on its local map: its zone points as JSON (`[{x, y}, …]`, core's zone-outline.ts). */
const zoneOutlines: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('zones')
      .addColumn('points', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};

/**
 * CSV import jobs: the job (its state, counts, the dry run's preview and problems) and its files
 * (the uploaded CSV and the error file) as ordered text chunks, so neither is ever held whole.
 */
function importJobs(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const create = (name: string, build: (t: Table) => Table) =>
        build(withId(db.schema.createTable(name) as unknown as Table, dialect)).execute();
      await create('importJobs', (t) => {
        t = int(t, 'scopeGroupId');
        t = int(t, 'tenantId', true);
        t = int(t, 'groupId');
        t = text(t, 'resource');
        t = text(t, 'fileName');
        // checked | invalid | running | done | failed | cancelled
        t = text(t, 'state');
        t = int(t, 'actorId');
        t = text(t, 'actorName');
        for (const c of ['totalRows', 'errorRows', 'toCreate', 'toUpdate', 'created', 'updated'])
          t = int(t, c);
        t = int(t, 'processed');
        t = int(t, 'fileBytes');
        t = time(t, 'createdAt');
        t = time(t, 'startedAt', true);
        t = time(t, 'finishedAt', true);
        t = int(t, 'durationMs', true);
        t = text(t, 'message');
        t = int(t, 'cancelRequested');
        t = t.addColumn('preview', 'text', (c) => c.notNull().defaultTo('[]'));
        return t.addColumn('problems', 'text', (c) => c.notNull().defaultTo('[]'));
      });
      await db.schema
        .createIndex('importJobs_scope_created')
        .on('importJobs')
        .columns(['scopeGroupId', 'createdAt'])
        .execute();
      await create('importJobChunks', (t) => {
        t = int(t, 'jobId');
        // file | errors
        t = text(t, 'kind');
        t = int(t, 'seq');
        return text(t, 'content');
      });
      await db.schema
        .createIndex('importJobChunks_job_kind_seq')
        .on('importJobChunks')
        .columns(['jobId', 'kind', 'seq'])
        .unique()
        .execute();
    },
  };
}

/**
 * What the real platform's own API (riot-core-services) carries that Portico lacked: a thing's
 * `activated` flag (its own, beside Portico's status; a thing stays activated exactly when it was
 * read as activated before, its status `active`) and its parent thing, a thing type's `autoCreate`,
 * and a user's weekly shift (minutes of the day, start and end per weekday).
 */
const platformConformance: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('things')
      .addColumn('activated', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`update "things" set "activated" = case when "status" = 'active' then 1 else 0 end`.execute(
      db,
    );
    await db.schema.alterTable('things').addColumn('parentId', 'integer').execute();
    await db.schema.createIndex('things_parent').on('things').column('parentId').execute();
    await db.schema
      .alterTable('thingTypes')
      .addColumn('autoCreate', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const day of SHIFT_DAYS)
      for (const edge of ['Start', 'End'])
        await db.schema.alterTable('users').addColumn(`${day}${edge}`, 'integer').execute();
  },
};

/**
 * Licenses: the ones root generated (`issuedLicenses`, each with its text, to copy again) and the
 * one each tenant installed (`installedLicenses`, one row per tenant: installing replaces it). The
 * payload is the signed JSON; the services verified its signature before storing it.
 */
function licenses(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const create = (name: string, build: (t: Table) => Table) =>
        build(withId(db.schema.createTable(name) as unknown as Table, dialect)).execute();
      for (const table of ['issuedLicenses', 'installedLicenses'] as const) {
        await create(table, (t) => {
          t = int(t, 'tenantId');
          t = text(t, 'licenseId');
          t = t.addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'));
          t = text(t, 'text');
          t = time(t, 'expiresAt');
          t = time(t, 'at');
          return text(t, 'actorName');
        });
      }
      await db.schema
        .createIndex('issuedLicenses_tenant_at')
        .on('issuedLicenses')
        .columns(['tenantId', 'at'])
        .execute();
      await db.schema
        .createIndex('installedLicenses_tenant')
        .on('installedLicenses')
        .column('tenantId')
        .unique()
        .execute();
    },
  };
}

/**
 * Configuration versions: a snapshot of a tenant's configuration (its group fields, roles, thing
 * types, zone types and report definitions) as JSON, with who took it, when and why.
 */
function configVersions(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = withId(db.schema.createTable('configVersions') as unknown as Table, dialect);
      table = int(table, 'scopeGroupId');
      table = int(table, 'tenantId', true);
      table = text(table, 'note');
      table = int(table, 'actorId', true);
      table = text(table, 'actorName');
      table = time(table, 'at');
      table = table.addColumn('content', 'text', (c) => c.notNull().defaultTo('{}'));
      await table.execute();
      await db.schema
        .createIndex('configVersions_scope_at')
        .on('configVersions')
        .columns(['scopeGroupId', 'at'])
        .execute();
    },
  };
}

/**
 * Reports that run: what a report definition lists (a resource of core's resource catalog) and its
 * columns, filters, group-by and order, each a JSON text (core's report-definition.ts). A definition
 * stored before names no columns: it shows its resource's list columns.
 */
const reportQueries: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const columns: Array<[string, string]> = [
      ['resource', 'thing'],
      ['reportProperty', '[]'],
      ['reportFilter', '[]'],
      ['reportGroupBy', '[]'],
    ];
    for (const [name, initial] of columns)
      await db.schema
        .alterTable('reportDefinitions')
        .addColumn(name, 'text', (c) => c.notNull().defaultTo(initial))
        .execute();
    // no order: null
    await db.schema.alterTable('reportDefinitions').addColumn('sortBy', 'text').execute();
  },
};

/** Applies every pending migration; throws when one fails (the server must not start half-migrated). */
export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: () =>
      Promise.resolve({
        '0001_initial': initial(dialect),
        '0002_owner_order_indexes': ownerOrderIndexes,
        '0003_order_owner_indexes': orderOwnerIndexes,
        '0004_login_attempts': loginAttempts,
        '0005_usernames_ignoring_case': usernamesIgnoringCase,
        '0006_analytics_groups': analyticsGroups,
        '0007_unique_fields': uniqueFields,
        '0008_audit_entries': auditEntries(dialect),
        '0009_soft_delete': softDelete,
        '0010_api_keys': apiKeys(dialect),
        '0011_licenses': licenses(dialect),
        '0012_scheduled_rules': scheduledRules(dialect),
        '0013_stream_apps': streamApps(dialect),
        '0014_platform_conformance': platformConformance,
        '0015_import_jobs': importJobs(dialect),
        '0016_webhooks': webhooks(dialect),
        '0017_retention': retention(dialect),
        '0018_zone_outlines': zoneOutlines,
        '0019_config_versions': configVersions(dialect),
        '0020_device_profiles': deviceProfiles(dialect),
        '0021_report_queries': reportQueries,
      }),
  };
  const { error } = await new Migrator({
    db,
    provider,
    migrationTableName: 'portico_migrations',
    migrationLockTableName: 'portico_migrations_lock',
    // branches number their migrations apart (0009 can land after 0010): a database that applied
    // a later one first still takes an earlier one it lacks
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
