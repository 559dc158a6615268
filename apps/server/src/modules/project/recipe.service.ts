import {
  ErrorCode,
  invalid,
  RecipeLimits,
  validateRecipeCount,
  validateRecipeName,
  type Recipe,
  type RecipeAddBody,
  type RecipeEditBody,
  type RecipeItem,
  type RecipeListReply,
} from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RecipeRow } from '../../db/tables/projects.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import { assertValid, validationError } from '../../lib/validate.ts';
import type { Catalogue } from '../device/index.ts';
import type { ProjectAccess } from './project-access.ts';
import type { ProjectRepo } from './project.repo.ts';
import type { RecipeItemRules } from './recipe-items.ts';
import { presentRecipe } from './recipe.presenter.ts';
import type { RecipeRepo, StoredItem } from './recipe.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const recipeNameExists = () => new AppError(ErrorCode.E1086_NAME_EXISTS);

/** A recipe's items on the sheet: device and tag by name (the export). */
export interface RecipeForExport {
  name: string;
  description: string;
  items: { device: string; tag: string; value: StoredItem['value'] }[];
}

/**
 * A project's recipes (docs/api.md, Projects, Recipes; the contract in recipe.api.ts): list, add,
 * edit, delete and what the export writes. Names are unique in the project case-insensitively
 * (1086) and not reserved (1006 `validation.recipe.reserved` naming the word). Items: recipe-items.ts. A sub-account sees and writes only
 * items on devices in its data permissions; the others a recipe holds stay as they are when it
 * saves. Changes to a locked project are 1052 (ProjectAccess); every change marks the project
 * changed.
 */
