// Personal API keys. A key is 256 random bits shown once to its owner; the database holds only its
// SHA-256 (auth/token.ts), its name, a short prefix to tell keys apart, the permissions it carries (a
// subset of its owner's when created: policies/authority-policy.ts), an expiry, its last use and its
// revocation. At every use the key's permissions are narrowed again to what its owner holds now, so
// a role taken from the owner is taken from the key as well.
//
// Keys are read from memory for a few seconds at most; a revocation reaches every worker and every
// instance through the cache bus (`apiKey` event) before its answer goes out, as a logout does.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createPermissionSet, missingGrants } from '@portico/core';
import { BoundedCache } from '../cache/bounded-cache.ts';
import type { Database } from '../db/schema.ts';
import { AuthError, NOT_AUTHENTICATED } from './auth-error.ts';
import type { Caller, Directory } from './directory.ts';
import { parseStringList, withAnything } from './directory.ts';
import { hashToken } from './token.ts';

/** Every key starts so: a scanner (or a person) can tell a Portico key from other secrets. */
export const API_KEY_PREFIX = 'ptk_';
/** How many characters of a key are stored and shown (the prefix and 8 random characters). */
export const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** A key lives at most a year (and a day, so "one year from today" always fits). */
export const MAX_KEY_LIFETIME_MS = 366 * 24 * 60 * 60 * 1000;
/** Keys a user may hold at once (revoked and expired ones do not count). */
export const MAX_KEYS_PER_USER = 50;
/** A key's last use is written at most this often (per key and process). */
export const LAST_USE_EVERY_MS = 60_000;
const CHECK_TTL_MS = 5_000;
const MAX_CACHED = 10_000;
const KEY_SHAPE = /^ptk_[A-Za-z0-9_-]{43}$/;

interface KeyState {
  id: number;
  userId: number;
  name: string;
  permissions: string[];
  expiresAt: number;
  revokedAt: number | null;
  lastUseWrittenAt: number;
  checkedAt: number;
}

/** A new key: `ptk_` and 32 random bytes in base64url. */
export function createApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The permissions of `scope` that `owner` still holds, with the derived `_anything` entries. */
export function narrowedPermissions(owner: Caller, scope: readonly string[]): string[] {
  const kept = scope.filter(
    (permission) =>
      !permission.startsWith('_anything:') &&
      missingGrants(owner.permissions, [permission]).length === 0,
  );
  return withAnything([...new Set(kept)]);
}

