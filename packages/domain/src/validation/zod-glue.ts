import { z } from 'zod';
import type { ValidationResult } from './validation-result.ts';

/*
 * The bridge from the plain validators to zod schemas. Kept apart from validation-result.ts so
 * that a screen using only the plain validators (the login page) never loads zod.
 */

/**
 * Turns a validator into a zod superRefine callback: the issue message is the i18n key and
 * the issue params are the interpolation values.
 */
export function refineWith<T>(validate: (value: T) => ValidationResult) {
  return (value: T, ctx: z.RefinementCtx<T>): void => {
    const r = validate(value);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key, params: { ...r.params } });
  };
}

/** A string schema whose type error is 'validation.required' and whose rule is `validate`. */
export function stringSchemaOf(validate: (value: string) => ValidationResult) {
  return z.string({ error: 'validation.required' }).superRefine(refineWith(validate));
}

/** Numbers, integer strings from form fields and bigints all pass through integer validators. */
export const numericInput = z.union([z.string(), z.number(), z.bigint()], { error: 'validation.required' });
export type NumericInput = z.infer<typeof numericInput>;
