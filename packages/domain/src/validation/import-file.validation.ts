import { invalid, VALID } from './validation-result.ts';
import { stringSchemaOf } from './zod-glue.ts';
import type { ValidationResult } from './validation-result.ts';

const SPREADSHEET = /^.+\.xlsx?$/i;

/** Import files must be .xls or .xlsx (any case); a path is reduced to its last segment. */
export function validateImportFileName(fileName: string): ValidationResult {
  const base = fileName.trim().split(/[/\\]/).pop() ?? '';
  return SPREADSHEET.test(base) ? VALID : invalid('validation.importFile.type');
}

export const importFileNameSchema = stringSchemaOf(validateImportFileName);
