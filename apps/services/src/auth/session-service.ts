// Sessions: random tokens stored hashed, sliding expiry of the tenant's `sessionTimeout` minutes.
// Lookups are served from memory (a few seconds at most) so whoami does not hit the database on
// every request; logout removes the entry at once.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError, NOT_AUTHENTICATED, SESSION_EXPIRED } from '../http/http-error.ts';
import type { Caller, Directory, UserRow } from './directory.ts';
import { LoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './password.ts';
import { createToken, hashToken } from './token.ts';

interface CachedSession {
  id: number;
  userId: number;
  lastUsedAt: number;
  writtenAt: number;
  timeoutMs: number;
  checkedAt: number;
}

const CACHE_TTL_MS = 5_000;
const TOUCH_EVERY_MS = 5_000;
const DEFAULT_TIMEOUT_MINUTES = 30;

export interface Credentials {
  username?: string;
  password?: string;
  apiKey?: string;
  token?: string;
}

export class SessionService {
  private cache = new Map<string, CachedSession>();
  readonly throttle: LoginThrottle;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly directory: Directory,
    private readonly now: () => number = Date.now,
    throttle?: LoginThrottle,
  ) {
    this.throttle = throttle ?? new LoginThrottle();
  }

  private async timeoutMsFor(user: UserRow): Promise<number> {
    const fields = await this.directory.inheritedGroupFields(user.groupId);
    const minutes = Number.parseInt(fields.get('sessionTimeout')?.value ?? '', 10);
    return (Number.isFinite(minutes) && minutes > 0 ? Math.min(minutes, 60 * 24 * 30) : DEFAULT_TIMEOUT_MINUTES) * 60_000;
  }

  /** Checks credentials and opens a session. Throws 401 (same message for every failure) or 429. */
  async login(credentials: Credentials, address: string): Promise<{ token: string; user: UserRow }> {
    if (credentials.token !== undefined) return this.loginWithToken(credentials.token);
    const throttleKey = credentials.username ?? `apikey:${hashToken(credentials.apiKey ?? '').slice(0, 16)}`;
    const wait = this.throttle.retryAfter(throttleKey, address, this.now());
    if (wait > 0) throw new HttpError(429, 'Too many failed sign-in attempts; try again later', undefined, { 'Retry-After': String(wait) });
    let user: UserRow | undefined;
    let ok = false;
    if (credentials.apiKey !== undefined) {
      user = await this.db.selectFrom('users').selectAll().where('apiKeyHash', '=', hashToken(credentials.apiKey)).executeTakeFirst();
      ok = user !== undefined;
    } else {
      user = await this.db.selectFrom('users').selectAll().where('username', '=', credentials.username ?? '').executeTakeFirst();
      ok = await verifyPassword(credentials.password ?? '', user?.passwordHash);
    }
    if (!ok || !user || user.archived) {
      this.throttle.fail(throttleKey, address, this.now());
      throw new HttpError(401, 'Invalid username or password');
    }
    this.throttle.succeed(throttleKey, address);
    return { token: await this.open(user), user };
  }

  private async loginWithToken(token: string): Promise<{ token: string; user: UserRow }> {
    const caller = await this.authenticate(token);
    return { token, user: caller.user };
  }

  private async open(user: UserRow): Promise<string> {
    const token = createToken();
    const now = this.now();
    const timeoutMs = await this.timeoutMsFor(user);
    await this.db.insertInto('sessions').values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, lastUsedAt: now, timeoutMs }).execute();
    return token;
  }

  /** Resolves a token to its caller and slides its expiry. Throws 401 with the platform's messages. */
  async authenticate(token: string | undefined): Promise<Caller> {
    if (!token || token.length > 512) throw new HttpError(401, NOT_AUTHENTICATED);
    const tokenHash = hashToken(token);
    const now = this.now();
    let session = this.cache.get(tokenHash);
    if (!session || now - session.checkedAt > CACHE_TTL_MS) {
      const row = await this.db.selectFrom('sessions').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
      if (!row) {
        this.cache.delete(tokenHash);
        throw new HttpError(401, NOT_AUTHENTICATED);
      }
      const lastUsedAt = Math.max(row.lastUsedAt, session?.lastUsedAt ?? 0);
      session = { id: row.id, userId: row.userId, lastUsedAt, writtenAt: row.lastUsedAt, timeoutMs: row.timeoutMs, checkedAt: now };
      if (this.cache.size > 100_000) this.cache.clear();
      this.cache.set(tokenHash, session);
    }
    if (now - session.lastUsedAt > session.timeoutMs) {
      this.cache.delete(tokenHash);
      await this.db.deleteFrom('sessions').where('id', '=', session.id).execute();
      throw new HttpError(401, SESSION_EXPIRED);
    }
    const caller = await this.directory.caller(session.userId);
    if (!caller) {
      this.cache.delete(tokenHash);
      throw new HttpError(401, NOT_AUTHENTICATED);
    }
    session.lastUsedAt = now;
    if (now - session.writtenAt >= TOUCH_EVERY_MS) {
      session.writtenAt = now;
      await this.db.updateTable('sessions').set({ lastUsedAt: now }).where('id', '=', session.id).execute();
    }
    return caller;
  }

  /** Ends the session of `token` (idempotent). */
  async logout(token: string): Promise<void> {
    const tokenHash = hashToken(token);
    this.cache.delete(tokenHash);
    await this.db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
  }

  /** Ends every session of a user (after a password change or archive). */
  async logoutUser(userId: number): Promise<void> {
    for (const [key, session] of this.cache) if (session.userId === userId) this.cache.delete(key);
    await this.db.deleteFrom('sessions').where('userId', '=', userId).execute();
  }
}
