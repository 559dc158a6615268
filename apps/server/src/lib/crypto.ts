import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque random token (refresh tokens, activation links, session ids). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hmac = (key: Uint8Array, value: string): string =>
  createHmac('sha256', key).update(value).digest('hex');

/** Six decimal digits from the CSPRNG, leading zeros kept. */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const safeEqualHex = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
