// Sign-in throttling, counted in the database so the limit is exact across the workers of one
// server and across every instance on one PostgreSQL (OWASP ASVS 6.3).
//
// Three counters, each a row of `loginAttempts`:
// - `pair:<username>|<address>`: 5 attempts free, then progressive waits (30 s, 1, 2, 4, 8 min,
//   then 15 min each) — the limit an attacker at one address meets;
// - `user:<username>`: a global ceiling of 100 attempts, then waits from 1 min up; an address that
//   signed in to this username successfully in the last 30 days is exempt, so the ceiling cannot be
//   used to lock the owner out;
// - `addr:<address>`: 50 attempts over any usernames (password spraying), then waits from 1 min up.
//
// An attempt is *reserved* before the password is checked, in one atomic upsert per counter (no
// check-then-act race: 40 parallel guesses get exactly 5 password checks). A success gives the
// reservation back: it clears that username's counters (pair and global) and returns one attempt
// to the address counter, which a success never resets. A counter idle for an hour starts over.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface CounterRule {
  /** Attempts allowed before the first wait. */
  free: number;
  /** The first wait (ms); each later attempt doubles it, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export interface ThrottleRules {
  pair: CounterRule;
  user: CounterRule;
  address: CounterRule;
  /** A counter idle this long starts over. */
  resetAfterMs: number;
  /** How long a successful sign-in exempts its address from the per-username ceiling. */
  knownAddressMs: number;
}

export const DEFAULT_THROTTLE_RULES: ThrottleRules = {
  pair: { free: 5, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000 },
  user: { free: 100, firstDelayMs: 60_000, maxDelayMs: 15 * 60_000 },
  address: { free: 50, firstDelayMs: 60_000, maxDelayMs: 15 * 60_000 },
  resetAfterMs: 60 * 60_000,
  knownAddressMs: 30 * 24 * 60 * 60_000,
};

/** The reservation of one sign-in attempt: give it back on success. */
export interface Reservation {
  readonly username: string;
  readonly address: string;
}

export type ReserveResult =
  { allowed: true; reservation: Reservation } | { allowed: false; retryAfterSeconds: number };

type Db = Kysely<Database>;

function normalise(username: string): string {
  return username.normalize('NFC').toLowerCase();
}

const bigint = (value: number): RawBuilder<number> =>
  sql<number>`cast(${Math.round(value)} as bigint)`;

/** The wait after attempt number `k` (SQL), given the rule: 0 while k < free. */
function delayAfter(k: RawBuilder<number>, rule: CounterRule): RawBuilder<number> {
  const steps: Array<RawBuilder<unknown>> = [];
  for (
    let step = 0, delay = rule.firstDelayMs;
    delay < rule.maxDelayMs && step < 20;
    step += 1, delay *= 2
  ) {
    steps.push(sql`when ${k} = ${rule.free + step} then ${bigint(delay)}`);
  }
  return sql<number>`case when ${k} < ${rule.free} then ${bigint(0)} ${sql.join(steps, sql` `)} else ${bigint(rule.maxDelayMs)} end`;
}

export class LoginThrottle {
  private prunes = 0;

  constructor(
    private readonly db: Db,
    private readonly rules: ThrottleRules = DEFAULT_THROTTLE_RULES,
  ) {}

  /**
   * Counts one attempt of `key` if it is allowed now, atomically. Answers whether it was counted
   * and, when not, the milliseconds until it would be.
   */
  private async take(
    key: string,
    rule: CounterRule,
    now: number,
  ): Promise<{ counted: boolean; waitMs: number }> {
    const nonce = randomUUID();
    const row = sql.ref('loginAttempts');
    const stale = sql`${row}."lastAt" < ${bigint(now - this.rules.resetAfterMs)}`;
    // A wait is set only when blockedUntil passed the last attempt's time (a free attempt leaves it
    // equal): a request whose clock reading is a little older than the row's is not mistaken for one.
    const blocked = sql`(${row}."blockedUntil" > ${bigint(now)} and ${row}."blockedUntil" > ${row}."lastAt")`;
    const next = sql<number>`(${row}."attempts" + 1)`;
    const result = await sql<{ attempts: number; blockedUntil: number; nonce: string }>`
      insert into "loginAttempts" ("key", "attempts", "lastAt", "blockedUntil", "nonce")
      values (${key}, 1, ${bigint(now)}, ${bigint(now)} + ${delayAfter(sql`1`, rule)}, ${nonce})
      on conflict ("key") do update set
        "attempts" = case when ${stale} then 1 when ${blocked} then ${row}."attempts" else ${next} end,
        "blockedUntil" = case when ${stale} then ${bigint(now)} + ${delayAfter(sql`1`, rule)} when ${blocked} then ${row}."blockedUntil" else ${bigint(now)} + ${delayAfter(next, rule)} end,
        "lastAt" = case when ${stale} or not (${blocked}) then ${bigint(now)} else ${row}."lastAt" end,
        "nonce" = case when ${stale} or not (${blocked}) then ${nonce} else ${row}."nonce" end
      returning "attempts", "blockedUntil", "nonce"`.execute(this.db);
    const stored = result.rows[0];
    if (!stored) return { counted: false, waitMs: rule.maxDelayMs };
    return {
      counted: stored.nonce === nonce,
      waitMs: Math.max(0, Number(stored.blockedUntil) - now),
    };
  }

