// Configuration versions: what a snapshot of a tenant's configuration holds (the versioned kinds,
// each with the fields it keeps), and the field-level difference between two snapshots (or a
// snapshot and now). A restore's plan is the difference from now to the snapshot: records the
// snapshot has and now lacks are re-created, changed records are written back, and records created
// after the snapshot are kept (a restore never deletes).

/** A kept value: text, a number, a flag or nothing. */
export type SnapshotValue = string | number | boolean | null;

/** One record of a kind: its key (stable across snapshots), a name to show, its kept fields. */
export interface SnapshotRecord {
  readonly key: string;
  readonly name: string;
  readonly fields: Readonly<Record<string, SnapshotValue>>;
}

export interface VersionedKind {
  /** The kind's name (the key of its records in a snapshot's content). */
  readonly kind: 'groupFields' | 'roles' | 'thingTypes' | 'zoneTypes' | 'reportDefinitions';
  /** Its table in the services. */
  readonly table: string;
  /** What identifies a record across snapshots. */
  readonly key: string;
  /** The fields a snapshot keeps; empty: every field the record has (group fields, one per setting). */
  readonly fields: readonly string[];
}

/** Every versioned kind, in the order a snapshot, a comparison and a restore list them. */
export const VERSIONED_KINDS: readonly VersionedKind[] = [
  { kind: 'groupFields', table: 'groupFields', key: 'group id', fields: [] },
  {
    kind: 'roles',
    table: 'roles',
    key: 'id',
    fields: ['groupId', 'name', 'description', 'permissions', 'archived'],
  },
  {
    kind: 'thingTypes',
    table: 'thingTypes',
    key: 'id',
    fields: ['groupId', 'name', 'code', 'description', 'archived', 'autoCreate'],
  },
  {
    kind: 'zoneTypes',
    table: 'zoneTypes',
    key: 'id',
    fields: ['groupId', 'name', 'code', 'description'],
  },
  {
    kind: 'reportDefinitions',
    table: 'reportDefinitions',
    key: 'id',
    fields: [
      'groupId',
      'name',
      'description',
      'reportType',
      'folderId',
      'resource',
      'reportProperty',
      'reportFilter',
      'reportGroupBy',
      'sortBy',
    ],
  },
];

export type VersionedKindName = VersionedKind['kind'];

/** A snapshot's content: every versioned kind's records. */
export type SnapshotContent = Readonly<Record<VersionedKindName, readonly SnapshotRecord[]>>;

export interface FieldChange {
  readonly field: string;
  readonly before: SnapshotValue;
  readonly after: SnapshotValue;
}

export interface RecordRef {
  readonly key: string;
  readonly name: string;
}

export interface ChangedRecord extends RecordRef {
  readonly changes: readonly FieldChange[];
}

export interface KindDiff {
  readonly kind: VersionedKindName;
  readonly added: readonly RecordRef[];
  readonly removed: readonly RecordRef[];
  readonly changed: readonly ChangedRecord[];
}

/** Whether a value is of a kind a snapshot keeps. */
function isValue(value: unknown): value is SnapshotValue {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** The fields that differ between two versions of a record, sorted by name (a missing field is null). */
export function fieldChanges(
  before: Readonly<Record<string, SnapshotValue>>,
  after: Readonly<Record<string, SnapshotValue>>,
): FieldChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changes: FieldChange[] = [];
  for (const field of names) {
    const was = before[field] ?? null;
    const now = after[field] ?? null;
    if (was !== now) changes.push({ field, before: was, after: now });
  }
  return changes;
}

/** Per kind: the records `after` adds, the ones it removes and each changed record's fields. */
export function diffSnapshots(before: SnapshotContent, after: SnapshotContent): KindDiff[] {
  return VERSIONED_KINDS.map(({ kind }) => {
    const was = new Map(before[kind].map((record) => [record.key, record]));
    const now = new Map(after[kind].map((record) => [record.key, record]));
    const ref = (record: SnapshotRecord): RecordRef => ({ key: record.key, name: record.name });
    const changed: ChangedRecord[] = [];
    for (const record of after[kind]) {
      const old = was.get(record.key);
      if (!old) continue;
      const changes = fieldChanges(old.fields, record.fields);
      if (changes.length > 0) changed.push({ ...ref(record), changes });
    }
    return {
      kind,
      added: after[kind].filter((record) => !was.has(record.key)).map(ref),
      removed: before[kind].filter((record) => !now.has(record.key)).map(ref),
      changed,
    };
  });
}

/** Whether a comparison found no difference at all. */
export function isSameConfiguration(diff: readonly KindDiff[]): boolean {
  return diff.every((d) => !d.added.length && !d.removed.length && !d.changed.length);
}

export interface RestorePlan {
  readonly kind: VersionedKindName;
  /** Records the snapshot has and now lacks: re-created. */
  readonly recreate: readonly RecordRef[];
  /** Records whose fields differ: written back to the snapshot's values. */
  readonly update: readonly ChangedRecord[];
  /** Records created after the snapshot: kept as they are (a restore never deletes). */
  readonly keep: readonly RecordRef[];
}

/** What restoring `snapshot` over `now` does, per kind. */
export function restorePlan(now: SnapshotContent, snapshot: SnapshotContent): RestorePlan[] {
  return diffSnapshots(now, snapshot).map((d) => ({
    kind: d.kind,
    recreate: d.added,
    update: d.changed,
    keep: d.removed,
  }));
}

/**
 * A snapshot's content read back from its JSON (an export, a stored row): null when it is not one
 * (a missing kind, a record without a key or name, a field that is not a kept value).
 */
export function parseSnapshotContent(value: unknown): SnapshotContent | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const source = value as Record<string, unknown>;
  const content = {} as Record<VersionedKindName, SnapshotRecord[]>;
  for (const { kind } of VERSIONED_KINDS) {
    const records = source[kind];
    if (!Array.isArray(records)) return null;
    const list: SnapshotRecord[] = [];
    for (const record of records as unknown[]) {
      if (typeof record !== 'object' || record === null) return null;
      const { key, name, fields } = record as Record<string, unknown>;
      if (typeof key !== 'string' || typeof name !== 'string') return null;
      if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null;
      if (!Object.values(fields).every(isValue)) return null;
      list.push({ key, name, fields: fields as Record<string, SnapshotValue> });
    }
    content[kind] = list;
  }
  return content;
}

/** The most a snapshot's note may hold. */
export const SNAPSHOT_NOTE_MAX = 200;

/** What is wrong with a snapshot's note, or null. */
export function snapshotNoteProblem(note: unknown): string | null {
  if (typeof note !== 'string') return 'must be text';
  if (note.length > SNAPSHOT_NOTE_MAX) return `must be at most ${SNAPSHOT_NOTE_MAX} characters`;
  return null;
}
