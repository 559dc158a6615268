import { describe, expect, it } from 'vitest';
import {
  activationCardNumberSchema,
  CARD_ALPHABET,
  CARD_TAIL_LENGTH,
  cardCheckChar,
  cardTailOf,
  maskCardNumber,
  validateCardChecksum,
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

describe('card check symbol (Luhn mod 32)', () => {
  const body = 'K7MX3QZ';
  const tail = body + cardCheckChar(body)!;

  it('accepts the right tail, whatever the case, alone or with its prefix', () => {
    expect(keyOf(validateCardChecksum(tail))).toBeNull();
    expect(keyOf(validateCardChecksum(tail.toLowerCase()))).toBeNull();
    expect(keyOf(validateCardChecksum(`CA2B${tail}`))).toBeNull();
    expect(activationCardNumberSchema.safeParse(tail).success).toBe(true);
  });

  it('tells every single wrong symbol and every swap of neighbours', () => {
    for (let i = 0; i < CARD_TAIL_LENGTH; i++) {
      for (const c of CARD_ALPHABET) {
        if (c === tail[i]) continue;
        const typo = tail.slice(0, i) + c + tail.slice(i + 1);
        expect(keyOf(validateCardChecksum(typo)), typo).toBe('validation.card.numberChecksum');
      }
      if (i < CARD_TAIL_LENGTH - 1 && tail[i] !== tail[i + 1]) {
        const swapped = tail.slice(0, i) + tail[i + 1] + tail[i] + tail.slice(i + 2);
        expect(keyOf(validateCardChecksum(swapped)), swapped).toBe('validation.card.numberChecksum');
      }
    }
  });

  it('refuses look-alikes no card carries (0 O 1 I) as typos', () => {
    expect(cardCheckChar('K7MX3Q0')).toBeUndefined();
    expect(keyOf(validateCardChecksum('K7MX3Q0A'))).toBe('validation.card.numberChecksum');
    expect(keyOf(validateCardChecksum('K7MX3!0A'))).toBe('validation.card.numberInvalid');
  });

  it('masks all but the typed tail', () => {
    expect(maskCardNumber(`CA2B${tail}`)).toBe(`****${tail}`);
    expect(cardTailOf(` ca2b${tail.toLowerCase()} `)).toBe(tail);
  });
});
