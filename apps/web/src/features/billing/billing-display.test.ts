import { describe, expect, it } from 'vitest';
import { CardStatus, type BillingCard } from '@hmi/domain';
import {
  cardHolding,
  cardStatusView,
  expiryWarnings,
  levelChoices,
  levelsByDevice,
  shownCardNumber,
  tagQuotaRows,
  trafficSummary,
  usedPercent,
} from './billing-display.ts';

const card = (over: Partial<BillingCard> = {}): BillingCard => ({
  id: 1,
  type: 'ca',
  number: '****AB23CD45',
  status: CardStatus.Active,
  activated_at: 1,
  allocated: false,
  expires_at: 2,
  quota: { templates: 5, tags: 500, level: 2, gigabytes: 0 },
  left: { templates: 5, tags: 300, level: 2, gigabytes: 0 },
  ...over,
});

describe('card display', () => {
  it('names each status with its own text and colour', () => {
    expect(cardStatusView(CardStatus.NotActivated)).toEqual({ key: 'status.notActivated', color: 'default' });
    expect(cardStatusView(CardStatus.Active)).toEqual({ key: 'status.active', color: 'success' });
    expect(cardStatusView(CardStatus.Outdated)).toEqual({ key: 'status.outdated', color: 'error' });
  });

  it('shows the masked number as sent and never a whole number', () => {
    expect(shownCardNumber('****AB23CD45')).toBe('****AB23CD45');
    expect(shownCardNumber('K7Q2AB23CD45')).toBe('****AB23CD45');
  });

  it('says what a CA card holds and has left, and an RA card its traffic', () => {
    expect(cardHolding(card())).toEqual([
      { key: 'holds.templates', params: { count: 5 } },
      { key: 'holds.tags', params: { left: 300, total: 500, level: 2 } },
    ]);
    const ra = card({
      type: 'ra',
      quota: { templates: 0, tags: 0, level: null, gigabytes: 20 },
      left: { templates: 0, tags: 0, level: null, gigabytes: 7 },
    });
    expect(cardHolding(ra)).toEqual([{ key: 'holds.gigabytes', params: { left: 7, total: 20 } }]);
  });

  it('sums the traffic of active RA cards only', () => {
    const ra = (status: CardStatus, gb: number, left: number) =>
      card({
        type: 'ra',
        status,
        quota: { templates: 0, tags: 0, level: null, gigabytes: gb },
        left: { templates: 0, tags: 0, level: null, gigabytes: left },
      });
    expect(trafficSummary([card()])).toBeUndefined();
    expect(
      trafficSummary([
        ra(CardStatus.Active, 10, 4),
        ra(CardStatus.Outdated, 50, 0),
        ra(CardStatus.Active, 5, 5),
      ]),
    ).toEqual({
      left: 9,
      total: 15,
    });
  });

  it('sums what the cards’ usage left (decimals from the server), not their quotas', () => {
    const ra = (gb: number, left: number) =>
      card({
        type: 'ra',
        status: CardStatus.Active,
        quota: { templates: 0, tags: 0, level: null, gigabytes: gb },
        left: { templates: 0, tags: 0, level: null, gigabytes: left },
      });
    expect(trafficSummary([ra(5, 3.75), ra(2, 0.1), ra(1, 0.2)])).toEqual({ left: 4.05, total: 8 });
    expect(trafficSummary([ra(1, 0.1), ra(1, 0.2)])?.left).toBe(0.3);
  });

  it('turns used of total into a bounded percentage', () => {
    expect(usedPercent(1, 4)).toBe(25);
    expect(usedPercent(6, 4)).toBe(100);
    expect(usedPercent(0, 0)).toBe(0);
    expect(usedPercent(2, 0)).toBe(100);
  });
});

describe('TAG levels', () => {
  it('offers only levels above the current one (upgrade only)', () => {
    expect(levelChoices(undefined).map((l) => l.level)).toEqual([1, 2, 3, 4, 5]);
    expect(levelChoices(null).map((l) => l.level)).toEqual([1, 2, 3, 4, 5]);
    expect(levelChoices(2).map((l) => l.level)).toEqual([3, 4, 5]);
    expect(levelChoices(5)).toEqual([]);
    expect(levelChoices(3)[0]).toEqual({ level: 4, tags: 500, interval_s: 5 });
  });

  it('knows each device by its current level', () => {
    const map = levelsByDevice([
      {
        device_id: 7,
        device_name: 'Press',
        sn: 'SN7',
        level: 3,
        tags: 200,
        interval_s: 10,
        card_id: 1,
        updated_at: 0,
      },
    ]);
    expect(map.get(7)).toBe(3);
    expect(map.has(8)).toBe(false);
  });

  it('lists the levels the team has quota of, with their size and interval', () => {
    const rows = tagQuotaRows([
      { level: 1, used: 0, total: 0 },
      { level: 3, used: 200, total: 1000 },
    ]);
    expect(rows).toEqual([{ level: 3, used: 200, total: 1000, tags: 200, interval_s: 10 }]);
  });
});

describe('expiry preview', () => {
  it('keeps the expiries that lock templates, soonest first, with the card number', () => {
    const warnings = expiryWarnings({
      cards: [card({ id: 1, number: '****AAAA2222' }), card({ id: 2, number: '****BBBB3333' })],
      expiry_preview: [
        { card_id: 2, expires_at: 300, templates_over: 2 },
        { card_id: 1, expires_at: 100, templates_over: 0 },
        { card_id: 1, expires_at: 200, templates_over: 1 },
      ],
    });
    expect(warnings.map((w) => [w.expires_at, w.number, w.templates_over])).toEqual([
      [200, '****AAAA2222', 1],
      [300, '****BBBB3333', 2],
    ]);
  });
});
