import { createHmac, randomBytes } from 'node:crypto';
import { WebhookHeaders, type WebhookEventType, type WebhookFormat } from '@hmi/domain';

/**
 * What an endpoint receives (format json as it is; Slack and Teams a text made of it). `id` is
 * the same for every attempt and every server that enqueues the event (derived from its cause:
 * `alarm.<record>.<raised|acked|recovered>`, `device.<connection event row>`,
 * `remote.<session>.<start|end>`), so a receiver drops a repeat by it.
 */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType | 'webhook.test';
  /** When the cause happened (ms). */
  created_at: number;
  team_id: number;
  data: Record<string, unknown>;
}

/** A new signing secret: 32 random bytes, prefixed so it is recognisable in a vault. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/api.md, verification recipe). */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

const titles: Record<WebhookEvent['type'], string> = {
  'alarm.raised': 'Alarm raised',
  'alarm.acked': 'Alarm acknowledged',
  'alarm.recovered': 'Alarm recovered',
  'device.online': 'Device online',
  'device.offline': 'Device offline',
  'remote.start': 'Remote session started',
  'remote.end': 'Remote session ended',
  'webhook.test': 'Test delivery',
};

/** One line for a chat message: the event's title and its main facts. */
export function eventText(e: WebhookEvent): string {
  const d = e.data;
  const at = new Date(e.created_at).toISOString();
  const device = typeof d.device_name === 'string' ? ` on ${d.device_name}` : '';
  const alarm = typeof d.rule_name === 'string' ? `: ${d.rule_name}` : '';
  const content = typeof d.content === 'string' && d.content !== '' ? ` (${d.content})` : '';
  return `[HMI] ${titles[e.type]}${alarm}${device}${content} at ${at}`;
}

/** The request body for the endpoint's format. */
export function renderBody(e: WebhookEvent, format: WebhookFormat): string {
  switch (format) {
    case 'json':
      return JSON.stringify({ id: e.id, type: e.type, created_at: e.created_at, data: e.data });
    case 'slack':
      return JSON.stringify({ text: eventText(e) });
    case 'teams':
      // A Teams incoming webhook (Workflows): a message with one Adaptive Card.
      return JSON.stringify({
        type: 'message',
        attachments: [
          {
            contentType: 'application/vnd.microsoft.card.adaptive',
            content: {
              $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
              type: 'AdaptiveCard',
              version: '1.4',
              body: [{ type: 'TextBlock', text: eventText(e), wrap: true }],
            },
          },
        ],
      });
  }
}

/** The headers of one attempt: signed at the attempt's time, so a receiver can refuse old ones. */
export function deliveryHeaders(
  e: WebhookEvent,
  body: string,
  secret: string,
  nowMs: number,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'hmi-cloud-webhook/1',
    [WebhookHeaders.signature.toLowerCase()]: signatureHeader(secret, body, Math.floor(nowMs / 1000)),
    [WebhookHeaders.eventId.toLowerCase()]: e.id,
    [WebhookHeaders.eventType.toLowerCase()]: e.type,
  };
}
