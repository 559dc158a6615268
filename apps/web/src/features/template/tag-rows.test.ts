import { describe, expect, it } from 'vitest';
import { ReadWriteType, TagDataType } from '@hmi/domain';
import { checkRows, newRow, rowsOf, toTagInputs, type TagRow } from './tag-rows.ts';

const row = (over: Partial<TagRow>): TagRow => ({ ...newRow([]), ...over });

describe('template tag rows', () => {
  it('a new row takes the next free tag_N name and sensible defaults', () => {
    const rows = [row({ name: 'tag_1' }), row({ name: 'tag_3' })];
    const r = newRow(rows);
    expect(r.name).toBe('tag_4');
    expect(r.rw).toBe(ReadWriteType.ReadWrite);
    expect(newRow([row({ name: 'tag_2' })]).name).toBe('tag_3');
    expect(new Set([newRow([]).key, newRow([]).key]).size).toBe(2);
  });

  it('flags empty, too long and duplicate names, and decimals out of 0-14', () => {
    const rows = [
      row({ key: 'a', name: 'speed' }),
      row({ key: 'b', name: ' speed ' }),
      row({ key: 'c', name: '  ' }),
      row({ key: 'd', name: 'x'.repeat(256) }),
      row({ key: 'e', name: 'ok', decimals: 15 }),
      row({ key: 'f', name: 'fine', decimals: 14 }),
    ];
    const p = checkRows(rows);
    expect(p.get('a')).toEqual({ name: 'tags.nameDuplicate' });
    expect(p.get('b')).toEqual({ name: 'tags.nameDuplicate' });
    expect(p.get('c')).toEqual({ name: 'tags.nameRequired' });
    expect(p.get('d')).toEqual({ name: 'tags.nameLength' });
    expect(p.get('e')).toEqual({ decimals: 'tags.decimalsRange' });
    expect(p.has('f')).toBe(false);
  });

  it('sends existing tags with their id, new ones without, trimmed, no decimals for BOOL/STRING', () => {
    const existing = rowsOf([
      {
        id: 7,
        name: 'run',
        data_type: TagDataType.BOOL,
        rw: 0,
        address: 'M0',
        unit: '',
        decimals: 2,
        description: '',
      },
    ]);
    const fresh = row({ name: ' temp ', data_type: TagDataType.REAL, decimals: 1, unit: ' °C ' });
    expect(toTagInputs([...existing, fresh])).toEqual([
      { id: 7, name: 'run', data_type: 0, rw: 0, address: 'M0', unit: '', decimals: 0, description: '' },
      { name: 'temp', data_type: 7, rw: 2, address: '', unit: '°C', decimals: 1, description: '' },
    ]);
  });
});
