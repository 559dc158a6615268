import { describe, expect, it } from 'vitest';
import { AlarmLimits } from '@hmi/domain';
import { checkImportFile, importErrorLines } from './import-file.ts';

describe('checkImportFile', () => {
  it.each([
    ['rules.xlsx', 1000, null],
    ['RULES.XLS', 1000, null],
    ['rules.xlsx', AlarmLimits.maxImportBytes, null],
    ['rules.csv', 1000, 'validation.importFile.type'],
    ['rules.xlsx.exe', 1000, 'validation.importFile.type'],
    ['.xlsx', 1000, 'validation.importFile.type'],
    ['rules.xlsx', 0, 'alarm:import.empty'],
    ['rules.xlsx', AlarmLimits.maxImportBytes + 1, 'alarm:import.tooLarge'],
  ])('%s of %i bytes -> %s', (name, size, key) => {
    expect(checkImportFile({ name, size })?.key ?? null).toBe(key);
  });

  it('names the cap in MB', () => {
    expect(checkImportFile({ name: 'a.xlsx', size: 3 * 1024 * 1024 })?.params).toEqual({ max: 2 });
  });
});

describe('importErrorLines', () => {
  it('one line per problem, by row', () => {
    const lines = importErrorLines([
      { row: 7, errors: [{ field: 'value', key: 'validation.alarm.valueRange', params: { type: 'INT16' } }] },
      {
        row: 3,
        errors: [
          { field: 'name', key: 'validation.alarm.nameDuplicate' },
          { field: 'tag', key: 'tagUnknown', params: { tag: 'x' } },
        ],
      },
    ]);
    expect(lines.map((l) => [l.row, l.field, l.issue.key])).toEqual([
      [3, 'name', 'validation.alarm.nameDuplicate'],
      [3, 'tag', 'tagUnknown'],
      [7, 'value', 'validation.alarm.valueRange'],
    ]);
    expect(lines[0]!.issue.params).toEqual({});
    expect(new Set(lines.map((l) => l.key)).size).toBe(3);
  });
});
