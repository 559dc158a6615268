import { describe, expect, it } from 'vitest';
import { ReadWriteType, TagDataType, type MonitorTag } from '@hmi/domain';
import {
  batchAddressWithoutNumber,
  batchPreview,
  bitNeedsBool,
  checkPointLength,
  checkPointName,
  pointFormValuesOf,
  toPointRequest,
  type PointFormValues,
} from './point-form.ts';

const values = (change: Partial<PointFormValues> = {}): PointFormValues => ({
  ...pointFormValuesOf(undefined, 'add'),
  name: 'Speed',
  address: 'D100',
  ...change,
});
const point = { point_id: 42, name: 'Old', data_type: TagDataType.REAL } as unknown as MonitorTag;

describe('pointFormValuesOf', () => {
  it('starts a new point as an INT16 read/write word; a batch counts 10', () => {
    const v = pointFormValuesOf(undefined, 'add');
    expect(v).toMatchObject({
      data_type: TagDataType.INT16,
      rw: ReadWriteType.ReadWrite,
      component_type: 'word',
    });
    expect(v).toMatchObject({ station: 0, length: 0, decimals: 0, step: 1, count: null });
    expect(pointFormValuesOf(undefined, 'batch').count).toBe(10);
  });
  it('starts an edit from the point', () => {
    expect(pointFormValuesOf(point, 'edit')).toMatchObject({ name: 'Old', data_type: TagDataType.REAL });
  });
});

describe('toPointRequest', () => {
  it('adds one point with every field, emptied numbers as their defaults', () => {
    const r = toPointRequest(
      values({ station: null, length: null, decimals: null, step: null }),
      'add',
      5,
      undefined,
    );
    expect(r).toEqual({
      kind: 'add',
      body: {
        id: 5,
        name: 'Speed',
        data_type: TagDataType.INT16,
        rw: ReadWriteType.ReadWrite,
        link: '',
        plc_vendor: '',
        plc_name: '',
        station: 0,
        component_type: 'word',
        address: 'D100',
        length: 0,
        decimals: 0,
        step: 1,
        description: '',
      },
    });
  });
  it('edits the point by its id, without a count', () => {
    const r = toPointRequest(values({ count: 3 }), 'edit', 5, point);
    expect(r.kind).toBe('edit');
    expect(r.body).toMatchObject({ id: 5, point_id: 42, name: 'Speed' });
    expect(r.body).not.toHaveProperty('count');
  });
  it('adds a point when the edited one has no id yet', () => {
    expect(toPointRequest(values(), 'edit', 5, { ...point, point_id: 0 } as MonitorTag).kind).toBe('add');
  });
  it('sends the count of a batch as a number', () => {
    const r = toPointRequest(values({ count: '12' as unknown as number, step: 2 }), 'batch', 5, undefined);
    expect(r).toMatchObject({ kind: 'batch', body: { id: 5, count: 12, step: 2 } });
  });
});

describe('batchPreview', () => {
  it('numbers the names and steps the addresses of a batch', () => {
    expect(batchPreview('batch', 'Pump', 'D098', 3, 2)).toEqual({
      names: ['Pump1', 'Pump2', 'Pump3'],
      addresses: ['D098', 'D100', 'D102'],
    });
  });
  it('shows nothing outside a batch, with an invalid count or an address without a number', () => {
    expect(batchPreview('add', 'Pump', 'D1', 3, 1)).toEqual({ names: undefined, addresses: undefined });
    expect(batchPreview('batch', 'Pump', 'D1', 1, 1)).toEqual({ names: undefined, addresses: undefined });
    expect(batchPreview('batch', ' ', 'X', 3, 1)).toEqual({ names: undefined, addresses: undefined });
  });
  it('steps by 1 when the step is cleared', () => {
    expect(batchPreview('batch', 'P', 'D1', 2, null).addresses).toEqual(['D1', 'D2']);
  });
});

describe('point rules', () => {
  it('checks every numbered name of a batch against the taken names', () => {
    expect(checkPointName('Pump', { count: 3 }, 'batch', ['Pump3']).ok).toBe(false);
    expect(checkPointName('Pump', { count: 3 }, 'add', ['Pump3']).ok).toBe(true);
    expect(checkPointName('Pump', { count: 3 }, 'add', ['Pump']).ok).toBe(false);
  });
  it('needs a length of at least 1 for a STRING only', () => {
    expect(checkPointLength(0, { data_type: TagDataType.STRING }).ok).toBe(false);
    expect(checkPointLength(0, { data_type: TagDataType.INT16 }).ok).toBe(true);
  });
  it('allows a bit component on BOOL only', () => {
    expect(bitNeedsBool('bit', TagDataType.INT16)).toBe(true);
    expect(bitNeedsBool('bit', TagDataType.BOOL)).toBe(false);
    expect(bitNeedsBool('word', TagDataType.INT16)).toBe(false);
  });
  it('refuses a batch address without a number', () => {
    expect(batchAddressWithoutNumber('batch', 'DX')).toBe(true);
    expect(batchAddressWithoutNumber('batch', 'D10')).toBe(false);
    expect(batchAddressWithoutNumber('add', 'DX')).toBe(false);
    expect(batchAddressWithoutNumber('batch', '')).toBe(false);
  });
});
