import { AlarmLevel, type AlarmRecord, type NotifyEvent } from '@hmi/domain';
import type { QueryKey } from '@tanstack/react-query';
import { sessionKeys } from '../../shared/session/session-keys.ts';
import { messageKeys } from '../message/index.ts';

/** Every alarm query of the console (rules, records, device status) starts with this key. */
export const ALARM_QUERY_ROOT = ['alarm'] as const;

export interface NotifyReaction {
  /** Query key prefixes to invalidate (active queries refetch, others go stale). */
  invalidate: QueryKey[];
  /** Invalidate every query (the user info included): the user's access changed. */
  everything?: true;
  /** A newly raised critical alarm: show the banner (and beep when the user wants it). */
  banner?: AlarmRecord;
  /** A later event of a record that may be on a banner: update its state there. */
  update?: AlarmRecord;
}

/**
 * What the console does with one notify frame: `counts` refreshes the badge's counts and the
 * message lists (the frame comes on every new message and read change of the user); `alarm`
 * refreshes every alarm and message query, and a `raised` critical (16) alarm gets a banner;
 * `access` (the user's role, permissions, data permissions or zones changed) invalidates every
 * query, the user info included, so the menu, the buttons and the lists follow without a reload.
 */
export function reactTo(event: NotifyEvent): NotifyReaction {
  switch (event.type) {
    case 'counts':
      return { invalidate: [sessionKeys.messageCounts, messageKeys.all] };
    case 'alarm': {
      const reaction: NotifyReaction = {
        // The counts follow in their own `counts` frame when the event made a message.
        invalidate: [ALARM_QUERY_ROOT, messageKeys.all],
      };
      if (event.event === 'raised' && event.level === AlarmLevel.Critical) reaction.banner = event.record;
      else reaction.update = event.record;
      return reaction;
    }
    case 'access':
      return { invalidate: [], everything: true };
    case 'pong':
      return { invalidate: [] };
  }
}
