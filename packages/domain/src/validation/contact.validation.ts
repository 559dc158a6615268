import { z } from 'zod';
import { Limits } from '../constants/limits.constants.ts';
import { DEFAULT_PHONE_AREA_CODE } from '../constants/regions.constants.ts';
import { invalid, VALID } from './validation-result.ts';
import { stringSchemaOf } from './zod-glue.ts';
import type { ValidationResult } from './validation-result.ts';

/** Mainland China mobile numbers: 11 digits starting 13-19. */
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
const AREA_CODE = /^\+[1-9]\d{0,3}$/;
const DIGITS = /^\d+$/;
/** E.164 allows at most 15 digits including the country code. */
const E164_MAX_DIGITS = 15;
const SUBSCRIBER_MIN_DIGITS = 4;

/** Strips the spaces and hyphens people type inside phone numbers. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/**
 * Phone check. With +86 (the default and the only option the console offers) the number must be
 * an 11-digit mainland mobile; with any other area code, digits only and at most 15 digits in all.
 */
export function validatePhone(phone: string, areaCode: string = DEFAULT_PHONE_AREA_CODE): ValidationResult {
  const digits = normalizePhone(phone);
  if (digits.length === 0) return invalid('validation.phone.required');
  if (!AREA_CODE.test(areaCode)) return invalid('validation.phone.areaCode');
  if (areaCode === '+86') return MAINLAND_MOBILE.test(digits) ? VALID : invalid('validation.phone.invalid');
  const ok =
    DIGITS.test(digits) &&
    digits.length >= SUBSCRIBER_MIN_DIGITS &&
    digits.length + areaCode.length - 1 <= E164_MAX_DIGITS;
  return ok ? VALID : invalid('validation.phone.invalid');
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const EMAIL_MAX = 254;
const EMAIL_LOCAL_MAX = 64;

/** Email check: the browser's (WHATWG) address syntax with a dotted domain and RFC length limits. */
export function validateEmail(email: string): ValidationResult {
  const value = email.trim();
  if (value.length === 0) return invalid('validation.email.required');
  const local = value.slice(0, value.lastIndexOf('@'));
  const ok = value.length <= EMAIL_MAX && local.length <= EMAIL_LOCAL_MAX && EMAIL.test(value);
  return ok ? VALID : invalid('validation.email.invalid');
}

const VERIFY_CODE = new RegExp(`^\\d{${Limits.verificationCodeLength}}$`);

/** Verification codes sent by mail or SMS are exactly 6 digits. */
export function validateVerifyCode(code: string): ValidationResult {
  return VERIFY_CODE.test(code.trim())
    ? VALID
    : invalid('validation.verifyCode.invalid', { length: Limits.verificationCodeLength });
}

/** Mainland (+86) mobile number. */
export const phoneSchema = stringSchemaOf((v) => validatePhone(v));
/** Phone with its area code; the issue is reported on `phone`. */
export const phoneWithAreaSchema = z
  .object({
    area_code: z.string().default(DEFAULT_PHONE_AREA_CODE),
    phone: z.string({ error: 'validation.required' }),
  })
  .superRefine((v, ctx) => {
    const r = validatePhone(v.phone, v.area_code);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key, path: ['phone'] });
  });
export const emailSchema = stringSchemaOf(validateEmail);
export const verifyCodeSchema = stringSchemaOf(validateVerifyCode);
