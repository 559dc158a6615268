import { invalid, VALID } from './validation-result.ts';
import { numericInput, refineWith } from './zod-glue.ts';
import type { ValidationResult } from './validation-result.ts';
import type { NumericInput } from './zod-glue.ts';

const INTEGER_TEXT = /^[+-]?\d+$/;

/**
 * Parses an integer exactly: a bigint, a safe-integer number, or a decimal integer string
 * (surrounding spaces allowed, no exponent, no fraction). Numbers beyond 2^53 are refused because
 * they have already lost precision; such values must travel as strings.
 */
export function parseExactInteger(input: NumericInput | null | undefined): bigint | undefined {
  if (typeof input === 'bigint') return input;
  if (typeof input === 'number') return Number.isSafeInteger(input) ? BigInt(input) : undefined;
  if (typeof input !== 'string') return undefined;
  const text = input.trim();
  return INTEGER_TEXT.test(text) ? BigInt(text) : undefined;
}

/** True when `input` is an exact integer within [min, max] (bounds inclusive, either optional). */
export function isIntegerInRange(
  input: NumericInput | null | undefined,
  min?: bigint,
  max?: bigint,
): boolean {
  const n = parseExactInteger(input);
  if (n === undefined) return false;
  return (min === undefined || n >= min) && (max === undefined || n <= max);
}

/** Positive integer greater than 0 where the spec requires one. */
export function validatePositiveInteger(input: NumericInput | null | undefined): ValidationResult {
  return isIntegerInRange(input, 1n) ? VALID : invalid('validation.positiveInteger');
}

export const positiveIntegerSchema = numericInput.superRefine(refineWith(validatePositiveInteger));
