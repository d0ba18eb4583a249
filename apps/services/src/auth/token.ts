// Session tokens and API keys: 256 random bits, stored only as a SHA-256 hash.
import { createHash, randomBytes } from 'node:crypto';

/** A new random token (256 bits, base64url). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token. A fast hash is enough: the token itself has 256 bits of entropy. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
