// Session tokens and API keys: 256 random bits, stored only as a SHA-256 hash.
import { hash, randomBytes, randomFillSync } from 'node:crypto';

/** A new random token (256 bits, base64url). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The stored form of a token. A fast hash is enough: the token itself has 256 bits of entropy.
 * Every authenticated request hashes its token: the one-shot `hash` costs a quarter of a Hash object.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

const XSRF_BYTES = 24;
const pool = Buffer.alloc(XSRF_BYTES * 256);
let poolOffset = pool.length;

/**
 * A new XSRF-TOKEN value (192 random bits, base64url). Every answer to a client without the cookie
 * carries one, so they are cut from a pool refilled 256 at a time from the CSPRNG rather than
 * asking it once per response; each slice is used once.
 */
export function createXsrfToken(): string {
  if (poolOffset + XSRF_BYTES > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const token = pool.toString('base64url', poolOffset, poolOffset + XSRF_BYTES);
  poolOffset += XSRF_BYTES;
  return token;
}
