import { Limits } from '../constants/limits.constants.ts';
import { validateFreeText } from './free-text.validation.ts';
import { charLength, invalid, VALID } from './validation-result.ts';
import { stringSchemaOf } from './zod-glue.ts';
import type { ValidationResult } from './validation-result.ts';

/** Role name: 1-10 characters of free text (validateFreeText) after trimming. */
export function validateRoleName(name: string): ValidationResult {
  const value = name.trim();
  if (value.length === 0) return invalid('validation.roleName.required');
  const text = validateFreeText(value);
  if (!text.ok) return text;
  return charLength(value) <= Limits.roleNameMax
    ? VALID
    : invalid('validation.roleName.length', { max: Limits.roleNameMax });
}

const ZONE_NAME = /^[A-Za-z0-9]+$/;

/** Security zone name: ASCII letters and digits only (no spaces, no other scripts), at most zoneNameMax. */
export function validateZoneName(name: string): ValidationResult {
  if (name.length === 0) return invalid('validation.zoneName.required');
  if (!ZONE_NAME.test(name)) return invalid('validation.zoneName.chars');
  return name.length <= Limits.zoneNameMax
    ? VALID
    : invalid('validation.zoneName.length', { max: Limits.zoneNameMax });
}

export const roleNameSchema = stringSchemaOf(validateRoleName);
export const zoneNameSchema = stringSchemaOf(validateZoneName);
