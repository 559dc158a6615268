import { z } from 'zod';
import { cardStatusSchema } from './billing.api.ts';

/**
 * Contract of Remote Access traffic (the billing issue, traffic part; docs/api.md, Billing:
 * Remote Access traffic). An activated RA card (1 year, `gigabytes` GiB) is allocated to one
 * device and stays with it; each month the device's traffic is switched on (it then cannot be
 * switched off that month); usage is kept per device and month; past 12 GiB in a month a session
 * starts only once the 12G prompt is confirmed (1047 prompt, 1048 confirmed).
 */
export const TrafficPaths = {
  allocate: '/billing/ra/allocate', // POST raAllocateBody -> raAllocation            (ra-allocate 21)
  traffic: '/billing/ra/traffic', // GET raTrafficQuery -> raTrafficReply             (myAccount view 17)
  monthTraffic: '/diacom/monthtraffic', // POST monthTrafficBody -> trafficMonthState (ra-allocate 21)
} as const;

/** One GiB: RA cards hold `gigabytes` of these (SPEC 9: byte sizes in base 1024). */
export const GIB = 1024 ** 3;

/** A month of traffic, UTC: 'YYYY-MM'. */
export const trafficMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** The UTC month ('YYYY-MM') of a time in ms. */
export const trafficMonthOf = (ms: number): string => new Date(ms).toISOString().slice(0, 7);

/**
 * The 12G prompt of a month: null below 12 GiB used; 1047 reached and not confirmed (a session
 * is refused until confirmed); 1048 confirmed (sessions go on).
 */
export const prompt12gSchema = z.union([z.literal(1047), z.literal(1048)]).nullable();
export type Prompt12g = z.infer<typeof prompt12gSchema>;

export const raAllocateBody = z.object({
  card_id: z.number().int().positive(),
  device_id: z.number().int().positive(),
});
export type RaAllocateBody = z.infer<typeof raAllocateBody>;

/** An RA card of a device: what it holds and what the device used of it. */
export const raAllocation = z.object({
  card_id: z.number().int(),
  /** Masked: '****' + the last 8 symbols. */
  number: z.string(),
  device_id: z.number().int(),
  status: cardStatusSchema,
  gigabytes: z.number().int(),
  used_bytes: z.number().int(),
  /** Bytes left (0 once the card is outdated). */
  left_bytes: z.number().int(),
  expires_at: z.number().int().nullable(),
  allocated_at: z.number().int(),
});
export type RaAllocation = z.infer<typeof raAllocation>;

export const monthTrafficBody = z.object({
  device_id: z.number().int().positive(),
  /** Default: the current UTC month. */
  month: trafficMonthSchema.optional(),
  on: z.boolean(),
  /** The answer to the 12G prompt (kept once the month has reached 12 GiB). */
  confirm_12g: z.boolean().optional(),
});
export type MonthTrafficBody = z.infer<typeof monthTrafficBody>;

/** A device's month: switch, usage, what its active RA cards have left now, the 12G prompt. */
export const trafficMonthState = z.object({
  device_id: z.number().int(),
  month: z.string(),
  on: z.boolean(),
  used_bytes: z.number().int(),
  remaining_bytes: z.number().int(),
  prompt_12g: prompt12gSchema,
});
export type TrafficMonthState = z.infer<typeof trafficMonthState>;

/**
 * POST /diacom/monthtraffic without device_id and on (remote access issue): the month's traffic
 * of every device in the caller's scope (default month: the current UTC month).
 */
export const monthTrafficListBody = z.strictObject({ month: trafficMonthSchema.optional() });
export const monthTrafficList = z.object({
  month: z.string(),
  list: z.array(
    trafficMonthState.extend({
      name: z.string().nullable(),
      bytes_up: z.number().int(),
      bytes_down: z.number().int(),
    }),
  ),
});
export type MonthTrafficList = z.infer<typeof monthTrafficList>;
/** The route's body: the switch (monthTrafficBody) or the month's list (monthTrafficListBody). */
export const monthTrafficRequest = z.union([monthTrafficBody, monthTrafficListBody]);
/** Its reply: the switch's state, or the month's traffic per device in scope. */
export const monthTrafficReply = z.union([trafficMonthState, monthTrafficList]);

export const raTrafficQuery = z.object({
  device_id: z.coerce.number().int().positive(),
  /** Only this month; none: every month with a switch or usage. */
  month: trafficMonthSchema.optional(),
});
export type RaTrafficQuery = z.input<typeof raTrafficQuery>;

export const trafficMonthItem = z.object({
  month: z.string(),
  on: z.boolean(),
  bytes_up: z.number().int(),
  bytes_down: z.number().int(),
  used_bytes: z.number().int(),
  prompt_12g: prompt12gSchema,
  updated_at: z.number().int(),
});
export type TrafficMonthItem = z.infer<typeof trafficMonthItem>;

export const raTrafficReply = z.object({
  device_id: z.number().int(),
  remaining_bytes: z.number().int(),
  /** The device's RA cards, expiring first first. */
  cards: z.array(raAllocation),
  /** Newest month first. */
  months: z.array(trafficMonthItem),
});
export type RaTrafficReply = z.infer<typeof raTrafficReply>;
