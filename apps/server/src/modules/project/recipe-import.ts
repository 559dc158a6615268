import {
  charLength,
  RecipeLimits,
  TagDataType,
  validateFreeText,
  validateRecipeCount,
  validateRecipeName,
  type AlarmFieldError,
  type RecipeImportErrors,
  type RecipeImportReply,
} from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import type { ProjectAccess } from './project-access.ts';
import type { ProjectRepo } from './project.repo.ts';
import { itemValue, type ItemTag, type RecipeItemRules } from './recipe-items.ts';
import {
  recipeFileInvalid,
  recipeRowsInvalid,
  sheetError,
  type RecipeSheetRow,
  type SheetValue,
} from './recipe-sheet.ts';
import type { RecipeRepo, StoredItem } from './recipe.repo.ts';
import { recipeNameExists, withHidden } from './recipe.service.ts';

/** A recipe of the sheet, its rows gathered under its name (case-insensitively). */
export interface PlannedRecipe {
  name: string;
  description: string;
  items: StoredItem[];
}

/** What the import reads against: the project's devices the caller sees, by name, and their tags. */
export interface ImportTargets {
  devices: readonly { id: number; name: string | null }[];
  tags: ReadonlyMap<number, readonly ItemTag[]>;
}

/** A cell of the value column as a tag write takes it, for the tag's data type. */
export function writeInput(dataType: number, raw: SheetValue): boolean | number | string {
  if (dataType === TagDataType.STRING) return raw === undefined ? '' : String(raw);
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (dataType === TagDataType.BOOL && /^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
    return text;
  }
  return raw ?? '';
}

/** One row's item: the errors of its cells, or the item. */
function rowItem(row: RecipeSheetRow, targets: ImportTargets, byName: ReadonlyMap<string, number>) {
  const errors: AlarmFieldError[] = [];
  if (!row.device) errors.push(sheetError('device', 'validation.required'));
  if (!row.tag) errors.push(sheetError('tag', 'validation.required'));
  if (errors.length > 0) return { errors };
  const deviceId = byName.get(row.device.toLowerCase());
  if (deviceId === undefined)
    return { errors: [sheetError('device', 'validation.recipeImport.device', { device: row.device })] };
  const tag = targets.tags.get(deviceId)?.find((t) => t.name === row.tag);
  if (!tag)
    return {
      errors: [sheetError('tag', 'validation.recipeImport.tag', { device: row.device, tag: row.tag })],
    };
  const checked = itemValue(tag, writeInput(tag.data_type, row.value));
  if ('key' in checked)
    return { errors: [sheetError(checked.field === 'value' ? 'value' : 'tag', checked.key, checked.params)] };
  return { errors, item: { device_id: deviceId, tag_id: tag.id, value: checked.value } };
}

/** The recipe rules of one row (name, description); a recipe's first spelling and description win. */
function rowRecipe(row: RecipeSheetRow, recipes: Map<string, PlannedRecipe>) {
  const errors: AlarmFieldError[] = [];
  const name = validateRecipeName(row.recipe);
  if (!name.ok) errors.push(sheetError('recipe', name.key, name.params));
  const description = validateFreeText(row.description, 'multi');
  if (!description.ok) errors.push(sheetError('description', description.key, description.params));
  else if (charLength(row.description) > RecipeLimits.descriptionMax)
    errors.push(
      sheetError('description', 'validation.alarmImport.tooLong', { max: RecipeLimits.descriptionMax }),
    );
  const key = row.recipe.toLowerCase();
  let recipe = recipes.get(key);
  if (!recipe) recipes.set(key, (recipe = { name: row.recipe, description: '', items: [] }));
  if (!recipe.description && row.description) recipe.description = row.description;
  return { errors, recipe };
}

