// Sessions: random tokens stored hashed, sliding expiry of the tenant's `sessionTimeout` minutes.
// Lookups are served from memory (a few seconds at most) so whoami does not hit the database on
// every request. Logout, and any change to users or roles, reach the caches of every worker through
// the cache bus before the answer goes out (see cluster/cache-bus.ts).
import type { Kysely } from 'kysely';
import { BoundedCache } from '../cache/bounded-cache.ts';
import { LocalCacheBus } from '../cluster/cache-bus.ts';
import type { CacheBus } from '../cluster/cache-bus.ts';
import type { Database } from '../db/schema.ts';
import { AuthError, NOT_AUTHENTICATED, PASSWORD_EXPIRED, SESSION_EXPIRED } from './auth-error.ts';
import type { Caller, Directory, UserRow } from './directory.ts';
import { LoginThrottle } from './login-throttle.ts';
import { appendAudit, auditActor } from '../audit/audit-log.ts';
import type { AuditOrigin } from '../audit/audit-log.ts';
import { verifyPassword } from './password.ts';
import { findUserByName } from './usernames.ts';
import { createToken, hashToken } from './token.ts';
import { ApiKeyService } from './api-keys.ts';

interface CachedSession {
  id: number;
  userId: number;
  /** Opened with this API key: the session carries its scope and ends with it. */
  apiKeyId: number | null;
  lastUsedAt: number;
  writtenAt: number;
  timeoutMs: number;
  checkedAt: number;
}

const CACHE_TTL_MS = 5_000;
const MAX_CACHED_SESSIONS = 100_000;
const TOUCH_EVERY_MS = 5_000;
const DEFAULT_TIMEOUT_MINUTES = 30;

export interface Credentials {
  username?: string;
  password?: string;
  apiKey?: string;
  token?: string;
}

