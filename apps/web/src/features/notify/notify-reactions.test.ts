import { describe, expect, it } from 'vitest';
import { AlarmLevel, type AlarmRecord, type NotifyEvent } from '@hmi/domain';
import { reactTo } from './notify-reactions.ts';

const record = (over: Partial<AlarmRecord> = {}): AlarmRecord => ({
  id: 1,
  device_id: 2,
  device_name: 'Press_2',
  rule_id: 3,
  rule_name: 'pressure_high',
  group_id: null,
  group_name: null,
  tag_id: 4,
  tag_name: 'pressure',
  level: AlarmLevel.Critical,
  type: 2,
  state: 1,
  content: 'pressure 9.1',
  value: '9.1',
  last_value: '9.1',
  times: 1,
  raised_at: 1,
  acked_at: null,
  acked_by: null,
  ack_comment: null,
  recovered_at: null,
  ...over,
});

const alarm = (event: 'raised' | 'acked' | 'recovered' | 'repeated', level: AlarmLevel): NotifyEvent => ({
  type: 'alarm',
  event,
  level,
  record: record({ level }),
});

describe('reactTo', () => {
  it('counts: refreshes the badge counts and every message list', () => {
    expect(reactTo({ type: 'counts' })).toEqual({
      invalidate: [['session', 'messageCounts'], ['messages']],
    });
  });

  it('access: invalidates every query (the user info, menu and lists follow), nothing else', () => {
    expect(reactTo({ type: 'access' })).toEqual({ invalidate: [], everything: true });
  });

  it('no other frame invalidates everything', () => {
    expect(reactTo({ type: 'counts' }).everything).toBeUndefined();
    expect(reactTo({ type: 'pong' }).everything).toBeUndefined();
    expect(reactTo(alarm('raised', AlarmLevel.Critical)).everything).toBeUndefined();
  });

  it('pong: nothing', () => {
    expect(reactTo({ type: 'pong' })).toEqual({ invalidate: [] });
  });

  it.each([
    ['raised', AlarmLevel.Critical, true],
    ['raised', AlarmLevel.Severe, false],
    ['raised', AlarmLevel.Minor, false],
    ['repeated', AlarmLevel.Critical, false],
    ['acked', AlarmLevel.Critical, false],
    ['recovered', AlarmLevel.Critical, false],
  ] as const)(
    'alarm %s at level %i: banner %s; alarm and message queries refresh',
    (event, level, banner) => {
      const r = reactTo(alarm(event, level));
      expect(r.invalidate).toEqual([['alarm'], ['messages']]);
      expect(r.banner !== undefined).toBe(banner);
      // Every other alarm event may update a banner already shown for its record.
      expect(r.update !== undefined).toBe(!banner);
    },
  );
});
