import { z } from 'zod';
import { multiLineText, singleLineText } from '../validation/free-text.validation.ts';
import { RECIPE_NAME_MAX, RECIPES_PER_PROJECT_MAX } from '../validation/recipe.validation.ts';
import { alarmFieldError } from './alarm.api.ts';
import { settagValue } from './settag.api.ts';

/**
 * Contract of a multi-device project's recipes (issue 26): named sets of tag values for the
 * project's devices, applied in one go through the tag write path. Paths are relative to API_BASE.
 *
 * - A recipe belongs to one project (a project of another team or outside a sub-account's project
 *   grants is 1003, as for the project itself). Its name is unique in the project,
 *   case-insensitively (1086), and is not one of the names the HMI runtime reserves (SPEC section
 *   3): 1006 with `validation.recipe.reserved` and `{ word }`.
 * - Every item names a device of the project (1089 with `data.device_ids`) and one of that
 *   device's writable tags (1006, `items.N.tag_id`: `validation.recipeItem.tag` or
 *   `validation.recipeItem.readOnly`); its value follows the rules of a tag write (settag.api.ts: the
 *   tag's data type and range; 1006 `items.N.value` `validation.recipeItem.value` with `{ type, min?,
 *   max? }`) and is stored as a write sends it (BOOL true/false, integers beyond 2^53 as decimal
 *   text). A sub-account adds no item for a device outside its data permissions (1003); the items
 *   of such devices that a recipe already had are neither shown to it (`hidden_items` counts them)
 *   nor lost when it saves. At most RecipeLimits.perProject recipes a project (1006
 *   `validation.recipe.limit`).
 * - Applying writes every item through the tag write path, device by device in the recipe's order
 *   (devices side by side), and answers one result per item instead of stopping at the first
 *   failure. Allowed with view 39 and the right to operate the devices (device edit 4 or hmi 6,
 *   the operate policy's `screenWrite`: 1002 for the whole call without either). Per item: 1089
 *   (no longer in the project), 1002 (the device's zone), 1003 (outside the caller's data
 *   permissions), 1038 (offline), 2002 (not synced), 1006 (value), 1052 (template locked), 2003
 *   (no answer; the device's later items are not sent and get 2003 too, as after a 1038).
 * - A locked project (1052) refuses every change, the import and applying.
 * - Export and import are xlsx (one row per item: recipe, description, device, tag, value; devices
 *   and tags by name, so a sheet moves between projects): read by the same guarded reader as the
 *   alarm rule import, every text cell of the export defused against formulas. The import takes
 *   only plain values (a formula cell is refused), at most RecipeLimits.importRows rows, and is
 *   all or nothing: a recipe of the sheet whose name the project has is replaced, others added.
 */
export const RecipePaths = {
  list: '/project/recipe/list', // GET recipeListQuery -> recipeListReply             (view 39)
  add: '/project/recipe/add', // POST recipeAddBody -> recipe                         (edit 42; 1086, 1089)
  edit: '/project/recipe/edit', // POST recipeEditBody -> recipe                      (edit 42; 1086, 1089)
  delete: '/project/recipe/delete', // POST recipeIdBody -> null                      (edit 42)
  apply: '/project/recipe/apply', // POST recipeIdBody -> recipeApplyReply            (view 39 + device edit 4 or hmi 6)
  export: '/project/recipe/export', // GET recipeProjectQuery -> xlsx                 (view 39)
  /** multipart/form-data: `project_id` field and one `file` (.xlsx, RecipeLimits.maxImportBytes). */
  import: '/project/recipe/import', // POST -> recipeImportReply, or 1006 with recipeImportErrors (edit 42)
} as const;

export const RecipeLimits = {
  nameMax: RECIPE_NAME_MAX,
  descriptionMax: 500,
  /** Items of one recipe. */
  itemsMax: 500,
  /** Recipes of one project. */
  perProject: RECIPES_PER_PROJECT_MAX,
  /** Data rows of one import (one row per item). */
  importRows: 2_000,
  maxImportBytes: 2 * 1024 * 1024,
} as const;

