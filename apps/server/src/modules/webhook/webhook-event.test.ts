import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryHeaders, renderBody, signatureHeader, type WebhookEvent } from './webhook-event.ts';
import { retryDelay, webhookSendDefaults } from './webhook-sender.ts';

/* What a receiver gets, on its own: the signature, the three formats, the backoff. */

const event: WebhookEvent = {
  id: 'alarm.42.raised',
  type: 'alarm.raised',
  created_at: Date.UTC(2026, 0, 2, 3, 4, 5),
  team_id: 7,
  data: { record_id: 42, device_name: 'Press 4', rule_name: 'Oil temperature', content: 'Oil too hot' },
};

describe('webhook deliveries', () => {
  it('sign "<t>.<body>" with HMAC-SHA256 of the secret, t in seconds', () => {
    const body = renderBody(event, 'json');
    const expected = createHmac('sha256', 'whsec_x').update(`1767323045.${body}`).digest('hex');
    expect(signatureHeader('whsec_x', body, 1767323045)).toBe(`t=1767323045,v1=${expected}`);
    const headers = deliveryHeaders(event, body, 'whsec_x', 1767323045_999);
    expect(headers).toMatchObject({
      'x-hmi-signature': `t=1767323045,v1=${expected}`,
      'x-hmi-event-id': 'alarm.42.raised',
      'x-hmi-event': 'alarm.raised',
      'content-type': 'application/json',
    });
  });

  it('render JSON as the event, Slack as a text, Teams as one Adaptive Card', () => {
    expect(JSON.parse(renderBody(event, 'json'))).toEqual({
      id: event.id,
      type: event.type,
      created_at: event.created_at,
      data: event.data,
    });
    const text = '[HMI] Alarm raised: Oil temperature on Press 4 (Oil too hot) at 2026-01-02T03:04:05.000Z';
    expect(JSON.parse(renderBody(event, 'slack'))).toEqual({ text });
    const teams = JSON.parse(renderBody(event, 'teams')) as {
      type: string;
      attachments: { contentType: string; content: { type: string; body: { text: string }[] } }[];
    };
    expect(teams.type).toBe('message');
    expect(teams.attachments[0]).toMatchObject({
      contentType: 'application/vnd.microsoft.card.adaptive',
      content: { type: 'AdaptiveCard', body: [{ text }] },
    });
  });

  it('wait base × 2^(attempt − 1), ±20 %, at most retryMaxMs', () => {
    const s = { retryBaseMs: 1000, retryMaxMs: 60_000 };
    for (const [attempts, plain] of [
      [1, 1000],
      [2, 2000],
      [5, 16_000],
      [20, 60_000],
    ] as const) {
      for (let i = 0; i < 50; i++) {
        const d = retryDelay(attempts, s);
        expect(d).toBeGreaterThanOrEqual(plain * 0.8);
        expect(d).toBeLessThanOrEqual(plain * 1.2);
      }
    }
    expect(webhookSendDefaults).toMatchObject({
      maxAttempts: 10,
      pauseAfterFailures: 10,
      pauseAfterMs: 86_400_000,
    });
  });
});
