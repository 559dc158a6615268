import { type Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * A project's recipes (docs/api.md, Projects, Recipes; issue 26).
 *
 * - recipes: named sets of tag values of one project; `name_key` is the trimmed name in lower
 *   case, unique in the project (1086 is case-insensitive, as the reserved names are).
 * - recipe_items: one row per (device, tag) of a recipe, in `position` order, the value as JSON
 *   text (a boolean, a number or a string: exactly what a tag write sends).
 *
 * Items are rows, not a JSON column of the recipe, because other questions are asked of them by
 * device: which recipes write to a device that leaves the project or the team (an index lookup on
 * `device_id`, as screen_devices answers it for screens), and a device row that goes takes its
 * items with it (foreign key). Whole-recipe reads are one indexed range per recipe, and a recipe
 * holds at most 500 items, so rows cost nothing the JSON column would save.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('recipes'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('recipes_project_name', ['project_id', 'name_key'])
    .execute();
  await db.schema
    .createTable('recipe_items')
    .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recipe_items_pk', ['recipe_id', 'position'])
    .addUniqueConstraint('recipe_items_tag', ['recipe_id', 'device_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('recipe_items_device').on('recipe_items').column('device_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recipe_items').execute();
  await db.schema.dropTable('recipes').execute();
}
