import { z } from 'zod';
import { Limits } from '../constants/limits.constants.ts';
import { validateFreeText } from './free-text.validation.ts';
import { charLength, invalid, VALID } from './validation-result.ts';
import { stringSchemaOf } from './zod-glue.ts';
import type { ValidationResult } from './validation-result.ts';

/**
 * One device label: 1-50 characters after trimming, free text (validateFreeText), and not
 * already among `others` (compared trimmed and case-sensitively, as labels are shown as typed).
 */
export function validateLabelName(name: string, others: readonly string[] = []): ValidationResult {
  const value = name.trim();
  if (value.length === 0) return invalid('validation.label.required');
  const text = validateFreeText(value);
  if (!text.ok) return text;
  if (charLength(value) > Limits.labelNameMax)
    return invalid('validation.label.length', { max: Limits.labelNameMax });
  return others.some((o) => o.trim() === value) ? invalid('validation.label.duplicate') : VALID;
}

/** The whole label list: at most 50 labels, each valid and unique. */
export function validateLabelList(labels: readonly string[]): ValidationResult {
  if (labels.length > Limits.labelMax) return invalid('validation.label.tooMany', { max: Limits.labelMax });
  for (let i = 0; i < labels.length; i++) {
    const r = validateLabelName(labels[i] ?? '', labels.slice(0, i));
    if (!r.ok) return r;
  }
  return VALID;
}

/** Whether one more label may be created next to `count` existing ones. */
export function validateLabelAdd(count: number): ValidationResult {
  return count < Limits.labelMax ? VALID : invalid('validation.label.tooMany', { max: Limits.labelMax });
}

/** At most 10 labels may be selected on one device. */
export function validateLabelSelection(selected: readonly unknown[]): ValidationResult {
  return selected.length <= Limits.labelSelectedMax
    ? VALID
    : invalid('validation.label.tooManySelected', { max: Limits.labelSelectedMax });
}

export const labelNameSchema = stringSchemaOf((v) => validateLabelName(v));
export const labelListSchema = z.array(z.string({ error: 'validation.required' })).superRefine((v, ctx) => {
  const r = validateLabelList(v);
  if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key, params: { ...r.params } });
});
