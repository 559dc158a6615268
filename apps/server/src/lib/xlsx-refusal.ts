import type { ValidationParams } from '@hmi/domain';

/**
 * Why an uploaded workbook was refused before any row was read (lib/xlsx-upload.ts): the file's
 * name or size, what its bytes are, a zip bomb or damage, or more XML than the reader takes. Each
 * importer words it in its own keys and codes (the alarm rule import: `validation.alarmImport.*`,
 * 1090 for too many rows; the recipe import: `validation.recipeImport.*`).
 */
export type WorkbookFault =
  | 'fileType'
  | 'tooLarge'
  | 'legacyXls'
  | 'notWorkbook'
  | 'unsafe'
  | 'unreadable'
  | 'tooManyCells'
  | 'tooManyRows';

export class WorkbookRefused extends Error {
  override name = 'WorkbookRefused';
  constructor(
    readonly fault: WorkbookFault,
    readonly params: ValidationParams = {},
  ) {
    super(`workbook refused: ${fault}`);
  }
}
