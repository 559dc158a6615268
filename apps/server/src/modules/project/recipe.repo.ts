import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RecipeItemRow, RecipeRow } from '../../db/tables/projects.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An item as the service reads and writes it: the value decoded from its JSON text. */
export interface StoredItem {
  device_id: number;
  tag_id: number;
  value: boolean | number | string;
}

/** Rows per insert statement (5 parameters a row: well under both engines' limits). */
const INSERT_CHUNK = 500;

const decode = (row: RecipeItemRow): StoredItem => ({
  device_id: row.device_id,
  tag_id: row.tag_id,
  value: JSON.parse(row.value) as StoredItem['value'],
});

/** A project's recipes and their items (Kysely only). */
export class RecipeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The project's recipes by name. */
  listOf(projectId: number, db: Db = this.db): Promise<RecipeRow[]> {
    return db
      .selectFrom('recipes')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('name_key')
      .orderBy('id')
      .execute();
  }

  async countOf(projectId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('recipes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The recipe when its project is in the scope. */
  findInScope(scope: DataScope, id: number, db: Db = this.db): Promise<RecipeRow | undefined> {
    return db
      .selectFrom('recipes')
      .innerJoin('projects', 'projects.id', 'recipes.project_id')
      .selectAll('recipes')
      .where(inScope(scope, 'projects', 'projects.team_id', 'projects.id'))
      .where('recipes.id', '=', id)
      .executeTakeFirst();
  }

  /** The project's recipes with these name keys (lower case). */
  byNameKeys(projectId: number, keys: readonly string[], db: Db = this.db): Promise<RecipeRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('recipes')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('name_key', 'in', [...keys])
      .execute();
  }

  async nameTaken(projectId: number, name: string, exceptId?: number, db: Db = this.db): Promise<boolean> {
    let q = db
      .selectFrom('recipes')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name_key', '=', name.toLowerCase());
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Items of the recipes, each recipe's in its order. */
  async itemsOf(recipeIds: readonly number[], db: Db = this.db): Promise<Map<number, StoredItem[]>> {
    const out = new Map<number, StoredItem[]>(recipeIds.map((id) => [id, []]));
    if (recipeIds.length === 0) return out;
    const rows = await db
      .selectFrom('recipe_items')
      .selectAll()
      .where('recipe_id', 'in', [...recipeIds])
      .orderBy('recipe_id')
      .orderBy('position')
      .execute();
    for (const row of rows) out.get(row.recipe_id)?.push(decode(row));
    return out;
  }

  insert(
    r: { projectId: number; name: string; description: string; createdBy: number },
    db: Db,
  ): Promise<RecipeRow> {
    const now = Date.now();
    return db
      .insertInto('recipes')
      .values({
        project_id: r.projectId,
        name: r.name,
        name_key: r.name.toLowerCase(),
        description: r.description,
        created_by: r.createdBy,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, values: { name?: string; description?: string }, db: Db): Promise<void> {
    await db
      .updateTable('recipes')
      .set({
        ...(values.name !== undefined && { name: values.name, name_key: values.name.toLowerCase() }),
        ...(values.description !== undefined && { description: values.description }),
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Makes `items` the recipe's items, in this order. */
  async setItems(recipeId: number, items: readonly StoredItem[], db: Db): Promise<void> {
    await db.deleteFrom('recipe_items').where('recipe_id', '=', recipeId).execute();
    for (let at = 0; at < items.length; at += INSERT_CHUNK) {
      const rows = items.slice(at, at + INSERT_CHUNK).map((item, i) => ({
        recipe_id: recipeId,
        position: at + i,
        device_id: item.device_id,
        tag_id: item.tag_id,
        value: JSON.stringify(item.value),
      }));
      await db.insertInto('recipe_items').values(rows).execute();
    }
  }

  async delete(id: number, db: Db): Promise<void> {
    await db.deleteFrom('recipe_items').where('recipe_id', '=', id).execute();
    await db.deleteFrom('recipes').where('id', '=', id).execute();
  }
}
