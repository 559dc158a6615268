import type { ColumnType, Generated } from 'kysely';
import type { Ms } from './columns.ts';

// Remote access sessions (the remote module).

/** A remote access session (migration 0016), kept after it ends. */
export interface RemoteSessionsTable {
  id: Generated<number>;
  team_id: number;
  device_id: number;
  user_id: number | null;
  user_name: string;
  mode: 'operate' | 'view';
  /** 'vnc' or the device port. */
  target: string;
  client: 'web' | 'cli' | 'diacom';
  tunnel_id: string;
  /** The server holding the tunnel. */
  instance: string;
  started_at: Ms;
  ended_at: Ms | null;
  bytes_up: ColumnType<number, number | undefined, number>;
  bytes_down: ColumnType<number, number | undefined, number>;
  end_reason: string | null;
}

export interface RemoteTables {
  remote_sessions: RemoteSessionsTable;
}
