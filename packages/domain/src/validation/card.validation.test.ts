import { describe, expect, it } from 'vitest';
import {
  cardNumberSchema,
  cardPasswordSchema,
  validateCardNumber,
  validateCardPassword,
} from './card.validation.ts';

const keyOf = (r: { ok: boolean; key?: string }) => (r.ok ? null : r.key);

describe('validateCardNumber', () => {
  it.each([
    ['AB12cd34', null],
    ['CA-2024-AB12cd34', null],
    ['0000000012345678', null],
    [' AB12cd34 ', null],
    ['', 'validation.card.numberRequired'],
    ['AB12cd3', 'validation.card.numberInvalid'], // 7 characters
    ['CA-2024-AB12-d34', 'validation.card.numberInvalid'], // '-' in the last 8
    ['CA 2024 AB12cd34', 'validation.card.numberInvalid'],
    ['CA-2024-AB12cd3!', 'validation.card.numberInvalid'],
    ['XX卡号AB12cd3四', 'validation.card.numberInvalid'],
  ])('%j -> %s', (n, key) => {
    expect(keyOf(validateCardNumber(n))).toBe(key);
    expect(cardNumberSchema.safeParse(n).success).toBe(key === null);
  });
});

describe('validateCardPassword', () => {
  it.each([
    ['AB12cd34', null],
    ['12345678', null],
    ['', 'validation.card.passwordRequired'],
    ['AB12cd3', 'validation.card.passwordInvalid'],
    ['AB12cd345', 'validation.card.passwordInvalid'],
    ['AB12cd3!', 'validation.card.passwordInvalid'],
    ['AB12 d34', 'validation.card.passwordInvalid'],
  ])('%j -> %s', (p, key) => {
    expect(keyOf(validateCardPassword(p))).toBe(key);
    expect(cardPasswordSchema.safeParse(p).success).toBe(key === null);
  });
});
