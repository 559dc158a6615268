import { Limits } from '../constants/limits.constants.ts';
import { validateFreeText } from './free-text.validation.ts';
import { isIntegerInRange } from './integer.validation.ts';
import { charLength, invalid, VALID } from './validation-result.ts';
import { numericInput, refineWith, stringSchemaOf } from './zod-glue.ts';
import type { ValidationResult } from './validation-result.ts';
import type { NumericInput } from './zod-glue.ts';

type Numeric = NumericInput | null | undefined;

/** Monitor name: 1-255 characters of free text (validateFreeText), unique among `others` (compared trimmed). */
export function validateMonitorName(name: string, others: readonly string[] = []): ValidationResult {
  const value = name.trim();
  if (value.length === 0) return invalid('validation.monitor.nameRequired');
  const text = validateFreeText(value);
  if (!text.ok) return text;
  const len = charLength(value);
  if (len < Limits.monitorNameMin || len > Limits.monitorNameMax) {
    return invalid('validation.monitor.nameLength', {
      min: Limits.monitorNameMin,
      max: Limits.monitorNameMax,
    });
  }
  return others.some((o) => o.trim() === value) ? invalid('validation.monitor.nameDuplicate') : VALID;
}

/** Monitor length: an integer >= 0, or >= 1 where a zero length makes no sense (`min: 1`). */
export function validateMonitorLength(value: Numeric, options: { min?: 0 | 1 } = {}): ValidationResult {
  const min = options.min ?? 0;
  return isIntegerInRange(value, BigInt(min)) ? VALID : invalid('validation.monitor.length', { min });
}

/** Decimals: 0-6, or 0-14 in the wide variant (`max: 14`). */
export function validateMonitorDecimals(value: Numeric, options: { max?: 6 | 14 } = {}): ValidationResult {
  const max = options.max ?? Limits.monitorDecimalsMax;
  return isIntegerInRange(value, 0n, BigInt(max))
    ? VALID
    : invalid('validation.monitor.decimals', { min: 0, max });
}

/** Batch count: an integer from 2 to 100. */
export function validateBatchCount(value: Numeric): ValidationResult {
  const { batchCountMin: min, batchCountMax: max } = Limits;
  return isIntegerInRange(value, BigInt(min), BigInt(max))
    ? VALID
    : invalid('validation.monitor.batchCount', { min, max });
}

/** PLC station number: an integer >= 0. */
export function validateStationNumber(value: Numeric): ValidationResult {
  return isIntegerInRange(value, 0n) ? VALID : invalid('validation.monitor.stationNumber');
}

export const monitorNameSchema = stringSchemaOf((v) => validateMonitorName(v));
export const monitorLengthSchema = numericInput.superRefine(refineWith((v) => validateMonitorLength(v)));
export const monitorDecimalsSchema = numericInput.superRefine(refineWith((v) => validateMonitorDecimals(v)));
export const batchCountSchema = numericInput.superRefine(refineWith(validateBatchCount));
export const stationNumberSchema = numericInput.superRefine(refineWith(validateStationNumber));
