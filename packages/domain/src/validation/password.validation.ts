import { z } from 'zod';
import { Limits } from '../constants/limits.constants.ts';
import { charLength, invalid, VALID } from './validation-result.ts';
import { stringSchemaOf } from './zod-glue.ts';
import type { ValidationResult } from './validation-result.ts';

const DIGIT = /[0-9]/;
const LETTER = /[A-Za-z]/;
/** Symbols are the printable ASCII punctuation characters. */
const SYMBOL = /[!-/:-@[-`{-~]/;
/** Anything else (spaces, non-ASCII) is refused so a password can be typed on any HMI keyboard. */
const ALLOWED = /^[!-~]*$/;

/** Password rule: 8-16 characters, printable ASCII, at least two of digits, letters and symbols. */
export function validatePassword(password: string): ValidationResult {
  if (password.length === 0) return invalid('validation.password.required');
  const len = charLength(password);
  if (len < Limits.passwordMin || len > Limits.passwordMax) {
    return invalid('validation.password.length', { min: Limits.passwordMin, max: Limits.passwordMax });
  }
  if (!ALLOWED.test(password)) return invalid('validation.password.invalidChar');
  const classes = [DIGIT, LETTER, SYMBOL].filter((re) => re.test(password)).length;
  return classes >= 2 ? VALID : invalid('validation.password.classes');
}

/** The confirmation must equal the password exactly. */
export function validatePasswordConfirm(password: string, confirm: string): ValidationResult {
  return password === confirm ? VALID : invalid('validation.password.confirmMismatch');
}

/** A new password must follow the rule and differ from the current one. */
export function validateNewPassword(current: string, next: string): ValidationResult {
  const rule = validatePassword(next);
  if (!rule.ok) return rule;
  return current === next ? invalid('validation.password.sameAsCurrent') : VALID;
}

export const passwordSchema = stringSchemaOf(validatePassword);

/** Registration / reset form: password and its confirmation (issue on `confirm`). */
export const passwordConfirmSchema = z
  .object({ passwd: passwordSchema, confirm: z.string({ error: 'validation.required' }) })
  .superRefine((v, ctx) => {
    const r = validatePasswordConfirm(v.passwd, v.confirm);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key, path: ['confirm'] });
  });

/**
 * Change-password form and body (field names of /global/changePwd). `confirm` is optional so the
 * server can reuse the schema on a body that has none; when present it must match.
 */
export const changePasswordSchema = z
  .object({
    old_passwd: z.string({ error: 'validation.required' }).min(1, { error: 'validation.password.required' }),
    passwd: passwordSchema,
    confirm: z.string({ error: 'validation.required' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.old_passwd === v.passwd) {
      ctx.addIssue({ code: 'custom', message: 'validation.password.sameAsCurrent', path: ['passwd'] });
    }
    if (v.confirm !== undefined && !validatePasswordConfirm(v.passwd, v.confirm).ok) {
      ctx.addIssue({ code: 'custom', message: 'validation.password.confirmMismatch', path: ['confirm'] });
    }
  });
