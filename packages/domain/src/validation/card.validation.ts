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

export const cardNumberSchema = stringSchemaOf(validateCardNumber);
export const cardPasswordSchema = stringSchemaOf(validateCardPassword);