/**
 * The sheet's rows as recipes: every row checked (recipe name, description, the device among the
 * project's devices the caller sees, by name in any case; the tag among the device's, by its exact
 * name; the value by the rules of a tag write), each (device, tag) once per recipe, at most
 * RecipeLimits.itemsMax items each. A row without device, tag and value only names its recipe.
 */
export function planImport(rows: readonly RecipeSheetRow[], targets: ImportTargets) {
  const byName = new Map(targets.devices.map((d) => [(d.name ?? '').toLowerCase(), d.id]));
  const recipes = new Map<string, PlannedRecipe>();
  const bad: RecipeImportErrors['rows'] = [];
  for (const row of rows) {
    const { errors, recipe } = rowRecipe(row, recipes);
    if (row.device || row.tag || row.value !== undefined) {
      const read = rowItem(row, targets, byName);
      errors.push(...read.errors);
      const item = read.item;
      if (item && recipe.items.some((i) => i.device_id === item.device_id && i.tag_id === item.tag_id))
        errors.push(sheetError('tag', 'validation.recipeItem.duplicate'));
      else if (item && recipe.items.length >= RecipeLimits.itemsMax)
        errors.push(
          sheetError('recipe', 'validation.recipeImport.tooManyItems', {
            recipe: recipe.name,
            max: RecipeLimits.itemsMax,
          }),
        );
      else if (item && errors.length === 0) recipe.items.push(item);
    }
    if (errors.length > 0) bad.push({ row: row.row, errors });
  }
  return { recipes: [...recipes.values()], bad };
}

/**
 * The recipe import (RecipePaths.import): all or nothing. A recipe of the sheet whose name the
 * project has (case-insensitively) gets the sheet's description and items in place of the ones
 * the caller sees (the others stay); the others are added, within RecipeLimits.perProject.
 */
export class RecipeImporter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: ProjectRepo,
    private readonly recipes: RecipeRepo,
    private readonly access: ProjectAccess,
    private readonly rules: RecipeItemRules,
  ) {}

  /** 1003 / 1052 before the file is read. */
  async requireProject(caller: CurrentUser, projectId: number): Promise<void> {
    await this.access.requireWritable(caller, projectId);
  }

  async import(
    caller: CurrentUser,
    projectId: number,
    rows: readonly RecipeSheetRow[],
  ): Promise<RecipeImportReply> {
    await this.access.requireWritable(caller, projectId);
    const targets = await this.rules.visibleTags(caller, projectId);
    const plan = planImport(rows, targets);
    if (plan.bad.length > 0) throw recipeRowsInvalid(plan.bad);
    const visible = targets.visible;
    return onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          const keys = plan.recipes.map((r) => r.name.toLowerCase());
          const existing = new Map(
            (await this.recipes.byNameKeys(projectId, keys, trx)).map((r) => [r.name_key, r]),
          );
          const adding = keys.filter((k) => !existing.has(k)).length;
          const room = validateRecipeCount(await this.recipes.countOf(projectId, trx), adding);
          if (!room.ok) throw recipeFileInvalid(room.key, room.params);
          const had = await this.recipes.itemsOf(
            [...existing.values()].map((r) => r.id),
            trx,
          );
          let items = 0;
          for (const recipe of plan.recipes) {
            const row = existing.get(recipe.name.toLowerCase());
            items += recipe.items.length;
            if (row) {
              const hidden = (had.get(row.id) ?? []).filter((i) => !visible.has(i.device_id));
              await this.recipes.update(row.id, { description: recipe.description }, trx);
              await this.recipes.setItems(row.id, withHidden(row.name, recipe.items, hidden), trx);
            } else {
              const created = await this.recipes.insert(
                { projectId, name: recipe.name, description: recipe.description, createdBy: caller.id },
                trx,
              );
              await this.recipes.setItems(created.id, recipe.items, trx);
            }
          }
          await this.projects.touch(projectId, trx);
          return { created: adding, updated: plan.recipes.length - adding, items };
        }),
      recipeNameExists,
    );
  }
}
