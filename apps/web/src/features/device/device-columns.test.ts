import { describe, expect, it } from 'vitest';
import { allowedColumns, desktopColumns, deviceColumnKeys, wideColumns } from './device-columns.ts';

describe('allowedColumns', () => {
  it('drops the security zone column without zone view (33)', () => {
    expect(allowedColumns(desktopColumns, { zone: false })).not.toContain('zone');
    expect(allowedColumns(deviceColumnKeys, { zone: false })).toHaveLength(deviceColumnKeys.length - 1);
  });

  it('keeps it, in place, with zone view', () => {
    expect(wideColumns).toContain('zone');
    expect(allowedColumns(wideColumns, { zone: true })).toEqual([...wideColumns]);
    // Off by default on a laptop: with it the default columns no longer fit 1440 px.
    expect(desktopColumns).not.toContain('zone');
  });
});
