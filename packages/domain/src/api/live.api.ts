import { z } from 'zod';
import { Limits } from '../constants/limits.constants.ts';
import { idSchema } from './device.api.ts';
import { historyValue, tagIdsQuery } from './history.api.ts';
import { singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of the device data socket (SPEC section 7, DESIGN section 6) and of the last values.
 *
 * Socket: `GET /v1/ws/device?token=<access token>&page=<n>` upgraded to a WebSocket. JSON text
 * frames, one message each. The token is checked on connect (and the session every minute):
 * a missing, invalid or expired token, an ended session or a closed account closes the socket
 * with 4001 (the client logs out, E_INVALID_OR_EXPIRED_TOKEN).
 *
 * One subscription per socket: `subscribe` names a page of devices, (device, tag) pairs of any
 * devices and devices wanted for `act` only, all at once; each subscribe replaces the last.
 * Pages: the client names the devices it shows by page with `subscribe` (device ids, page size). A
 * device's tags are ordered as in its template; page n (0-based, from `page` of the URL or
 * `switch_page`) is tags [n * page_size, (n + 1) * page_size) of each subscribed device. Only the
 * values of those tags are streamed (`data`, coalesced per socket: at most one frame per
 * coalescing window, 250 ms by default); on every subscribe and page switch the server first
 * sends the page's last values. A pair in `tags` is streamed whatever the page. Backfilled samples (`hist: true`) are stored, never streamed.
 * `act` messages (online, offline, sync state, write results) come for every subscribed device.
 * Data values need the monitor permission (47); without it a socket receives `act` only.
 * Devices outside the caller's data scope are refused (`subscribed.refused`), never streamed.
 *
 * The client sends `ping` every 10 s; the server answers `pong` and closes a socket silent for
 * 30 s with 4008.
 *
 * Message rate (this socket and the notify socket): every message takes a token from a bucket of
 * LiveLimits.messageBurst tokens refilled at LiveLimits.messageRatePerSec a second (the server's
 * LIVE_MESSAGE_BURST / LIVE_MESSAGE_RATE); a message finding it empty closes the socket with
 * 4030, which the client treats as a dropped connection (it reconnects later), not as a logout.
 * While a subscribe or page switch is being worked, later ones wait in one slot per socket: a
 * newer switch_page or subscribe replaces the waiting one (the latest wins), so a burst of page
 * switches costs the server two at most.
 */
export const LivePaths = {
  socket: '/ws/device', // WebSocket ?token=&page=                                   (device view 2)
  lastValues: '/device/lastvalues', // GET lastValuesQuery -> lastValuesReply         (device monitor 47)
} as const;

/** Close codes of the device data socket. */
export const LiveCloseCode = {
  /** Server shutting down: reconnect later. */
  GoingAway: 1001,
  /** A frame that is not JSON text or is larger than LiveLimits.maxMessageBytes. */
  BadMessage: 1003,
  /** Token missing, invalid or expired, session ended, account closed: log out. */
  TokenInvalid: 4001,
  /** The caller lacks device view (2). */
  PermissionDenied: 4003,
  /** No message from the client for LiveLimits.idleCloseMs. */
  IdleTimeout: 4008,
  /** The team has LIVE_MAX_SOCKETS_PER_TEAM sockets open already. */
  TooManySockets: 4029,
  /** The client sent faster than the message rate allows (LiveLimits.messageRatePerSec, messageBurst). */
  TooManyMessages: 4030,
} as const;
export type LiveCloseCode = (typeof LiveCloseCode)[keyof typeof LiveCloseCode];

export const LiveLimits = {
  pageSizeDefault: 20,
  pageSizeMax: 100,
  devicesPerSocketMax: 50,
  /**
   * (device, tag) pairs of one subscription: a project screen of 500 widgets on 20 devices (issue
   * 26) fits, with the tab's other screens beside it.
   */
  tagPairsMax: 1000,
  pingIntervalMs: Limits.socketHeartbeatMs,
  idleCloseMs: 3 * Limits.socketHeartbeatMs,
  /** A subscription of tagPairsMax pairs is about 32 KiB of JSON. */
  maxMessageBytes: 48 * 1024,
  /**
   * Default message rate of a browser socket (server settings LIVE_MESSAGE_RATE and
   * LIVE_MESSAGE_BURST): 20 a second sustained, bursts of 40. The console sends a ping every
   * 10 s and a page switch per click, far below; beyond it the socket closes with 4030.
   */
  messageRatePerSec: 20,
  messageBurst: 40,
} as const;

const pageIndex = z.number().int().min(0).max(100_000);

// ---- client -> server ----

const tagPairs = z
  .array(z.object({ device_id: z.number().int().positive(), tag_id: z.number().int().positive() }))
  .max(LiveLimits.tagPairsMax);

/**
 * The socket's one subscription (replaces the previous one): a page of the devices in
 * `device_ids`, plus the (device, tag) pairs in `tags`, plus `act` only for `act_device_ids`.
 * Together at most LiveLimits.devicesPerSocketMax distinct devices (beyond: error 1006, the
 * previous subscription stays). A console tab merges what its screens show into one of these.
 */