const id = z.number().int().positive();
const idText = z.coerce.number().int().positive();

/**
 * A recipe name in a request: one line, 1-64 characters. The reserved names are checked by the
 * server with validateRecipeName (recipe.validation.ts; forms use recipeNameSchema), so that the
 * reply's field error carries the word (`params.word`), which a schema failure does not.
 */
export const recipeName = singleLineText.min(1).max(RECIPE_NAME_MAX);
const description = multiLineText.max(RecipeLimits.descriptionMax);

/** A value of an item: what a tag write takes (settagValue). */
export const recipeValue = settagValue;
export type RecipeValue = z.infer<typeof recipeValue>;

export const recipeItem = z.object({ device_id: id, tag_id: id, value: recipeValue });
export type RecipeItem = z.infer<typeof recipeItem>;

/** At most RecipeLimits.itemsMax items, each (device, tag) once: `validation.recipeItem.duplicate`. */
export const recipeItems = z
  .array(recipeItem)
  .max(RecipeLimits.itemsMax)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const key = `${item.device_id}:${item.tag_id}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'tag_id'], message: 'validation.recipeItem.duplicate' });
      seen.add(key);
    });
  });

export const recipeListQuery = z.object({ project_id: idText });
export type RecipeListQuery = z.input<typeof recipeListQuery>;
/** The project of an export. */
export const recipeProjectQuery = z.object({ project_id: idText });
export type RecipeProjectQuery = z.input<typeof recipeProjectQuery>;

export const recipe = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The items on devices the caller may see, in the recipe's order. */
  items: z.array(z.object({ device_id: z.number().int(), tag_id: z.number().int(), value: recipeValue })),
  /** Items on devices outside the caller's data permissions: kept, not shown. */
  hidden_items: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Recipe = z.infer<typeof recipe>;

export const recipeListReply = z.object({
  list: z.array(recipe),
  /** RecipeLimits.perProject. */
  max: z.number().int(),
});
export type RecipeListReply = z.infer<typeof recipeListReply>;

export const recipeAddBody = z.object({
  project_id: id,
  name: recipeName,
  description: description.optional(),
  items: recipeItems,
});
export type RecipeAddBody = z.infer<typeof recipeAddBody>;

/** Omitted fields stay; `items` replaces the items the caller sees. */
export const recipeEditBody = z.object({
  id,
  name: recipeName.optional(),
  description: description.optional(),
  items: recipeItems.optional(),
});
export type RecipeEditBody = z.infer<typeof recipeEditBody>;

export const recipeIdBody = z.object({ id });
export type RecipeIdBody = z.infer<typeof recipeIdBody>;

/** One item's outcome: `code` is the tag write's refusal (absent when written). */
export const recipeItemResult = z.object({
  device_id: z.number().int(),
  tag_id: z.number().int(),
  ok: z.boolean(),
  code: z.number().int().optional(),
  /** The recipe's value of the item. */
  value: recipeValue,
});
export type RecipeItemResult = z.infer<typeof recipeItemResult>;

export const recipeApplyReply = z.object({
  recipe_id: z.number().int(),
  /** Every item, in the recipe's order. */
  results: z.array(recipeItemResult),
  written: z.number().int(),
  failed: z.number().int(),
});
export type RecipeApplyReply = z.infer<typeof recipeApplyReply>;

/** The fields of the import's multipart form besides its `file`. */
export const recipeImportFields = z.object({ project_id: idText });
export const recipeImportReply = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  items: z.number().int(),
});
export type RecipeImportReply = z.infer<typeof recipeImportReply>;

/**
 * 1006 `data` of a refused import, the alarm rule import's shape: every bad row with its 1-based
 * row number and field errors (`field` a column: recipe, description, device, tag, value), and
 * `errors` for a fault of the whole file (`field` 'file' or 'project_id').
 */
export const recipeImportErrors = z.object({
  rows: z.array(z.object({ row: z.number().int(), errors: z.array(alarmFieldError) })),
  errors: z.array(alarmFieldError).optional(),
});
export type RecipeImportErrors = z.infer<typeof recipeImportErrors>;
