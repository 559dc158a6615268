import type { JsonText, Ms } from './columns.ts';

// Data boards and favourite devices (the board module).

/** A user's data board (migration 0014): cards and layouts as JSON (board.api.ts). */
export interface BoardsTable {
  user_id: number;
  team_id: number;
  cards: JsonText;
  layouts: JsonText;
  updated_at: Ms;
}

/** A device a user starred (migration 0014); listed through the user's data scope only. */
export interface FavouriteDevicesTable {
  user_id: number;
  device_id: number;
  created_at: Ms;
}

export interface BoardTables {
  boards: BoardsTable;
  favourite_devices: FavouriteDevicesTable;
}