export const liveSubscribeMessage = z.object({
  type: z.literal('subscribe'),
  /** The devices shown by page. [] = none. */
  device_ids: z.array(z.number().int().positive()).max(LiveLimits.devicesPerSocketMax),
  page_size: z.number().int().min(1).max(LiveLimits.pageSizeMax).default(LiveLimits.pageSizeDefault),
  /** Defaults to the current page. */
  page: pageIndex.optional(),
  /** (device, tag) pairs streamed whatever the page (as subscribe_tags). */
  tags: tagPairs.optional(),
  /** Devices whose `act` messages only are wanted (no values). */
  act_device_ids: z.array(z.number().int().positive()).max(LiveLimits.devicesPerSocketMax).optional(),
});
/**
 * The tags on screen, by (device, tag) pair: the same as `subscribe` with these `tags` only (no
 * page devices, no act-only devices); only these tags' values are streamed, `act` comes for their devices.
 * At most LiveLimits.devicesPerSocketMax devices and LiveLimits.tagPairsMax pairs; pairs whose
 * device is outside the caller's scope are refused (the device in `subscribed.refused`), tags not
 * of the device are left out. `switch_page` does not apply to it.
 */
export const liveSubscribeTagsMessage = z.object({
  type: z.literal('subscribe_tags'),
  tags: tagPairs,
});
export const liveSwitchPageMessage = z.object({ type: z.literal('switch_page'), page: pageIndex });
export const livePingMessage = z.object({ type: z.literal('ping') });

export const liveClientMessage = z.discriminatedUnion('type', [
  liveSubscribeMessage,
  liveSubscribeTagsMessage,
  liveSwitchPageMessage,
  livePingMessage,
]);
export type LiveClientMessage = z.input<typeof liveClientMessage>;

// ---- server -> client ----

/** First message after the token was accepted. */
export const liveReadyMessage = z.object({
  type: z.literal('ready'),
  user_id: z.number().int(),
  page: z.number().int(),
  coalesce_ms: z.number().int(),
  /** False when the caller lacks the monitor permission (47): no `data` will come. */
  data: z.boolean(),
});

/** Answer to subscribe and switch_page: the tags of the page for each accepted device. */
export const liveSubscribedMessage = z.object({
  type: z.literal('subscribed'),
  page: z.number().int(),
  page_size: z.number().int(),
  devices: z.array(
    z.object({
      device_id: z.number().int(),
      /** Tag ids on this page, in template order. */
      tag_ids: z.array(z.number().int()),
      /** Tags of the device's template (for the pager). */
      tag_total: z.number().int(),
    }),
  ),
  /** Requested devices that are not the caller's (outside the team or data scope). */
  refused: z.array(z.number().int()),
});

export const liveDataItem = z.object({
  device_id: z.number().int(),
  tag_id: z.number().int(),
  /** Sample time (device clock), ms. */
  ts: z.number().int(),
  value: historyValue,
});
export type LiveDataItem = z.infer<typeof liveDataItem>;

/** Latest values of tags on the current page (one item per tag, the newest). */
export const liveDataMessage = z.object({
  type: z.literal('data'),
  page: z.number().int(),
  items: z.array(liveDataItem),
});

export const liveActKinds = ['online', 'offline', 'sync', 'settag', 'tunnel'] as const;

/**
 * Something happened to a subscribed device. online/offline: its connection state
 * (`online` 0/1). sync: its config was acknowledged (`sync_state` 0/1, `version`). settag: a
 * write finished (`tag_id`, `value`, `ok`, `code` on failure, `write_id`). tunnel: the
 * device's remote-access status changed (`tunnel_state`, `operator_name`, `viewers`).
 */
export const liveActMessage = z.object({
  type: z.literal('act'),
  act: z.enum(liveActKinds),
  device_id: z.number().int(),
  ts: z.number().int(),
  online: z.number().int().optional(),
  sync_state: z.number().int().optional(),
  version: z.number().int().optional(),
  tag_id: z.number().int().optional(),
  value: historyValue.optional(),
  ok: z.boolean().optional(),
  code: z.union([z.number().int(), z.string()]).optional(),
  write_id: z.number().int().optional(),
  tunnel_state: z.enum(['idle', 'in_use']).optional(),
  operator_name: z.string().nullable().optional(),
  viewers: z.number().int().optional(),
});
export type LiveActMessage = z.infer<typeof liveActMessage>;

export const livePongMessage = z.object({ type: z.literal('pong'), ts: z.number().int() });

/** A message the server could not accept: 1006 bad message, 1036 team subscription cap, 1002 no permission. */
export const liveErrorMessage = z.object({
  type: z.literal('error'),
  code: z.union([z.number().int(), z.string()]),
  msg: z.string(),
});

export const liveServerMessage = z.discriminatedUnion('type', [
  liveReadyMessage,
  liveSubscribedMessage,
  liveDataMessage,
  liveActMessage,
  livePongMessage,
  liveErrorMessage,
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;

/**
 * The device data socket's query, `?token=&page=`. The server reads it field by field, since the
 * socket answers over the socket (not with a failed upgrade): a token that does not pass is no
 * token (closed with TokenInvalid), a page that does not pass is page 0.
 */
export const liveSocketQuery = z.object({
  token: singleLineText.optional(),
  page: z.coerce.number().int().min(0).optional(),
  /** A share link's viewer token instead of `token` (project-share.api.ts): read-only, that project's bound tags. */
  share: singleLineText.max(128).optional(),
});

// ---- last values (HTTP) ----

export const lastValuesQuery = z.object({
  id: idSchema,
  /** Only these tags; default every tag of the device that has a value. */
  tag_ids: tagIdsQuery.optional(),
});
export type LastValuesQuery = z.input<typeof lastValuesQuery>;

export const lastValuesReply = z.object({
  device_id: z.number().int(),
  /** 0 offline, 1 online. */
  online: z.number().int(),
  items: z.array(z.object({ tag_id: z.number().int(), ts: z.number().int(), value: historyValue })),
});
export type LastValuesReply = z.infer<typeof lastValuesReply>;
