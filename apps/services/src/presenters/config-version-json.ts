// The JSON of a configuration snapshot: who took it, when and why, whose configuration it holds,
// how many records of each versioned kind, and (read one by one) its content.
import { VERSIONED_KINDS } from '@portico/core';
import type { ConfigVersion, SnapshotContent } from '@portico/core';
import type { ConfigVersionTable } from '../db/schema.ts';

type Stored = Omit<ConfigVersionTable, 'id'> & { id: number };

export function configVersionJson(
  row: Stored,
  content: SnapshotContent,
  withContent = false,
): ConfigVersion {
  return {
    id: Number(row.id),
    note: row.note,
    tenantId: row.tenantId === null ? null : Number(row.tenantId),
    actorName: row.actorName,
    at: new Date(Number(row.at)).toISOString(),
    counts: Object.fromEntries(VERSIONED_KINDS.map(({ kind }) => [kind, content[kind].length])),
    ...(withContent ? { content } : {}),
  };
}
