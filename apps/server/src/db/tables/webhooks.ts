import type { Generated } from 'kysely';
import type { Flag, JsonText, Ms } from './columns.ts';

// Webhooks (the webhook module, migration 0025).

/** A team's webhook receiver. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  team_id: number;
  /** Told in the message centre when the endpoint is paused; null when that user is gone. */
  created_by: number | null;
  name: string;
  url: string;
  format: 'json' | 'slack' | 'teams';
  /** JSON array of event types. */
  events: JsonText;
  enabled: Flag;
  /** The signing secret, sealed (lib/key-vault.ts). */
  secret_sealed: string;
  secret_hint: string;
  consecutive_failures: Generated<number>;
  failing_since: Ms | null;
  paused_at: Ms | null;
  created_at: Ms;
  updated_at: Ms;
}

/** Where a delivery is: waiting (first try or a retry), leased to a server, or done. */
export type WebhookDeliveryRowState = 'pending' | 'claimed' | 'delivered' | 'failed';

/** One event for one endpoint: the outbox row and its log entry (migration 0025). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  team_id: number;
  endpoint_id: number;
  event_id: string;
  event_type: string;
  /** JSON: the event (modules/webhook/webhook-event.ts, WebhookEvent). */
  payload: JsonText;
  state: WebhookDeliveryRowState;
  attempts: Generated<number>;
  next_attempt_at: Ms | null;
  claimed_by: string | null;
  claimed_until: Ms | null;
  created_at: Ms;
  last_attempt_at: Ms | null;
  finished_at: Ms | null;
  status: number | null;
  latency_ms: number | null;
  excerpt: string | null;
  error: string | null;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
