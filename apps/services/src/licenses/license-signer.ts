// The license signing key and the Ed25519 signature of license texts (node:crypto). The key is the
// server's alone: `LICENSE_SIGNING_KEY` (an Ed25519 private key, PKCS#8 PEM or its base64 DER) when
// configured, else one generated at the first start and kept in the database (`meta`), so every
// instance on one database signs and verifies with the same key. It never leaves the server: only
// the public key is published (GET /license/publicKey).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  canonicalLicenseJson,
  licenseText,
  readLicensePayload,
  signedLicensePart,
  splitLicenseText,
} from '@portico/core';
import type { LicensePayload } from '@portico/core';
import type { Database } from '../db/schema.ts';

const META_KEY = 'licenseSigningKey';

/** An Ed25519 private key from its PKCS#8 PEM or base64 DER text; throws naming what is wrong. */
export function readSigningKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----')
      ? createPrivateKey(trimmed)
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('LICENSE_SIGNING_KEY is not a PKCS#8 private key (PEM, or base64 DER)');
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(
      `LICENSE_SIGNING_KEY is an ${String(key.asymmetricKeyType)} key: Ed25519 expected`,
    );
  return key;
}

export interface PublishedKey {
  algorithm: 'Ed25519';
  /** SPKI PEM. */
  publicKey: string;
  /** The SHA-256 of the public key's DER, hex, first 16 characters. */
  keyId: string;
}

export class LicenseSigner {
  private readonly configured: KeyObject | undefined;
  private loading: Promise<KeyObject> | undefined;

  /** `configuredKey`: LICENSE_SIGNING_KEY's text; a bad one throws here, at start. */
  constructor(
    private readonly db: Kysely<Database>,
    configuredKey?: string,
  ) {
    this.configured = configuredKey ? readSigningKey(configuredKey) : undefined;
  }

  private privateKey(): Promise<KeyObject> {
    if (this.configured) return Promise.resolve(this.configured);
    this.loading ??= this.loadOrCreate().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async loadOrCreate(): Promise<KeyObject> {
    const stored = await this.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', META_KEY)
      .executeTakeFirst();
    if (stored) return readSigningKey(stored.value);
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    // two instances starting at once: the first key written wins, both read it back
    await this.db
      .insertInto('meta')
      .values({ key: META_KEY, value: pem })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const kept = await this.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', META_KEY)
      .executeTakeFirstOrThrow();
    return readSigningKey(kept.value);
  }

  async publishedKey(): Promise<PublishedKey> {
    const publicKey = createPublicKey(await this.privateKey());
    const der = publicKey.export({ format: 'der', type: 'spki' });
    return {
      algorithm: 'Ed25519',
      publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    };
  }

  /** The license text of `payload`, signed. */
  async sign(payload: LicensePayload): Promise<string> {
    const segment = Buffer.from(canonicalLicenseJson(payload), 'utf8').toString('base64url');
    const signature = sign(null, Buffer.from(signedLicensePart(segment)), await this.privateKey());
    return licenseText(segment, signature.toString('base64url'));
  }

  /**
   * The payload of a license text this server signed, or why it is not one: not a license text,
   * a signature that does not match (a tampered text, or another server's), a payload of another
   * format. Whose it is and whether it expired is the caller's question (core's licenseRefusal).
   */
  async verify(text: string): Promise<{ payload: LicensePayload } | { problem: string }> {
    const split = splitLicenseText(text);
    if ('problem' in split) return split;
    const signature = Buffer.from(split.signature, 'base64url');
    const publicKey = createPublicKey(await this.privateKey());
    // one text per signature: a base64url text whose unused last bits differ reads as the same
    // bytes, and would pass as the same signature
    const genuine =
      signature.length === 64 &&
      signature.toString('base64url') === split.signature &&
      verify(null, Buffer.from(signedLicensePart(split.payload)), publicKey, signature);
    if (!genuine)
      return {
        problem: 'has a signature that does not match: it was changed, or signed by another server',
      };
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(split.payload, 'base64url').toString('utf8'));
    } catch {
      return { problem: 'has a payload that is not JSON' };
    }
    return readLicensePayload(decoded);
  }
}
