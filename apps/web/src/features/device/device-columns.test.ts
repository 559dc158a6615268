import { describe, expect, it } from 'vitest';
import { allowedColumns, desktopColumns, deviceColumnKeys } from './device-columns.ts';

describe('allowedColumns', () => {
  it('drops the security zone column without zone view (33)', () => {
    expect(allowedColumns(desktopColumns, { zone: false })).not.toContain('zone');
    expect(allowedColumns(deviceColumnKeys, { zone: false })).toHaveLength(deviceColumnKeys.length - 1);
  });

  it('keeps it, in place, with zone view', () => {
    expect(desktopColumns).toContain('zone');
    expect(allowedColumns(desktopColumns, { zone: true })).toEqual([...desktopColumns]);
  });
});
