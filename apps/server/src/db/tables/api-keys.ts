import type { Generated, Selectable } from 'kysely';
import type { Flag, JsonText, Ms } from './columns.ts';

// API keys (migration 0026).

export interface ApiKeysTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  name: string;
  prefix: string;
  secret_hash: string;
  permissions: JsonText;
  read_only: Flag;
  device_ids: JsonText | null;
  created_at: Ms;
  expires_at: Ms;
  last_used_at: Ms | null;
  revoked_at: Ms | null;
}

export interface ApiKeyWritesTable {
  id: Generated<number>;
  key_id: number;
  key_name: string;
  user_id: number;
  team_id: number;
  method: string;
  path: string;
  status: number;
  at: Ms;
}

export interface ApiKeyTables {
  api_keys: ApiKeysTable;
  api_key_writes: ApiKeyWritesTable;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
