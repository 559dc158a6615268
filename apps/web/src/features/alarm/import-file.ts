import { AlarmLimits, validateImportFileName, type AlarmImportErrors } from '@hmi/domain';
import type { RuleIssue } from './rule-form.ts';

/**
 * Checks a chosen file before it is sent: .xls/.xlsx by name, not empty, at most the server's cap
 * (`maxBytes`: the alarm rule import's by default; the recipe import passes its own).
 */
export function checkImportFile(
  file: { name: string; size: number },
  maxBytes: number = AlarmLimits.maxImportBytes,
): RuleIssue | undefined {
  const named = validateImportFileName(file.name);
  if (!named.ok) return { key: named.key, params: named.params };
  if (file.size === 0) return { key: 'alarm:import.empty', params: {} };
  if (file.size > maxBytes)
    return { key: 'alarm:import.tooLarge', params: { max: maxBytes / (1024 * 1024) } };
  return undefined;
}

/** One line of the import error table: a row of the sheet and one of its problems. */
export interface ImportErrorLine {
  key: string;
  row: number;
  field: string;
  issue: RuleIssue;
}

/** The refused rows as table lines, by row number then in the server's order within a row. */
export function importErrorLines(rows: AlarmImportErrors['rows']): ImportErrorLine[] {
  return [...rows]
    .sort((a, b) => a.row - b.row)
    .flatMap((r) =>
      r.errors.map((e, i) => ({
        key: `${r.row}-${i}`,
        row: r.row,
        field: e.field,
        issue: { key: e.key, params: e.params ?? {} },
      })),
    );
}
