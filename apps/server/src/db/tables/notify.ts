import type { Generated } from 'kysely';
import type { Flag, Ms } from './columns.ts';

// Notification deliveries (the notify module).

/** Every notification mail sent, with its result (migration 0006). */
export interface NotifyDeliveriesTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  channel: 'email';
  kind: 'alarm' | 'test';
  destination: string;
  subject: string;
  ok: Flag;
  error: string | null;
  alarm_record_id: number | null;
  created_at: Ms;
}

export interface NotifyTables {
  notify_deliveries: NotifyDeliveriesTable;
}