export class ApiKeyService {
  private readonly states = new BoundedCache<number, KeyState>({
    name: 'api-keys',
    max: MAX_CACHED,
  });
  /** Hash → id: a key's hash never changes, only its state does. */
  private readonly ids = new BoundedCache<string, number>({ name: 'api-key-ids', max: MAX_CACHED });
  /** The narrowed caller of each (owner caller, key): a new owner caller (any change) builds anew. */
  private readonly narrowed = new WeakMap<Caller, Map<number, Caller>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly directory: Directory,
    private readonly now: () => number = Date.now,
  ) {}

  /** Drops one key's state (revoked here or in another process). */
  forget(id: number): void {
    this.states.delete(id);
  }

  forgetAll(): void {
    this.states.clear();
  }

  /** The id of the key `key`, or undefined when it is no key of ours. */
  async idOfKey(key: string): Promise<number | undefined> {
    if (!KEY_SHAPE.test(key)) return undefined;
    const keyHash = hashToken(key);
    const cached = this.ids.get(keyHash);
    if (cached !== undefined) return cached;
    const row = await this.db
      .selectFrom('apiKeys')
      .select(['id', 'keyHash'])
      .where('keyHash', '=', keyHash)
      .executeTakeFirst();
    // the index found it by equality; the comparison that decides is made in constant time
    if (!row || !sameHash(row.keyHash, keyHash)) return undefined;
    this.ids.set(keyHash, row.id);
    return row.id;
  }

  private async state(id: number): Promise<KeyState | undefined> {
    const now = this.now();
    const cached = this.states.get(id);
    if (cached && now - cached.checkedAt <= CHECK_TTL_MS) return cached;
    const epoch = this.states.epoch;
    const row = await this.db
      .selectFrom('apiKeys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) {
      this.states.delete(id);
      return undefined;
    }
    const state: KeyState = {
      id: row.id,
      userId: row.userId,
      name: row.name,
      permissions: parseStringList(row.permissions),
      expiresAt: Number(row.expiresAt),
      revokedAt: row.revokedAt === null ? null : Number(row.revokedAt),
      lastUseWrittenAt: Math.max(
        row.lastUsedAt === null ? 0 : Number(row.lastUsedAt),
        cached?.lastUseWrittenAt ?? 0,
      ),
      checkedAt: now,
    };
    this.states.set(id, state, epoch);
    return state;
  }

  private usable(state: KeyState | undefined, now: number): state is KeyState {
    return state !== undefined && state.revokedAt === null && state.expiresAt > now;
  }

  private narrow(owner: Caller, state: KeyState): Caller {
    let byKey = this.narrowed.get(owner);
    if (!byKey) {
      byKey = new Map();
      this.narrowed.set(owner, byKey);
    }
    const kept = byKey.get(state.id);
    // the key's permissions never change after creation; its state object may be re-read
    if (kept) return kept;
    const permissionList = narrowedPermissions(owner, state.permissions);
    const caller: Caller = {
      ...owner,
      permissions: createPermissionSet(permissionList),
      permissionList,
      apiKeyId: state.id,
    };
    byKey.set(state.id, caller);
    return caller;
  }

  /** Records a use: at most once a minute per key (and process). */
  private async touch(state: KeyState, now: number): Promise<void> {
    if (now - state.lastUseWrittenAt < LAST_USE_EVERY_MS) return;
    state.lastUseWrittenAt = now;
    await this.db
      .updateTable('apiKeys')
      .set({ lastUsedAt: now })
      .where('id', '=', state.id)
      .execute();
  }

  /**
   * The caller of key `id` (its owner, with the key's permissions), or 401 when the key is unknown,
   * revoked or expired, or its owner gone or archived. Records the use.
   */
  async callerOf(id: number): Promise<Caller> {
    const now = this.now();
    const state = await this.state(id);
    if (!this.usable(state, now)) throw new AuthError('NOT_AUTHENTICATED', NOT_AUTHENTICATED);
    const owner = await this.directory.caller(state.userId);
    if (!owner) throw new AuthError('NOT_AUTHENTICATED', NOT_AUTHENTICATED);
    await this.touch(state, now);
    return this.narrow(owner, state);
  }

  /** {@link callerOf} without waiting, when everything that decides it is in memory; else undefined. */
  cachedCallerOf(id: number): Caller | undefined {
    const now = this.now();
    const state = this.states.getIfCached(id);
    if (
      !this.usable(state, now) ||
      now - state.checkedAt > CHECK_TTL_MS ||
      now - state.lastUseWrittenAt >= LAST_USE_EVERY_MS
    )
      return undefined;
    const owner = this.directory.cachedCaller(state.userId);
    return owner ? this.narrow(owner, state) : undefined;
  }

  /** The caller of an `api_key` header: 401 for anything but a usable key. */
  async authenticate(key: string | undefined): Promise<Caller> {
    const id = key === undefined ? undefined : await this.idOfKey(key);
    if (id === undefined) throw new AuthError('NOT_AUTHENTICATED', NOT_AUTHENTICATED);
    return this.callerOf(id);
  }

  /** The cached id of a key, without waiting (the header's hot path). */
  cachedIdOfKey(key: string): number | undefined {
    return KEY_SHAPE.test(key) ? this.ids.getIfCached(hashToken(key)) : undefined;
  }
}
