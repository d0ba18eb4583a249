// Tokens: session tokens, their stored hash, and XSRF values cut from a random pool.
import { describe, expect, it } from 'vitest';
import { createToken, createXsrfToken, hashToken } from '../src/auth/token.ts';

describe('tokens', () => {
  it('session tokens carry 256 bits and are stored as a SHA-256 hash', () => {
    const token = createToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(Buffer.from(hashToken(token), 'base64url')).toHaveLength(32);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(hashToken(createToken()));
  });

  it('XSRF values are 192-bit, URL-safe and never repeat, across pool refills', () => {
    const seen = new Set<string>();
    // 256 values fill the pool once: 1,000 crosses three refills.
    for (let i = 0; i < 1000; i += 1) {
      const value = createXsrfToken();
      expect(value).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Buffer.from(value, 'base64url')).toHaveLength(24);
      seen.add(value);
    }
    expect(seen.size).toBe(1000);
  });
});
