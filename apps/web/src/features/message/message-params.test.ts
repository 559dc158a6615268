import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { alarmExportBody, messageQuery } from '@hmi/domain';
import {
  activeFilterCount,
  DEFAULT_PAGE_SIZE,
  messageParamsToSearch,
  parseMessageParams,
  toExportBody,
  toMessageQuery,
  type MessageListParams,
} from './message-params.ts';

const parse = (qs: string) => parseMessageParams(new URLSearchParams(qs));

describe('message list params', () => {
  it('defaults: page 1, 20 a page, all states and levels', () => {
    expect(parse('')).toEqual({ page: 1, page_size: DEFAULT_PAGE_SIZE, state: 0, level: 0 });
  });

  it.each([
    ['state=3', { state: 0 }],
    ['state=4', { state: 4 }],
    ['level=32', { level: 0 }],
    ['level=24', { level: 24 }],
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page_size=7', { page_size: DEFAULT_PAGE_SIZE }],
    ['page_size=50', { page_size: 50 }],
    ['read=maybe', { read: undefined }],
    ['read=unread', { read: 'unread' }],
    ['from=20&to=10', { from: 10, to: 20 }],
    ['from=abc', { from: undefined }],
    [`search=${'x'.repeat(80)}`, { search: 'x'.repeat(64) }],
    ['search=%20%20', { search: undefined }],
  ])('%s', (qs, expected) => {
    const parsed = parse(qs) as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(expected)) expect(parsed[key], key).toEqual(value);
  });

  it('round-trips through the URL and leaves defaults out', () => {
    expect(messageParamsToSearch(parse('')).toString()).toBe('');
    const params = fc.record({
      page: fc.integer({ min: 1, max: 500 }),
      page_size: fc.constantFrom(10, 20, 50, 100),
      state: fc.constantFrom(0, 1, 2, 4) as fc.Arbitrary<MessageListParams['state']>,
      level: fc.integer({ min: 0, max: 31 }),
      read: fc.option(fc.constantFrom('unread' as const, 'read' as const), { nil: undefined }),
      from: fc.option(fc.integer({ min: 0, max: 2e12 }), { nil: undefined }),
      search: fc.option(
        fc.string({ minLength: 1, maxLength: 64 }).filter((s) => s.trim() === s && s.length > 0),
        { nil: undefined },
      ),
    });
    fc.assert(
      fc.property(params, (p) => {
        const clean = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined));
        expect(parseMessageParams(messageParamsToSearch(p))).toEqual(clean);
      }),
    );
  });

  it('alarm messages send state and level; system messages neither; both pass the contract', () => {
    const p = parse('state=2&level=16&read=read&from=5&to=9&search=oven&page=3');
    const alarm = toMessageQuery(p, 'alarm');
    expect(alarm).toEqual({
      kind: 'alarm',
      state: 2,
      level: 16,
      unread: 'false',
      from: 5,
      to: 9,
      search: 'oven',
      page: 3,
      page_size: 20,
    });
    expect(messageQuery.parse(alarm)).toMatchObject({ state: 2, level: 16, unread: false });
    const notice = toMessageQuery(p, 'notice');
    expect(notice).not.toHaveProperty('state');
    expect(notice).not.toHaveProperty('level');
    expect(messageQuery.parse(toMessageQuery(parse('read=unread'), 'notice'))).toMatchObject({
      kind: 'notice',
      state: 0,
      unread: true,
    });
  });

  it('the export carries the alarm filters and the offset in hours, not paging or read state', () => {
    const body = toExportBody(parse('state=1&level=24&read=unread&from=5&to=9&search=a&page=4'), 5.5);
    expect(body).toEqual({ state: 1, level: 24, from: 5, to: 9, search: 'a', tz: 5.5 });
    expect(alarmExportBody.parse(body)).toMatchObject({ state: 1, level: 24, tz: 5.5 });
    expect(alarmExportBody.parse(toExportBody(parse(''), -5))).toEqual({ state: 0, tz: -5 });
  });

  it('counts the filters in effect besides search', () => {
    expect(activeFilterCount(parse('search=x'), 'alarm')).toBe(0);
    expect(activeFilterCount(parse('state=1&level=3&read=read&to=4'), 'alarm')).toBe(4);
    expect(activeFilterCount(parse('state=1&level=3&read=read&to=4'), 'notice')).toBe(2);
  });
});
