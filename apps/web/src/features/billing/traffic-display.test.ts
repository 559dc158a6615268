import { describe, expect, it } from 'vitest';
import { CardStatus, type BillingCard } from '@hmi/domain';
import {
  allocatableRaCards,
  prompt12gState,
  switchBlockOf,
  visibleRows,
  type MonthRow,
} from './traffic-display.ts';

const card = (id: number, over: Partial<BillingCard> = {}): BillingCard => ({
  id,
  type: 'ra',
  number: '****AAAAAAA' + id,
  status: CardStatus.Active,
  activated_at: 1,
  expires_at: 2,
  quota: { templates: 0, tags: 0, level: null, gigabytes: 5 },
  left: { templates: 0, tags: 0, level: null, gigabytes: 5 },
  allocated: false,
  ...over,
});
const row = (over: Partial<MonthRow> = {}): MonthRow => ({
  device_id: 1,
  name: 'Press_1',
  month: '2026-11',
  on: false,
  used_bytes: 0,
  remaining_bytes: 100,
  prompt_12g: null,
  bytes_up: 0,
  bytes_down: 0,
  ...over,
});

describe('traffic display', () => {
  it('offers only active RA cards not allocated yet', () => {
    const cards = [
      card(1),
      card(2, { allocated: true }),
      card(3, { status: CardStatus.Outdated }),
      card(4, { type: 'ca' }),
      card(5, { status: CardStatus.NotActivated }),
    ];
    expect(allocatableRaCards(cards).map((c) => c.id)).toEqual([1]);
  });

  it('locks the switch once on this month, keeps past months read only, asks for traffic first', () => {
    expect(switchBlockOf(row({ on: true }), '2026-11')).toBe('locked');
    expect(switchBlockOf(row({ on: true, month: '2026-12' }), '2026-11')).toBeUndefined();
    expect(switchBlockOf(row({ month: '2026-10' }), '2026-11')).toBe('past');
    expect(switchBlockOf(row({ remaining_bytes: 0 }), '2026-11')).toBe('noTraffic');
    expect(switchBlockOf(row(), '2026-11')).toBeUndefined();
  });

  it('reads the 12G prompt and filters by device or name', () => {
    expect([null, 1047, 1048].map((p) => prompt12gState({ prompt_12g: p as never }))).toEqual([
      'none',
      'ask',
      'confirmed',
    ]);
    const rows = [row(), row({ device_id: 2, name: 'Mixer' })];
    expect(visibleRows(rows, { device: 2 }).map((r) => r.device_id)).toEqual([2]);
    expect(visibleRows(rows, { search: 'PRESS' }).map((r) => r.device_id)).toEqual([1]);
    expect(visibleRows(rows, {})).toHaveLength(2);
  });
});
