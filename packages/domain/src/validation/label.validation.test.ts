import { describe, expect, it } from 'vitest';
import {
  labelListSchema,
  labelNameSchema,
  validateLabelAdd,
  validateLabelList,
  validateLabelName,
  validateLabelSelection,
} from './label.validation.ts';

const labels = (n: number) => Array.from({ length: n }, (_, i) => `label${i}`);
const keyOf = (r: { ok: boolean; key?: string }) => (r.ok ? null : r.key);

describe('validateLabelName', () => {
  it.each([
    ['a', [], null],
    ['x'.repeat(50), [], null],
    ['标'.repeat(50), [], null],
    ['x'.repeat(51), [], 'validation.label.length'],
    ['', [], 'validation.label.required'],
    ['  ', [], 'validation.label.required'],
    ['line', ['line', 'zone'], 'validation.label.duplicate'],
    [' line ', ['line'], 'validation.label.duplicate'],
    ['Line', ['line'], null],
    ['a\u0000b', [], 'validation.text.controlChars'],
    ['a\nb', [], 'validation.text.singleLine'],
  ])('%j among %j -> %s', (name, others, key) => {
    expect(keyOf(validateLabelName(name, others))).toBe(key);
  });

  it('length failure names the max', () => {
    expect(validateLabelName('x'.repeat(51))).toMatchObject({ params: { max: 50 } });
  });
});

describe('label lists and selection', () => {
  it.each([
    [0, null],
    [50, null],
    [51, 'validation.label.tooMany'],
  ])('%i labels -> %s', (n, key) => {
    expect(keyOf(validateLabelList(labels(n)))).toBe(key);
    expect(labelListSchema.safeParse(labels(n)).success).toBe(key === null);
  });

  it.each([
    [49, null],
    [50, 'validation.label.tooMany'],
  ])('adding one to %i labels -> %s', (n, key) => {
    expect(keyOf(validateLabelAdd(n))).toBe(key);
  });

  it('duplicates and bad names inside a list', () => {
    expect(keyOf(validateLabelList(['a', 'b', 'a']))).toBe('validation.label.duplicate');
    expect(keyOf(validateLabelList(['a', '']))).toBe('validation.label.required');
  });

  it.each([
    [0, null],
    [10, null],
    [11, 'validation.label.tooManySelected'],
  ])('%i selected -> %s', (n, key) => {
    const r = validateLabelSelection(labels(n));
    expect(keyOf(r)).toBe(key);
    if (!r.ok) expect(r.params).toEqual({ max: 10 });
  });

  it('schema', () => {
    expect(labelNameSchema.safeParse('x'.repeat(51)).error?.issues[0]?.message).toBe(
      'validation.label.length',
    );
    expect(labelListSchema.safeParse(labels(51)).error?.issues[0]).toMatchObject({ params: { max: 50 } });
  });
});
