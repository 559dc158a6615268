import type { Recipe } from '@hmi/domain';
import type { RecipeRow } from '../../db/tables/projects.ts';
import type { StoredItem } from './recipe.repo.ts';

/** A recipe as the caller sees it: the items on devices it sees, and how many others it keeps. */
export const presentRecipe = (
  r: RecipeRow,
  items: readonly StoredItem[],
  visible: ReadonlySet<number>,
): Recipe => {
  const shown = items.filter((i) => visible.has(i.device_id));
  return {
    id: r.id,
    project_id: r.project_id,
    name: r.name,
    description: r.description,
    items: shown.map((i) => ({ device_id: i.device_id, tag_id: i.tag_id, value: i.value })),
    hidden_items: items.length - shown.length,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
};
