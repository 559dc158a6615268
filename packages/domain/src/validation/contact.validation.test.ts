import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  phoneSchema,
  phoneWithAreaSchema,
  validateEmail,
  validatePhone,
  validateVerifyCode,
  verifyCodeSchema,
} from './contact.validation.ts';

const keyOf = (r: { ok: boolean; key?: string }) => (r.ok ? null : r.key);

describe('validatePhone', () => {
  it.each([
    ['13800138000', '+86', null],
    ['19912345678', '+86', null],
    ['138 0013 8000', '+86', null],
    ['138-0013-8000', '+86', null],
    ['12800138000', '+86', 'validation.phone.invalid'], // 12x is not a mobile prefix
    ['1380013800', '+86', 'validation.phone.invalid'], // 10 digits
    ['138001380000', '+86', 'validation.phone.invalid'], // 12 digits
    ['23800138000', '+86', 'validation.phone.invalid'],
    ['1380013800a', '+86', 'validation.phone.invalid'],
    ['', '+86', 'validation.phone.required'],
    ['   ', '+86', 'validation.phone.required'],
    ['9876543210', '+91', null],
    ['15123456789', '+49', null],
    ['123', '+44', 'validation.phone.invalid'], // too short
    ['1234567890123', '+91', null], // 2 + 13 = 15 digits in all: the E.164 maximum
    ['12345678901234', '+91', 'validation.phone.invalid'], // 16 digits in all
    ['98765abc', '+91', 'validation.phone.invalid'],
    ['13800138000', '86', 'validation.phone.areaCode'],
    ['13800138000', '+0', 'validation.phone.areaCode'],
    ['13800138000', '+12345', 'validation.phone.areaCode'],
  ])('%j with %s -> %s', (phone, area, key) => {
    expect(keyOf(validatePhone(phone, area))).toBe(key);
  });

  it('defaults to +86', () => {
    expect(validatePhone('13800138000').ok).toBe(true);
    expect(validatePhone('9876543210').ok).toBe(false);
  });

  it('schemas', () => {
    expect(phoneSchema.safeParse('13800138000').success).toBe(true);
    expect(phoneSchema.safeParse('123').error?.issues[0]?.message).toBe('validation.phone.invalid');
    expect(phoneWithAreaSchema.safeParse({ phone: '13800138000' }).success).toBe(true);
    expect(phoneWithAreaSchema.safeParse({ area_code: '+91', phone: '9876543210' }).success).toBe(true);
    expect(
      phoneWithAreaSchema.safeParse({ area_code: '+86', phone: '9876543210' }).error?.issues[0],
    ).toMatchObject({
      message: 'validation.phone.invalid',
      path: ['phone'],
    });
  });
});

describe('validateEmail', () => {
  it.each([
    ['user@example.com', null],
    ['first.last+tag@sub.example.co.uk', null],
    ['  user@example.com  ', null],
    ['USER@EXAMPLE.COM', null],
    ['', 'validation.email.required'],
    ['user', 'validation.email.invalid'],
    ['user@', 'validation.email.invalid'],
    ['@example.com', 'validation.email.invalid'],
    ['user@example', 'validation.email.invalid'],
    ['user@@example.com', 'validation.email.invalid'],
    ['us er@example.com', 'validation.email.invalid'],
    ['user@-example.com', 'validation.email.invalid'],
    ['user@example..com', 'validation.email.invalid'],
    [`${'a'.repeat(65)}@example.com`, 'validation.email.invalid'],
    [
      `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(60)}.com`,
      'validation.email.invalid',
    ], // 255 chars
    [`a@${'b'.repeat(64)}.com`, 'validation.email.invalid'], // 64-char domain label
  ])('%j -> %s', (email, key) => {
    expect(keyOf(validateEmail(email))).toBe(key);
  });

  it('schema', () => {
    expect(emailSchema.safeParse('a@b.cn').success).toBe(true);
    expect(emailSchema.safeParse('a@b').error?.issues[0]?.message).toBe('validation.email.invalid');
  });
});

describe('validateVerifyCode', () => {
  it.each([
    ['123456', null],
    [' 012345 ', null],
    ['12345', 'validation.verifyCode.invalid'],
    ['1234567', 'validation.verifyCode.invalid'],
    ['12345a', 'validation.verifyCode.invalid'],
    ['', 'validation.verifyCode.invalid'],
  ])('%j -> %s', (code, key) => {
    expect(keyOf(validateVerifyCode(code))).toBe(key);
  });

  it('failure names the length', () => {
    expect(validateVerifyCode('1')).toMatchObject({ params: { length: 6 } });
    expect(verifyCodeSchema.safeParse('654321').success).toBe(true);
  });
});