export class RecipeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: ProjectRepo,
    private readonly recipes: RecipeRepo,
    private readonly access: ProjectAccess,
    private readonly rules: RecipeItemRules,
    private readonly catalogue: Catalogue,
  ) {}

  async list(caller: CurrentUser, projectId: number): Promise<RecipeListReply> {
    await this.access.require(caller, projectId);
    const rows = await this.recipes.listOf(projectId);
    const items = await this.recipes.itemsOf(rows.map((r) => r.id));
    const visible = await this.visibleOf(caller, [...items.values()].flat());
    return {
      list: rows.map((r) => presentRecipe(r, items.get(r.id) ?? [], visible)),
      max: RecipeLimits.perProject,
    };
  }

  async add(caller: CurrentUser, body: RecipeAddBody): Promise<Recipe> {
    assertValid('name', validateRecipeName(body.name));
    await this.access.requireWritable(caller, body.project_id);
    const { items } = await this.checked(caller, body.project_id, body.items);
    const row = await onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          assertValid('name', validateRecipeCount(await this.recipes.countOf(body.project_id, trx)));
          if (await this.recipes.nameTaken(body.project_id, body.name, undefined, trx))
            throw recipeNameExists();
          const recipe = await this.recipes.insert(
            {
              projectId: body.project_id,
              name: body.name,
              description: body.description ?? '',
              createdBy: caller.id,
            },
            trx,
          );
          await this.recipes.setItems(recipe.id, items, trx);
          await this.projects.touch(body.project_id, trx);
          return recipe;
        }),
      recipeNameExists,
    );
    return this.present(caller, row.id);
  }

  /** Omitted fields stay; `items` replaces the items the caller sees (the others stay after them). */
  async edit(caller: CurrentUser, body: RecipeEditBody): Promise<Recipe> {
    if (body.name !== undefined) assertValid('name', validateRecipeName(body.name));
    const before = await this.require(caller, body.id);
    await this.access.requireWritable(caller, before.project_id);
    const sent =
      body.items === undefined ? undefined : await this.checked(caller, before.project_id, body.items);
    await onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          if (
            body.name !== undefined &&
            (await this.recipes.nameTaken(before.project_id, body.name, body.id, trx))
          )
            throw recipeNameExists();
          await this.recipes.update(body.id, { name: body.name, description: body.description }, trx);
          if (sent) {
            const had = (await this.recipes.itemsOf([body.id], trx)).get(body.id) ?? [];
            const kept = had.filter((i) => !sent.visible.has(i.device_id));
            await this.recipes.setItems(body.id, withHidden(body.name ?? before.name, sent.items, kept), trx);
          }
          await this.projects.touch(before.project_id, trx);
        }),
      recipeNameExists,
    );
    return this.present(caller, body.id);
  }

  async delete(caller: CurrentUser, id: number): Promise<void> {
    const recipe = await this.require(caller, id);
    await this.access.requireWritable(caller, recipe.project_id);
    await this.db.transaction().execute(async (trx) => {
      await this.recipes.delete(id, trx);
      await this.projects.touch(recipe.project_id, trx);
    });
  }

  /**
   * The project's recipes as the export writes them: devices and tags by name, only the items on
   * devices the caller sees (and whose tag the device still has). A locked project exports.
   */
  async forExport(caller: CurrentUser, projectId: number): Promise<RecipeForExport[]> {
    await this.access.require(caller, projectId);
    const rows = await this.recipes.listOf(projectId);
    const items = await this.recipes.itemsOf(rows.map((r) => r.id));
    const deviceIds = [...new Set([...items.values()].flat().map((i) => i.device_id))];
    const devices = await this.catalogue.devicesInScope(caller.scope, deviceIds);
    const names = new Map(devices.map((d) => [d.id, d.name ?? '']));
    const tags = await this.catalogue.tags.ofDevices(devices.map((d) => d.id));
    return rows.map((r) => ({
      name: r.name,
      description: r.description,
      items: (items.get(r.id) ?? []).flatMap((i) => {
        const device = names.get(i.device_id);
        const tag = tags.get(i.device_id)?.find((t) => t.id === i.tag_id);
        return device && tag ? [{ device, tag: tag.name, value: i.value }] : [];
      }),
    }));
  }

  /** The recipe when its project is the caller's (1003). */
  async require(caller: CurrentUser, id: number, db?: Db): Promise<RecipeRow> {
    const recipe = await this.recipes.findInScope(caller.scope, id, db);
    if (!recipe) throw new AppError(ErrorCode.E1003_NO_DATA);
    return recipe;
  }

  private async present(caller: CurrentUser, id: number): Promise<Recipe> {
    const row = await this.require(caller, id);
    const items = (await this.recipes.itemsOf([id])).get(id) ?? [];
    return presentRecipe(row, items, await this.visibleOf(caller, items));
  }

  /** The devices of these items that the caller sees. */
  private async visibleOf(caller: CurrentUser, items: readonly StoredItem[]): Promise<Set<number>> {
    const ids = [...new Set(items.map((i) => i.device_id))];
    return new Set((await this.catalogue.devicesInScope(caller.scope, ids)).map((d) => d.id));
  }

  /** The items as stored, or 1089 / 1003 / 1006 with every item issue (`items.N.tag_id|value`). */
  private async checked(caller: CurrentUser, projectId: number, items: readonly RecipeItem[]) {
    const { items: stored, issues, visible } = await this.rules.check(caller, projectId, items);
    if (issues.length > 0)
      throw new AppError(ErrorCode.E1006_BAD_PARAMETER, {
        where: 'body',
        fields: issues.map((i) => ({
          path: `items.${i.index}.${i.field}`,
          message: i.key,
          params: i.params,
        })),
      });
    return { items: stored, visible };
  }
}

/** The caller's items, then the ones it does not see; at most RecipeLimits.itemsMax in all. */
export function withHidden(name: string, items: StoredItem[], hidden: StoredItem[]): StoredItem[] {
  if (items.length + hidden.length > RecipeLimits.itemsMax)
    throw validationError(
      'items',
      invalid('validation.recipeImport.tooManyItems', { recipe: name, max: RecipeLimits.itemsMax }),
    );
  return [...items, ...hidden];
}
