import { describe, expect, it } from 'vitest';
import { importRowsOf } from './import-rows.ts';

describe('importRowsOf', () => {
  it('reads the rows of a refused import and drops junk', () => {
    expect(
      importRowsOf({ rows: [{ row: 2, errors: [{ field: 'name', key: 'k' }, 5] }, { row: 'x' }] }),
    ).toEqual([{ row: 2, errors: [{ field: 'name', key: 'k' }] }]);
  });

  it('gives undefined when the reply has no rows', () => {
    expect(importRowsOf({ errors: [] })).toBeUndefined();
    expect(importRowsOf(null)).toBeUndefined();
  });
});
