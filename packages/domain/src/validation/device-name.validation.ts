import { DEVICE_NAME_RESERVED_WORDS } from '../constants/reserved-names.constants.ts';
import { invalid, VALID } from './validation-result.ts';
import { stringSchemaOf } from './zod-glue.ts';
import type { ValidationResult } from './validation-result.ts';

const START = /^[\p{Script=Han}A-Za-z]/u;
const CHARS = /^[\p{Script=Han}A-Za-z0-9_]+$/u;
const RESERVED = new Set<string>(DEVICE_NAME_RESERVED_WORDS);

/** The reserved word `name` equals (case-insensitively), or undefined. */
export function reservedWordOf(name: string): string | undefined {
  const lower = name.toLowerCase();
  return RESERVED.has(lower) ? lower : undefined;
}

/**
 * Device name rule (SPEC section 5): required; no spaces; starts with a Chinese character or an
 * English letter; only Chinese characters, letters, digits and underscore; not a reserved word
 * (the failure names the word, lower case, in `params.word`). The name becomes an identifier in
 * HMI scripts, hence the rule.
 */
export function validateDeviceName(name: string): ValidationResult {
  if (name.trim().length === 0) return invalid('validation.deviceName.required');
  if (/\s/u.test(name)) return invalid('validation.deviceName.space');
  if (!START.test(name)) return invalid('validation.deviceName.start');
  if (!CHARS.test(name)) return invalid('validation.deviceName.chars');
  const word = reservedWordOf(name);
  return word === undefined ? VALID : invalid('validation.deviceName.reserved', { word });
}

export const deviceNameSchema = stringSchemaOf(validateDeviceName);
