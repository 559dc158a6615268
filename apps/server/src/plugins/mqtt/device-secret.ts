import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * Device secrets are hashed with scrypt. The cost is lower than for account passwords
 * (DESIGN section 8) on purpose: a secret is verified on every device connection, and a server
 * restart makes every device reconnect at once. N = 2^14, r = 8 takes 16 MiB and a few tens of
 * milliseconds; the format records the parameters so they can be raised later.
 */
const N_LOG2 = 14;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$14$8$1$<salt>$<hash>` (base64url). */
export async function hashDeviceSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, { N: 2 ** N_LOG2, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N_LOG2, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check of a secret against a stored hash; false for a malformed hash. */
export async function verifyDeviceSecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, nLog2, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !nLog2 || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const options = { N: 2 ** Number(nLog2), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 };
  const key = await derive(secret, Buffer.from(salt, 'base64url'), options);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
