import { z } from 'zod';
import { singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of webhooks (issue 29; docs/api.md, "Integrations: webhooks"). A team's endpoints
 * receive its alarm, device connection and remote session events, signed with the endpoint's
 * secret (`X-Hmi-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`), from an
 * outbox, at least once, with the same `X-Hmi-Event-Id` on every attempt of one event. Reading
 * needs integration view 49; creating, editing, deleting and testing need integration manage 50.
 * Ids of another team are 1003.
 */
export const WebhookPaths = {
  list: '/integration/webhook/list', // GET -> webhookListReply                    (integration view 49)
  add: '/integration/webhook/add', // POST webhookAddBody -> webhookCreated         (integration manage 50)
  edit: '/integration/webhook/edit', // POST webhookEditBody -> webhookEndpoint     (integration manage 50)
  delete: '/integration/webhook/delete', // POST webhookRef -> null                (integration manage 50)
  test: '/integration/webhook/test', // POST webhookRef -> webhookDelivery          (integration manage 50)
  deliveries: '/integration/webhook/deliveries', // GET webhookDeliveriesQuery -> webhookDeliveriesPage (view 49)
} as const;

/** The events an endpoint may subscribe to; `webhook.test` is only sent by the test button. */
export const webhookEventTypes = [
  'alarm.raised',
  'alarm.acked',
  'alarm.recovered',
  'device.online',
  'device.offline',
  'remote.start',
  'remote.end',
] as const;
export const webhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** generic JSON (the event as it is), Slack or Microsoft Teams incoming webhook (a text message). */
export const webhookFormats = ['json', 'slack', 'teams'] as const;
export const webhookFormat = z.enum(webhookFormats);
export type WebhookFormat = z.infer<typeof webhookFormat>;

export const WebhookLimits = {
  /** Endpoints per team. */
  endpointsPerTeam: 20,
  urlMax: 2000,
  nameMax: 64,
  /** Characters of a receiver's reply kept in the delivery log. */
  excerptMax: 500,
} as const;

/** Header names of a delivery. */
export const WebhookHeaders = {
  signature: 'X-Hmi-Signature',
  eventId: 'X-Hmi-Event-Id',
  eventType: 'X-Hmi-Event',
} as const;

const webhookUrl = singleLineText
  .max(WebhookLimits.urlMax)
  .refine((u) => /^https?:\/\/[^\s/]+/i.test(u) && URL.canParse(u), { message: 'an http or https URL' });

export const webhookEndpoint = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  format: webhookFormat,
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  /** Set when the server paused the endpoint after failing deliveries; editing it with enabled true resumes it. */
  paused_at: z.number().int().nullable(),
  /** Deliveries failed in a row (a delivered one resets it). */
  consecutive_failures: z.number().int(),
  /** The secret's last 4 characters (the secret itself is shown once, at creation). */
  secret_hint: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookListReply = z.object({ list: z.array(webhookEndpoint), max: z.number().int() });
export type WebhookListReply = z.infer<typeof webhookListReply>;

const endpointFields = {
  name: singleLineText.min(1).max(WebhookLimits.nameMax),
  url: webhookUrl,
  format: webhookFormat,
  events: z.array(webhookEventType).min(1).max(webhookEventTypes.length),
  enabled: z.boolean(),
};

export const webhookAddBody = z.object(endpointFields);
export type WebhookAddBody = z.infer<typeof webhookAddBody>;

export const webhookEditBody = z.object({ id: z.number().int().positive(), ...endpointFields });
export type WebhookEditBody = z.infer<typeof webhookEditBody>;

export const webhookRef = z.object({ id: z.number().int().positive() });
export type WebhookRef = z.infer<typeof webhookRef>;

/** A new endpoint and its signing secret: the only time the secret is shown. */
export const webhookCreated = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreated>;

/** pending: waiting for its first or next attempt; delivered: a 2xx; failed: gave up (or the endpoint was paused). */
export const webhookDeliveryState = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryState = z.infer<typeof webhookDeliveryState>;

export const webhookDelivery = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  event_id: z.string(),
  event: z.union([webhookEventType, z.literal('webhook.test')]),
  state: webhookDeliveryState,
  attempts: z.number().int(),
  /** The last attempt's HTTP status (null: no answer: refused address, timeout, connection error). */
  status: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  /** The start of the last answer's body, or the error of the last attempt. */
  excerpt: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.number().int(),
  last_attempt_at: z.number().int().nullable(),
  next_attempt_at: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveriesQuery = z.object({
  endpoint_id: z.coerce.number().int().positive(),
  page: z.coerce.number().int().positive().default(1),
  page_size: z.coerce.number().int().positive().max(100).default(20),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;

export const webhookDeliveriesPage = z.object({
  list: z.array(webhookDelivery),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPage>;
