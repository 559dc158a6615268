import { z } from 'zod';
import { singleLineText } from '../validation/free-text.validation.ts';
import { alarmLevelSchema, alarmRecord } from './alarm.api.ts';

/**
 * Contract of the message centre (issue 6; SPEC sections 2, 3, 7). Every signed-in user has
 * system (notice) and alarm messages; billing messages need MsgBillingView (23). Messages are
 * per user: an alarm raised on a device gives one message to each user whose data scope holds
 * that device, so read state is each user's own.
 */
export const MessagePaths = {
  count: '/msg/notify/count', // GET -> messageCounts (auth.api)                       (signed in)
  today: '/msg/notify/today', // GET messageTodayQuery -> messageListReply (today's, newest first, <= 50) (signed in)
  query: '/msg/notify', // GET messageQuery -> messageListReply                         (signed in)
  setRead: '/msg/setread', // POST messageSetReadBody -> messageSetReadReply            (signed in)
  settings: '/msg/notify/settings', // GET -> notifySettings; POST notifySettings -> notifySettings
  sendTest: '/msg/notify/test', // POST -> notifyDelivery (a test mail to the caller)   (signed in)
  deliveries: '/msg/notify/deliveries', // GET deliveryQuery -> deliveryListReply       (signed in)
  /** WebSocket ?token=: notify events of the caller (see notifyEvent). */
  socket: '/ws/notify',
} as const;

export const messageKindSchema = z.enum(['notice', 'billing', 'alarm']);
export type MessageKindName = z.infer<typeof messageKindSchema>;

export const messageItem = z.object({
  id: z.number().int(),
  kind: messageKindSchema,
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: z.number().int(),
  /** Alarm messages: the record (current state), null when it was deleted with its device. */
  alarm: alarmRecord.nullable(),
});
export type MessageItem = z.infer<typeof messageItem>;

export const messageQuery = z.object({
  kind: messageKindSchema.optional(),
  /** Alarm messages: 0 all, 1 alarm, 4 recovery (state of the record now), 2 response (acknowledged, also once recovered). */
  state: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4)]))
    .default(0),
  /** A mask of alarm levels; 0 or absent = all. */
  level: z.coerce.number().int().min(0).max(31).optional(),
  unread: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  search: singleLineText.max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type MessageQuery = z.input<typeof messageQuery>;
/** As a route receives it (defaults applied, text coerced). */
export type MessageQueryParsed = z.output<typeof messageQuery>;
export const messageListReply = z.object({ list: z.array(messageItem), total: z.number().int() });
export type MessageListReply = z.infer<typeof messageListReply>;

/**
 * GET /msg/notify/today: `tz` = the caller's offset from UTC in hours (e.g. 8, -5, 5.5; the
 * browser's `-new Date().getTimezoneOffset() / 60`) so "today" starts at the caller's midnight;
 * absent = the server's time zone. `total` of the reply counts every message of today.
 */
export const messageTodayQuery = z.object({ tz: z.coerce.number().min(-14).max(14).optional() });
export type MessageTodayQuery = z.input<typeof messageTodayQuery>;
export const MessageLimits = { todayMax: 50 } as const;

/** Mark read: the given ids, or every unread message (of `kind` when given) with `all`. */
export const messageSetReadBody = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) }),
  z.object({ all: z.literal(true), kind: messageKindSchema.optional() }),
]);
export type MessageSetReadBody = z.infer<typeof messageSetReadBody>;
export const messageSetReadReply = z.object({ updated: z.number().int() });

/** Which alarm levels reach the user by email: a mask of AlarmLevel bits (0 = none). */
export const notifySettings = z.object({
  mail_levels: z.number().int().min(0).max(31),
  /** Where the mails go; null when the account has no email (phone accounts). */
  email: z.string().nullable().optional(),
});
export type NotifySettings = z.infer<typeof notifySettings>;

export const notifyDelivery = z.object({
  id: z.number().int(),
  channel: z.literal('email'),
  kind: z.enum(['alarm', 'test']),
  destination: z.string(),
  subject: z.string(),
  ok: z.boolean(),
  error: z.string().nullable(),
  alarm_record_id: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type NotifyDelivery = z.infer<typeof notifyDelivery>;
/** The notify socket's query, `?token=`: a token that does not pass is no token (TokenInvalid). */
export const notifySocketQuery = z.object({ token: singleLineText.optional() });

export const deliveryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const deliveryListReply = z.object({ list: z.array(notifyDelivery), total: z.number().int() });
export type DeliveryListReply = z.infer<typeof deliveryListReply>;

/**
 * Server -> client frames of the notify socket (JSON text). `counts` asks the client to refetch
 * /msg/notify/count (sent on every new message or read change of the user); `alarm` comes for
 * every alarm raised, acknowledged or recovered on a device of the user's data scope, with the
 * record; the console shows a banner for a raised critical (16) alarm; `access` comes when the
 * user's role, its permissions, data permissions or zones changed while they stay in the team
 * (the client re-reads the user info and refetches every screen's data: menu, buttons and lists
 * follow without a reload). The client sends `ping`
 * every 10 s and gets `pong`; close codes are those of the device data socket (LiveCloseCode).
 */
export const notifyEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('counts') }),
  z.object({
    type: z.literal('alarm'),
    event: z.enum(['raised', 'acked', 'recovered', 'repeated']),
    level: alarmLevelSchema,
    record: alarmRecord,
  }),
  z.object({ type: z.literal('access') }),
  z.object({ type: z.literal('pong') }),
]);
export type NotifyEvent = z.infer<typeof notifyEvent>;

/** Client -> server frames of the notify socket: only the heartbeat; anything else closes it (1003). */
export const notifyClientMessage = z.object({ type: z.literal('ping') });
export type NotifyClientMessage = z.infer<typeof notifyClientMessage>;
