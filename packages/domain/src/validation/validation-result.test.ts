import { describe, expect, it } from 'vitest';
import { charLength, firstFailure, invalid, VALID, validationKeys } from './validation-result.ts';
import { stringSchemaOf } from './zod-glue.ts';

describe('validation result helpers', () => {
  it('keys are unique and namespaced', () => {
    expect(new Set(validationKeys).size).toBe(validationKeys.length);
    for (const k of validationKeys) expect(k).toMatch(/^validation\.[A-Za-z.]+$/);
  });

  it('invalid always carries params', () => {
    expect(invalid('validation.required')).toEqual({ ok: false, key: 'validation.required', params: {} });
  });

  it('firstFailure returns the first failure and stops', () => {
    let ran = false;
    const r = firstFailure(
      () => VALID,
      () => invalid('validation.positiveInteger'),
      () => {
        ran = true;
        return VALID;
      },
    );
    expect(r).toMatchObject({ key: 'validation.positiveInteger' });
    expect(ran).toBe(false);
    expect(firstFailure(() => VALID)).toBe(VALID);
  });

  it('charLength counts code points', () => {
    expect(charLength('a中😀')).toBe(3);
  });

  it('stringSchemaOf carries key and params into the issue', () => {
    const schema = stringSchemaOf((v) =>
      v === 'x' ? VALID : invalid('validation.label.length', { max: 1 }),
    );
    expect(schema.safeParse('y').error?.issues[0]).toMatchObject({
      code: 'custom',
      message: 'validation.label.length',
      params: { max: 1 },
    });
  });
});
