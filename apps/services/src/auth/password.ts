// scrypt password hashes: `scrypt$N$r$p$salt$hash` (base64url), so parameters can change later.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

// A real hash of a random password: unknown users are checked against it so that an unknown
// username costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** Constant-time check of `password` against `stored`; `stored` undefined still spends the scrypt time. */
export async function verifyPassword(
  password: string,
  stored: string | undefined | null,
): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const target = stored ?? (await dummyHash);
  const parts = target.split('$');
  const [scheme, n, r, p, salt, hash] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) {
    await derive(password, randomBytes(16), N, R, P);
    return false;
  }
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
  );
  const same = expected.length === actual.length && timingSafeEqual(expected, actual);
  return same && stored !== undefined && stored !== null;
}
