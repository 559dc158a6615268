import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { recordDetailParts, recordKindKey } from './record-detail.ts';

describe('recordDetailParts', () => {
  it('reads an activation: what the card brought and until when', () => {
    const expires = Date.UTC(2027, 0, 2, 3, 4, 5);
    expect(
      recordDetailParts({
        kind: 'activation',
        type: 'ca',
        detail: { templates: 5, tags: 500, level: 2, gigabytes: 0, expires_at: expires },
      }),
    ).toEqual([
      { key: 'detail.templates', params: { count: 5 } },
      { key: 'detail.tags', params: { count: 500, level: 2 } },
      { key: 'detail.expires', params: { date: formatDateTime(expires) } },
    ]);
    expect(
      recordDetailParts({
        kind: 'activation',
        type: 'ca',
        detail: { templates: 0, tags: 0, level: null, gigabytes: 20 },
      }),
    ).toEqual([{ key: 'detail.gigabytes', params: { count: 20 } }]);
  });

  it('reads a first allocation and an upgrade', () => {
    expect(
      recordDetailParts({
        type: 'ca',
        kind: 'allocation',
        detail: { level: 2, tags: 100, from_level: null },
      }),
    ).toEqual([{ key: 'detail.allocated', params: { level: 2, count: 100 } }]);
    expect(
      recordDetailParts({ type: 'ca', kind: 'allocation', detail: { level: 4, tags: 500, from_level: 2 } }),
    ).toEqual([{ key: 'detail.upgraded', params: { from: 2, level: 4, count: 500 } }]);
  });

  it('reads an RA allocation as traffic given to the device until a date, not TAGs (issue 24, item 6)', () => {
    const expires = 1827315989682;
    expect(
      recordDetailParts({ kind: 'allocation', type: 'ra', detail: { gigabytes: 10, expires_at: expires } }),
    ).toEqual([
      { key: 'detail.raAllocated', params: { count: 10 } },
      { key: 'detail.expires', params: { date: formatDateTime(expires) } },
    ]);
    expect(recordKindKey({ kind: 'allocation', type: 'ra' })).toBe('record.kind.raAllocation');
    expect(recordKindKey({ kind: 'allocation', type: 'ca' })).toBe('record.kind.allocation');
    expect(recordKindKey({ kind: 'activation', type: 'ra' })).toBe('record.kind.activation');
  });

  it('shows whatever else a record carries as name and value, leaving out empty entries', () => {
    expect(
      recordDetailParts({
        type: 'ca',
        kind: 'expiry',
        detail: { templates_locked: 2, note: null, devices: [1, 2] },
      }),
    ).toEqual([
      { key: 'detail.entry', params: { name: 'templates_locked', value: '2' } },
      { key: 'detail.entry', params: { name: 'devices', value: '[1,2]' } },
    ]);
    expect(
      recordDetailParts({
        type: 'ca',
        kind: 'allocation',
        detail: { level: 1, tags: 50, from_level: null, by: 'x' },
      }),
    ).toEqual([
      { key: 'detail.allocated', params: { level: 1, count: 50 } },
      { key: 'detail.entry', params: { name: 'by', value: 'x' } },
    ]);
  });
});
