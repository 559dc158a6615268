import type { LiveDataItem, LiveServerMessage } from '@hmi/domain';
import type { WebSocket } from 'ws';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { MessageRate } from '../../lib/message-rate.ts';
import type { ShareGrant } from './live-shares.ts';
import type { Subscription } from './subscription.ts';
import type { ViewRequests } from './view-requests.ts';

/** What a socket streams of one device: the tags whose values pass, and those waiting to go. */
export interface DeviceStream {
  tags: ReadonlySet<number>;
  /** Tag id -> its newest value since the last frame. */
  pending: Map<number, LiveDataItem>;
}

/**
 * One device data socket: what the hub keeps to filter and coalesce its values (the devices it
 * streams, the values waiting for the next frame) and to work its subscription again.
 */
export interface LiveClient {
  ws: WebSocket;
  user: CurrentUser;
  canData: boolean;
  /** What the socket asked for (worked again on a page switch or an access change). */
  sub: Subscription;
  /** Device id -> what is streamed of it; every device here gets `act`. */
  streams: Map<number, DeviceStream>;
  /** Tags streamed (the sum of the streams' tags: the team's cap counts them). */
  tagCount: number;
  /** Values waiting for the next frame (the sum of the streams' pending). */
  pendingCount: number;
  timer: NodeJS.Timeout | null;
  lastSent: number;
  lastSeen: number;
  /** The client's message rate (4030 beyond). */
  rate: MessageRate;
  /** Its subscribe and switch_page requests, worked one at a time, the latest winning. */
  requests: ViewRequests;
  /** The user's access changed and is being read again: nothing is shown meanwhile. */
  suspended: boolean;
  /** A share link's viewer (`user` is then its principal: live-shares.ts); null for a signed-in user. */
  share: ShareGrant | null;
}

/** A socket slower than this many buffered bytes skips frames (its values stay coalesced). */
const MAX_BUFFERED = 1024 * 1024;

export function send(client: LiveClient, message: LiveServerMessage): void {
  if (client.ws.readyState === client.ws.OPEN) client.ws.send(JSON.stringify(message));
}

/** Drops the values waiting for the next frame. */
export function clearPending(client: LiveClient): void {
  for (const s of client.streams.values()) s.pending.clear();
  client.pendingCount = 0;
}

/**
 * At most one `data` frame per coalescing window: at once if the last one is older, else at the
 * window's end. A module function and arguments for the timer, no closure per frame.
 */
export function schedule(client: LiveClient, coalesceMs: number): void {
  if (client.timer) return;
  const wait = Math.max(0, client.lastSent + coalesceMs - Date.now());
  client.timer = setTimeout(flush, wait, client, coalesceMs);
}

function flush(client: LiveClient, coalesceMs: number): void {
  client.timer = null;
  if (client.pendingCount === 0 || client.ws.readyState !== client.ws.OPEN) return;
  if (client.ws.bufferedAmount > MAX_BUFFERED) {
    client.lastSent = Date.now();
    schedule(client, coalesceMs);
    return;
  }
  const items: LiveDataItem[] = [];
  for (const s of client.streams.values()) {
    if (s.pending.size === 0) continue;
    for (const item of s.pending.values()) items.push(item);
    s.pending.clear();
  }
  client.pendingCount = 0;
  client.lastSent = Date.now();
  send(client, { type: 'data', page: client.sub.page, items });
}
