import type { ColumnType, Generated } from 'kysely';
import type { Ms } from './columns.ts';

// The message centre (the messages module).

export type MessageKind = 'notice' | 'billing' | 'alarm';

export interface MessagesTable {
  id: Generated<number>;
  team_id: number;
  /** null = for the whole team. */
  user_id: number | null;
  kind: MessageKind;
  title: string;
  body: string;
  read_at: Ms | null;
  created_at: Ms;
  /** Alarm messages: their record (migration 0006). */
  alarm_record_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface MessageTables {
  messages: MessagesTable;
}
