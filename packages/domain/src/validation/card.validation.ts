import { invalid, VALID } from './validation-result.ts';
import { stringSchemaOf } from './zod-glue.ts';
import type { ValidationResult } from './validation-result.ts';

const CARD_TAIL = /[A-Za-z0-9]{8}$/;
const NO_SPACE = /^\S+$/;
const CARD_PASSWORD = /^[A-Za-z0-9]{8}$/;

/**
 * Card number. The spec says "last 8 alphanumeric characters": we read it as a rule on the full
 * number as printed on the card: no whitespace, at least 8 characters, and its last 8 are ASCII
 * letters or digits (whatever prefix precedes them is the issuer's and is not checked further).
 * Surrounding spaces from copy-paste are ignored.
 */
export function validateCardNumber(cardNumber: string): ValidationResult {
  const value = cardNumber.trim();
  if (value.length === 0) return invalid('validation.card.numberRequired');
  return NO_SPACE.test(value) && CARD_TAIL.test(value) ? VALID : invalid('validation.card.numberInvalid');
}

/** Card password: exactly 8 ASCII letters or digits. */
export function validateCardPassword(password: string): ValidationResult {
  const value = password.trim();
  if (value.length === 0) return invalid('validation.card.passwordRequired');
  return CARD_PASSWORD.test(value) ? VALID : invalid('validation.card.passwordInvalid');
}

/**
 * The card's type against the dialog it was typed in (issue 24): an RA card in the CA dialog is
 * 'validation.card.isRemoteAccess', a CA card in the RA dialog 'validation.card.isCloudApplication'.
 * The server tells it only after the card's password was right.
 */
export function validateCardType(card: 'ca' | 'ra', dialog: 'ca' | 'ra'): ValidationResult {
  if (card === dialog) return VALID;
  return invalid(card === 'ra' ? 'validation.card.isRemoteAccess' : 'validation.card.isCloudApplication');
}

export const cardNumberSchema = stringSchemaOf(validateCardNumber);
export const cardPasswordSchema = stringSchemaOf(validateCardPassword);

/**
 * The symbols of card numbers and passwords: digits and upper-case letters without the
 * look-alikes 0/O and 1/I, so that what is printed cannot be misread (32 symbols).
 */
export const CARD_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** What the user types: the last 8 characters of the printed number (7 symbols + 1 check symbol). */
export const CARD_TAIL_LENGTH = 8;

/**
 * The check symbol of a card number (Luhn mod 32 over CARD_ALPHABET) computed over the 7 symbols
 * the user types before it, so that the typed tail alone tells a typo from a wrong password: it
 * catches every single wrong symbol and every swap of two neighbours. Undefined when `body` holds
 * a symbol outside the alphabet.
 */
export function cardCheckChar(body: string): string | undefined {
  const n = CARD_ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    const code = CARD_ALPHABET.indexOf(body[i]!);
    if (code < 0) return undefined;
    const addend = factor * code;
    sum += Math.floor(addend / n) + (addend % n);
    factor = factor === 2 ? 1 : 2;
  }
  return CARD_ALPHABET[(n - (sum % n)) % n];
}

/** The typed tail of a card number as stored: its last 8 characters, upper case. */
export const cardTailOf = (cardNumber: string): string =>
  cardNumber.trim().slice(-CARD_TAIL_LENGTH).toUpperCase();

/**
 * A number whose tail passes validateCardNumber but whose check symbol is wrong (or holds a
 * look-alike that no card carries): a typo, 'validation.card.numberChecksum'. Upper/lower case
 * does not matter.
 */
export function validateCardChecksum(cardNumber: string): ValidationResult {
  const base = validateCardNumber(cardNumber);
  if (!base.ok) return base;
  const tail = cardTailOf(cardNumber);
  return cardCheckChar(tail.slice(0, -1)) === tail.slice(-1)
    ? VALID
    : invalid('validation.card.numberChecksum');
}

/** The number as the console shows it: the first 4 symbols masked, e.g. '****AB12CD34'. */
export const maskCardNumber = (cardNumber: string): string => `****${cardNumber.slice(-CARD_TAIL_LENGTH)}`;

export const activationCardNumberSchema = stringSchemaOf(validateCardChecksum);

/** A device's TAG level only goes up (SPEC section 4): `level` must be above `current` (null: none yet). */
export function validateTagLevelUpgrade(current: number | null, level: number): ValidationResult {
  return current === null || level > current
    ? VALID
    : invalid('validation.tagLevel.upgradeOnly', { current });
}
