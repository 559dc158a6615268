import type { ColumnType, Generated, Selectable } from 'kysely';
import type { JsonText, Ms } from './columns.ts';

// Multi-device projects and their screens (the project module; migration 0017).

export interface ProjectsTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  /** `name` in lower case: unique in the team. */
  name_key: string;
  description: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  created_at: Ms;
  updated_at: Ms;
}
export type Project = Selectable<ProjectsTable>;

export interface ProjectDevicesTable {
  project_id: number;
  device_id: number;
  added_at: Ms;
}

export interface ProjectScreensTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** The screen document (current version) as JSON text. */
  document: JsonText;
  version: number;
  created_at: Ms;
  updated_at: Ms;
}
export type ProjectScreenRow = Selectable<ProjectScreensTable>;

/** The devices a screen binds, written with the screen. */
export interface ScreenDevicesTable {
  screen_id: number;
  project_id: number;
  device_id: number;
}

/** A project's uploaded picture or drawing (migration 0019). */
export interface ProjectAssetsTable {
  id: Generated<number>;
  project_id: number;
  kind: 'svg' | 'png' | 'jpeg';
  /** The uploaded file's name (display only). */
  name: string;
  /** The stored bytes (an SVG as sanitised): Buffer on both engines. */
  bytes: Uint8Array;
  /** SHA-256 of `bytes`, hex. */
  sha256: string;
  size: number;
  /** An SVG's element ids, JSON array (`[]` for pictures). */
  ids: ColumnType<JsonText, JsonText | undefined, JsonText>;
  created_at: Ms;
}
export type ProjectAssetRow = Selectable<ProjectAssetsTable>;

/** A project's share link; only the SHA-256 of its token is kept (migration 0019). */
export interface ProjectSharesTable {
  id: Generated<number>;
  project_id: number;
  team_id: number;
  created_by: number | null;
  name: string;
  token_hash: string;
  expires_at: Ms;
  revoked_at: Ms | null;
  last_used_at: Ms | null;
  created_at: Ms;
}
export type ProjectShareRow = Selectable<ProjectSharesTable>;

/** A project's recipe (migration 0018). */
export interface RecipesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** `name` in lower case: unique in the project. */
  name_key: string;
  description: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  created_at: Ms;
  updated_at: Ms;
}
export type RecipeRow = Selectable<RecipesTable>;

/** One (device, tag) of a recipe, in `position` order; `value` a JSON boolean, number or string. */
export interface RecipeItemsTable {
  recipe_id: number;
  position: number;
  device_id: number;
  tag_id: number;
  value: JsonText;
}
export type RecipeItemRow = Selectable<RecipeItemsTable>;

export interface ProjectTables {
  projects: ProjectsTable;
  project_devices: ProjectDevicesTable;
  project_screens: ProjectScreensTable;
  screen_devices: ScreenDevicesTable;
  recipes: RecipesTable;
  recipe_items: RecipeItemsTable;
  project_assets: ProjectAssetsTable;
  project_shares: ProjectSharesTable;
}