  /** Gives back one counted attempt of `key` (its wait is lifted once below the free attempts). */
  private async giveBack(key: string, rule: CounterRule): Promise<void> {
    await sql`
      update "loginAttempts" set
        "attempts" = "attempts" - 1,
        "blockedUntil" = case when "attempts" - 1 < ${rule.free} then ${bigint(0)} else "blockedUntil" end
      where "key" = ${key} and "attempts" > 0`.execute(this.db);
  }

  private keys(username: string, address: string) {
    const user = normalise(username);
    return {
      pair: `pair:${user}|${address}`,
      user: `user:${user}`,
      address: `addr:${address}`,
      known: `ok:${user}|${address}`,
    };
  }

  /** Reserves one attempt for (username, address), or says how long to wait. */
  async reserve(username: string, address: string, now = Date.now()): Promise<ReserveResult> {
    await this.maybePrune(now);
    const keys = this.keys(username, address);
    const taken: Array<[string, CounterRule]> = [];
    const refuse = async (waitMs: number): Promise<ReserveResult> => {
      for (const [key, rule] of taken) await this.giveBack(key, rule);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    };
    const pair = await this.take(keys.pair, this.rules.pair, now);
    if (!pair.counted) return refuse(pair.waitMs);
    taken.push([keys.pair, this.rules.pair]);
    const byAddress = await this.take(keys.address, this.rules.address, now);
    if (!byAddress.counted) return refuse(byAddress.waitMs);
    taken.push([keys.address, this.rules.address]);
    const byUser = await this.take(keys.user, this.rules.user, now);
    if (byUser.counted) taken.push([keys.user, this.rules.user]);
    else if (!(await this.isKnownAddress(keys.known, now))) return refuse(byUser.waitMs);
    return { allowed: true, reservation: { username, address } };
  }

  /** A wrong password: the reservation stays counted. */
  failed(_reservation: Reservation): void {
    // Nothing to do: the attempt was counted when it was reserved.
  }

  /** A successful sign-in: clears this username's counters, gives the address its attempt back. */
  async succeeded(reservation: Reservation, now = Date.now()): Promise<void> {
    const keys = this.keys(reservation.username, reservation.address);
    await this.db.deleteFrom('loginAttempts').where('key', 'in', [keys.pair, keys.user]).execute();
    await this.giveBack(keys.address, this.rules.address);
    await this.db
      .insertInto('loginAttempts')
      .values({ key: keys.known, attempts: 0, lastAt: now, blockedUntil: 0, nonce: '' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ lastAt: now }))
      .execute();
  }

  private async isKnownAddress(key: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('loginAttempts')
      .select('lastAt')
      .where('key', '=', key)
      .executeTakeFirst();
    return row !== undefined && now - Number(row.lastAt) < this.rules.knownAddressMs;
  }

  /** Now and then, forgets counters idle past their reset and known addresses past their term. */
  private async maybePrune(now: number): Promise<void> {
    this.prunes += 1;
    if (this.prunes % 500 !== 1) return;
    await this.db
      .deleteFrom('loginAttempts')
      .where((eb) =>
        eb.or([
          eb.and([eb('key', 'not like', 'ok:%'), eb('lastAt', '<', now - this.rules.resetAfterMs)]),
          eb('lastAt', '<', now - this.rules.knownAddressMs),
        ]),
      )
      .execute();
  }
}
