import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { recordDetailParts } from './record-detail.ts';

describe('recordDetailParts', () => {
  it('reads an activation: what the card brought and until when', () => {
    const expires = Date.UTC(2027, 0, 2, 3, 4, 5);
    expect(
      recordDetailParts({
        kind: 'activation',
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
        detail: { templates: 0, tags: 0, level: null, gigabytes: 20 },
      }),
    ).toEqual([{ key: 'detail.gigabytes', params: { count: 20 } }]);
  });

  it('reads a first allocation and an upgrade', () => {
    expect(
      recordDetailParts({ kind: 'allocation', detail: { level: 2, tags: 100, from_level: null } }),
    ).toEqual([{ key: 'detail.allocated', params: { level: 2, count: 100 } }]);
    expect(recordDetailParts({ kind: 'allocation', detail: { level: 4, tags: 500, from_level: 2 } })).toEqual(
      [{ key: 'detail.upgraded', params: { from: 2, level: 4, count: 500 } }],
    );
  });

  it('shows whatever else a record carries as name and value, leaving out empty entries', () => {
    expect(
      recordDetailParts({ kind: 'expiry', detail: { templates_locked: 2, note: null, devices: [1, 2] } }),
    ).toEqual([
      { key: 'detail.entry', params: { name: 'templates_locked', value: '2' } },
      { key: 'detail.entry', params: { name: 'devices', value: '[1,2]' } },
    ]);
    expect(
      recordDetailParts({ kind: 'allocation', detail: { level: 1, tags: 50, from_level: null, by: 'x' } }),
    ).toEqual([
      { key: 'detail.allocated', params: { level: 1, count: 50 } },
      { key: 'detail.entry', params: { name: 'by', value: 'x' } },
    ]);
  });
});
