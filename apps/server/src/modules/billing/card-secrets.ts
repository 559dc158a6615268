import { randomInt } from 'node:crypto';
import { CARD_ALPHABET, cardCheckChar } from '@hmi/domain';
import { hmac, safeEqualHex } from '../../lib/crypto.ts';

/** `length` symbols of CARD_ALPHABET from the CSPRNG. */
export function randomSymbols(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CARD_ALPHABET[randomInt(0, CARD_ALPHABET.length)];
  return out;
}

/**
 * A card number: the batch's 4-symbol prefix, 7 random symbols, the check symbol over those 7
 * (12 symbols; the user types the last 8, the check symbol included).
 */
export function cardNumber(prefix: string): string {
  const body = randomSymbols(7);
  return `${prefix}${body}${cardCheckChar(body)!}`;
}

/** A card password: 8 random symbols (40 bits). */
export const cardPassword = (): string => randomSymbols(8);

/**
 * The stored form of a card's password: HMAC-SHA256 keyed with the pepper (CARD_PEPPER, outside
 * the database) over the card's tail and the password, so equal passwords of two cards differ
 * and a stolen database alone checks nothing. Case does not matter (cards print upper case).
 */
export const cardPasswordHash = (pepper: Uint8Array, tail: string, password: string): string =>
  hmac(pepper, `${tail}:${password.trim().toUpperCase()}`);

/** Constant-time check of a typed password against the stored hash. */
export const cardPasswordMatches = (
  pepper: Uint8Array,
  tail: string,
  password: string,
  hash: string,
): boolean => safeEqualHex(cardPasswordHash(pepper, tail, password), hash);