export class SessionService {
  // No time to live here: an entry older than CACHE_TTL_MS is re-read, but its last use (written to
  // the database only every TOUCH_EVERY_MS) still counts.
  private cache = new BoundedCache<string, CachedSession>({
    name: 'sessions',
    max: MAX_CACHED_SESSIONS,
  });
  readonly throttle: LoginThrottle;
  /** Told of each session cache lookup (metrics: hit ratios). */
  onLookup: ((cache: string, hit: boolean) => void) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly directory: Directory,
    private readonly bus: CacheBus = new LocalCacheBus(),
    private readonly now: () => number = Date.now,
    throttle?: LoginThrottle,
    keys?: ApiKeyService,
  ) {
    this.throttle = throttle ?? new LoginThrottle(db);
    this.keys = keys ?? new ApiKeyService(db, directory, now);
  }

  /** The personal API keys (`api_key` header, `{apiKey}` sign-in). */
  readonly keys: ApiKeyService;

  /** Drops the cached sessions opened with API key `id` (revoked here or elsewhere). */
  forgetKeySessions(id: number): void {
    this.cache.deleteWhere((session) => session.apiKeyId === id);
  }

  /** Drops one cached session (a logout here or in another worker). */
  forget(tokenHash: string): void {
    this.cache.delete(tokenHash);
  }

  /** Drops every cached session: each is read again from the database on its next use. */
  forgetAll(): void {
    this.cache.clear();
  }

  private async timeoutMsFor(user: UserRow): Promise<number> {
    const fields = await this.directory.inheritedGroupFields(user.groupId);
    const minutes = Number.parseInt(fields.get('sessionTimeout')?.value ?? '', 10);
    return (
      (Number.isFinite(minutes) && minutes > 0
        ? Math.min(minutes, 60 * 24 * 30)
        : DEFAULT_TIMEOUT_MINUTES) * 60_000
    );
  }

  /**
   * Checks credentials and opens a session. Throws AuthError: INVALID_CREDENTIALS (same message for every
   * failure), THROTTLED when the attempt is throttled, or PASSWORD_EXPIRED. The attempt
   * is counted before the password is checked (auth/login-throttle.ts).
   */
  async login(
    credentials: Credentials,
    address: string,
    requestId = '',
  ): Promise<{ token: string; user: UserRow }> {
    if (credentials.token !== undefined) return this.loginWithToken(credentials.token);
    const origin: AuditOrigin = { address, requestId };
    const failed = async (reason: string, user: UserRow | undefined) => {
      const tenant = user ? await this.directory.tenantOf(user.groupId) : null;
      await appendAudit(this.db, origin, {
        action: 'login.failed',
        resource: 'session',
        recordId: user?.id ?? null,
        recordName: user?.username ?? '',
        tenantId: tenant?.id ?? null,
        actorId: null,
        actorName: credentials.username ?? 'API key',
        changes: [{ field: 'reason', after: reason }],
      });
    };
    const throttleKey =
      credentials.username ?? `apikey:${hashToken(credentials.apiKey ?? '').slice(0, 16)}`;
    const attempt = await this.throttle.reserve(throttleKey, address, this.now());
    if (!attempt.allowed) {
      const seconds = attempt.retryAfterSeconds;
      await failed('throttled', undefined);
      throw new AuthError(
        'THROTTLED',
        `Too many sign-in attempts: try again in ${seconds} seconds`,
        seconds,
      );
    }
    let user: UserRow | undefined;
    let ok = false;
    let apiKey: { id: number; name: string } | undefined;
    if (credentials.apiKey !== undefined) {
      const keyId = await this.keys.idOfKey(credentials.apiKey);
      const caller =
        keyId === undefined ? undefined : await this.keys.callerOf(keyId).catch(() => undefined);
      if (caller && keyId !== undefined) {
        user = caller.user;
        ok = true;
        const row = await this.db
          .selectFrom('apiKeys')
          .select(['name'])
          .where('id', '=', keyId)
          .executeTakeFirst();
        apiKey = { id: keyId, name: row?.name ?? '' };
      }
    } else {
      user = await findUserByName(this.db, credentials.username ?? '');
      ok = await verifyPassword(credentials.password ?? '', user?.passwordHash);
    }
    if (!ok || !user || user.archived) {
      this.throttle.failed(attempt.reservation);
      await failed(user?.archived ? 'archived' : 'invalid credentials', user);
      throw new AuthError('INVALID_CREDENTIALS', 'Invalid username or password');
    }
    await this.throttle.succeeded(attempt.reservation, this.now());
    // Checked only after the right password, so the answer tells nothing to someone guessing.
    if (
      credentials.apiKey === undefined &&
      user.passwordExpirationTime !== null &&
      user.passwordExpirationTime <= this.now()
    ) {
      await failed('password expired', user);
      throw new AuthError('PASSWORD_EXPIRED', PASSWORD_EXPIRED);
    }
    return {
      token: await this.open(user, apiKey ? { ...origin, apiKeyId: apiKey.id } : origin, apiKey),
      user,
    };
  }

  /**
   * The platform's `{ token }` login: the session of a token still alive is extended (its last use
   * is now, written at once rather than on the next periodic touch) and takes the tenant's current
   * `sessionTimeout`, so a timeout changed by an administrator applies from the next extension. An
   * expired or unknown token is refused as any request with it is.
   */
  private async loginWithToken(token: string): Promise<{ token: string; user: UserRow }> {
    const caller = await this.authenticate(token);
    const tokenHash = hashToken(token);
    const now = this.now();
    const timeoutMs = await this.timeoutMsFor(caller.user);
    await this.db
      .updateTable('sessions')
      .set({ lastUsedAt: now, timeoutMs })
      .where('tokenHash', '=', tokenHash)
      .execute();
    const cached = this.cache.get(tokenHash);
    if (cached) {
      cached.lastUsedAt = now;
      cached.writtenAt = now;
      cached.timeoutMs = timeoutMs;
    }
    // another worker's copy is at most CACHE_TTL_MS old, and one past its timeout reads the stored
    // last use before refusing (authenticate)
    return { token, user: caller.user };
  }

  private async open(
    user: UserRow,
    origin: AuditOrigin,
    apiKey?: { id: number; name: string },
  ): Promise<string> {
    const token = createToken();
    const now = this.now();
    const timeoutMs = await this.timeoutMsFor(user);
    const tenant = await this.directory.tenantOf(user.groupId);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sessions')
        .values({
          tokenHash: hashToken(token),
          userId: user.id,
          createdAt: now,
          lastUsedAt: now,
          timeoutMs,
          apiKeyId: apiKey?.id ?? null,
        })
        .execute();
      await appendAudit(trx, origin, {
        action: 'login',
        resource: 'session',
        recordId: user.id,
        recordName: user.username,
        tenantId: tenant?.id ?? null,
        actorId: user.id,
        actorName: user.username,
        ...(apiKey
          ? {
              changes: [
                { field: 'keyId', after: apiKey.id },
                { field: 'keyName', after: apiKey.name },
              ],
            }
          : {}),
      });
    });
    return token;
  }

  /**
   * The caller of `token` without waiting, when all that decides it is in memory and current: the
   * session read from the database less than CACHE_TTL_MS ago, not past its timeout, no write of
   * its last use due, and the directory's caller cached (a logout, a change to users or roles, or
   * the TTL empties these caches). Slides the expiry as {@link authenticate} does. Otherwise
   * undefined (so too for a missing or unknown token): then {@link authenticate} decides, reading
   * the database. whoami's hot path: no promise, no await per request.
   */
  authenticateCached(token: string | undefined): Caller | undefined {
    if (!token || token.length > 512) return undefined;
    const tokenHash = hashToken(token);
    const session = this.cache.get(tokenHash);
    if (session === undefined) return undefined;
    const now = this.now();
    if (
      now - session.checkedAt > CACHE_TTL_MS ||
      now - session.lastUsedAt > session.timeoutMs ||
      now - session.writtenAt >= TOUCH_EVERY_MS
    )
      return undefined;
    const caller =
      session.apiKeyId === null
        ? this.directory.cachedCaller(session.userId)
        : this.keys.cachedCallerOf(session.apiKeyId);
    if (caller === undefined) return undefined;
    this.onLookup?.('sessions', true);
    session.lastUsedAt = now;
    return caller;
  }

  /** Resolves a token to its caller and slides its expiry. Throws AuthError (NOT_AUTHENTICATED, SESSION_EXPIRED) with the platform's messages. */
  async authenticate(token: string | undefined): Promise<Caller> {
    if (!token || token.length > 512) throw new AuthError('NOT_AUTHENTICATED', NOT_AUTHENTICATED);
    const tokenHash = hashToken(token);
    const now = this.now();
    let session = this.cache.get(tokenHash);
    this.onLookup?.('sessions', session !== undefined && now - session.checkedAt <= CACHE_TTL_MS);
    if (!session || now - session.checkedAt > CACHE_TTL_MS) {
      const row = await this.db
        .selectFrom('sessions')
        .selectAll()
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) {
        this.cache.delete(tokenHash);
        throw new AuthError('NOT_AUTHENTICATED', NOT_AUTHENTICATED);
      }
      const lastUsedAt = Math.max(row.lastUsedAt, session?.lastUsedAt ?? 0);
      session = {
        id: row.id,
        userId: row.userId,
        apiKeyId: row.apiKeyId === null ? null : Number(row.apiKeyId),
        lastUsedAt,
        writtenAt: row.lastUsedAt,
        timeoutMs: row.timeoutMs,
        checkedAt: now,
      };
      this.cache.set(tokenHash, session);
    }
    if (now - session.lastUsedAt > session.timeoutMs) {
      // Another worker may have seen the session used since this one last read it: decide on the
      // stored time, not only on this cache.
      const stored = await this.db
        .selectFrom('sessions')
        .select('lastUsedAt')
        .where('id', '=', session.id)
        .executeTakeFirst();
      if (stored && now - stored.lastUsedAt <= session.timeoutMs) {
        session.lastUsedAt = stored.lastUsedAt;
        session.writtenAt = stored.lastUsedAt;
      } else {
        this.cache.delete(tokenHash);
        await this.db.deleteFrom('sessions').where('id', '=', session.id).execute();
        throw stored
          ? new AuthError('SESSION_EXPIRED', SESSION_EXPIRED)
          : new AuthError('NOT_AUTHENTICATED', NOT_AUTHENTICATED);
      }
    }
    const caller =
      session.apiKeyId === null
        ? await this.directory.caller(session.userId)
        : await this.keys.callerOf(session.apiKeyId).catch(() => undefined);
    if (!caller) {
      this.cache.delete(tokenHash);
      throw new AuthError('NOT_AUTHENTICATED', NOT_AUTHENTICATED);
    }
    session.lastUsedAt = now;
    if (now - session.writtenAt >= TOUCH_EVERY_MS) {
      session.writtenAt = now;
      await this.db
        .updateTable('sessions')
        .set({ lastUsedAt: now })
        .where('id', '=', session.id)
        .execute();
    }
    return caller;
  }

  /**
   * Ends the session of `token` (idempotent), in every worker, before resolving; with `caller`, the
   * sign-out is audited in the same transaction.
   */
  async logout(token: string, caller?: Caller, origin?: AuditOrigin): Promise<void> {
    const tokenHash = hashToken(token);
    await this.db.transaction().execute(async (trx) => {
      const ended = await trx
        .deleteFrom('sessions')
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      if (caller && origin && Number(ended.numDeletedRows) > 0)
        await appendAudit(trx, origin, {
          action: 'logout',
          resource: 'session',
          recordId: caller.user.id,
          recordName: caller.user.username,
          tenantId: caller.tenant?.id ?? null,
          ...auditActor(caller),
        });
    });
    await this.bus.publish({ type: 'logout', tokenHash });
  }

  /**
   * Deletes every session of a user (after a password change or archive), inside the caller's
   * transaction when one is given. The caches learn it from the `directory` event that the write
   * publishes after its commit: publishing earlier would let another worker re-read the rows before
   * they are gone.
   */
  async deleteSessionsOf(userId: number, writer: Kysely<Database> = this.db): Promise<void> {
    this.cache.deleteWhere((session) => session.userId === userId);
    await writer.deleteFrom('sessions').where('userId', '=', userId).execute();
  }
}
