import { describe, expect, it } from 'vitest';
import { importFileNameSchema, validateImportFileName } from './import-file.validation.ts';

describe('validateImportFileName', () => {
  it.each([
    ['alarms.xls', true],
    ['alarms.xlsx', true],
    ['ALARMS.XLSX', true],
    ['报警.Xls', true],
    ['C:\\fakepath\\alarms.xlsx', true],
    ['/tmp/a.b.xlsx', true],
    ['alarms.csv', false],
    ['alarms.xlsm', false],
    ['alarms.xlsx.exe', false],
    ['alarmsxlsx', false],
    ['.xlsx', false],
    ['dir.xlsx/', false],
    ['', false],
  ])('%j -> %s', (name, ok) => {
    const r = validateImportFileName(name);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.key).toBe('validation.importFile.type');
    expect(importFileNameSchema.safeParse(name).success).toBe(ok);
  });
});
