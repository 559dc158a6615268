import type { ColumnType, Generated, Selectable } from 'kysely';
import type { JsonText, Ms } from './columns.ts';

// Billing: cards, allocations, traffic and the ledger (the billing module).

/** A batch of billing cards as issued (migration 0011). */
export interface CardBatchesTable {
  id: Generated<number>;
  name: string;
  type: 'ca' | 'ra';
  prefix: string;
  templates: number;
  tags: number;
  level: number | null;
  gigabytes: number;
  /** Cards of the batch activate before this time. */
  activate_before: Ms;
  card_count: number;
  created_at: Ms;
}

/** A billing card (migration 0011): the team's once activated; password as a keyed hash. */
export interface CardsTable {
  id: Generated<number>;
  batch_id: number;
  type: 'ca' | 'ra';
  number: string;
  tail: string;
  password_hash: string;
  team_id: number | null;
  activated_by: number | null;
  activated_at: Ms | null;
  expires_at: Ms | null;
  failed_attempts: ColumnType<number, number | undefined, number>;
  failed_since: Ms | null;
  locked_until: Ms | null;
  created_at: Ms;
}

/** TAGs allocated to a device (its registration row), funded by one card (migration 0011). */
export interface DeviceTagAllocationsTable {
  device_id: number;
  team_id: number;
  card_id: number;
  level: number;
  tags: number;
  created_at: Ms;
  updated_at: Ms;
}

/** An RA card allocated to one device registration (migration 0012). */
export interface RaCardAllocationsTable {
  card_id: number;
  device_id: number;
  team_id: number;
  allocated_by: number | null;
  /** Usage charged to the card. */
  used_bytes: ColumnType<number, number | undefined, number>;
  created_at: Ms;
  updated_at: Ms;
}

/** A device registration's Remote Access traffic in one UTC month 'YYYY-MM' (migration 0012). */
export interface DeviceTrafficTable {
  device_id: number;
  month: string;
  bytes_up: ColumnType<number, number | undefined, number>;
  bytes_down: ColumnType<number, number | undefined, number>;
  /** When the month's traffic was turned on; null: off. */
  on_at: Ms | null;
  on_by: number | null;
  confirmed_12g_at: Ms | null;
  updated_at: Ms;
}

/** The append-only billing ledger (migration 0011). */
export interface RechargeRecordsTable {
  id: Generated<number>;
  team_id: number;
  user_id: number | null;
  kind: 'activation' | 'allocation' | 'expiry';
  type: 'ca' | 'ra';
  card_id: number;
  device_id: number | null;
  detail: JsonText;
  created_at: Ms;
}

/** A billing event announced once (migration 0013): the billing messages job's key. */
export interface BillingEventsTable {
  card_id: number;
  event: string;
  team_id: number;
  created_at: Ms;
}

export interface BillingTables {
  card_batches: CardBatchesTable;
  cards: CardsTable;
  ra_card_allocations: RaCardAllocationsTable;
  device_traffic: DeviceTrafficTable;
  device_tag_allocations: DeviceTagAllocationsTable;
  recharge_records: RechargeRecordsTable;
  billing_events: BillingEventsTable;
}

export type Card = Selectable<CardsTable>;
export type CardBatch = Selectable<CardBatchesTable>;
