import {
  ErrorCode,
  ReadWriteType,
  type RecipeItem,
  type ValidationKey,
  type ValidationParams,
} from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { Catalogue } from '../device/index.ts';
import { checkValue } from '../settag/index.ts';
import type { ProjectRepo } from './project.repo.ts';
import type { StoredItem } from './recipe.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A tag as an item checks it. */
export interface ItemTag {
  id: number;
  name: string;
  data_type: number;
  rw: number;
}

/** One failed item: which field of which item, the i18n key and its params. */
export interface ItemIssue {
  index: number;
  field: 'tag_id' | 'value';
  key: ValidationKey;
  params: ValidationParams;
}

/**
 * The value an item stores for a tag, by the rules of a tag write (the settag module's
 * checkValue: data type and range): what a write sends (BOOL true/false, integers as numbers or
 * exact decimal text beyond 2^53, reals as numbers, strings as typed). A read-only tag, or a value
 * that does not fit, is an issue instead.
 */
export function itemValue(
  tag: ItemTag,
  value: StoredItem['value'],
): { value: StoredItem['value'] } | Omit<ItemIssue, 'index'> {
  if (tag.rw === ReadWriteType.Read)
    return { field: 'tag_id', key: 'validation.recipeItem.readOnly', params: {} };
  try {
    const { wire } = checkValue(tag.data_type, value);
    // A write never sends null (a tag's "no value"), so neither does a recipe.
    if (wire !== null) return { value: wire };
    return { field: 'value', key: 'validation.recipeItem.value', params: {} };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== ErrorCode.E1006_BAD_PARAMETER) throw err;
    const fields = (err.data as { fields?: { params?: ValidationParams }[] } | null)?.fields;
    return { field: 'value', key: 'validation.recipeItem.value', params: fields?.[0]?.params ?? {} };
  }
}

/**
 * The rules of a recipe's items (docs/api.md, Recipes): every item's device is a device of the
 * project (1089 with `device_ids`) that the caller may see (1003: a sub-account writes no recipe
 * item for a device outside its data permissions), and its tag one of the device's tags, writable,
 * with a value that fits (the issues, 1006 by the caller).
 */
export class RecipeItemRules {
  constructor(
    private readonly projects: ProjectRepo,
    private readonly catalogue: Catalogue,
  ) {}

  /** The project's devices the caller sees, with their tags. */
  async visibleTags(caller: CurrentUser, projectId: number, db?: Db) {
    const ids = await this.projects.deviceIds(projectId, db);
    const devices = await this.catalogue.devicesInScope(caller.scope, ids, db);
    const tags = await this.catalogue.tags.ofDevices(
      devices.map((d) => d.id),
      db,
    );
    return { projectDevices: new Set(ids), visible: new Set(devices.map((d) => d.id)), devices, tags };
  }

  /** The items as stored (values as a write sends them), or 1089 / 1003 / the issues. */
  async check(
    caller: CurrentUser,
    projectId: number,
    items: readonly RecipeItem[],
    db?: Db,
  ): Promise<{ items: StoredItem[]; issues: ItemIssue[]; visible: ReadonlySet<number> }> {
    const { projectDevices, visible, tags } = await this.visibleTags(caller, projectId, db);
    const outside = [...new Set(items.map((i) => i.device_id))].filter((d) => !projectDevices.has(d));
    if (outside.length > 0)
      throw new AppError(ErrorCode.E1089_DEVICE_NOT_IN_PROJECT, { device_ids: outside });
    if (items.some((i) => !visible.has(i.device_id))) throw new AppError(ErrorCode.E1003_NO_DATA);
    const stored: StoredItem[] = [];
    const issues: ItemIssue[] = [];
    items.forEach((item, index) => {
      const tag = tags.get(item.device_id)?.find((t) => t.id === item.tag_id);
      if (!tag) {
        issues.push({ index, field: 'tag_id', key: 'validation.recipeItem.tag', params: {} });
        return;
      }
      const checked = itemValue(tag, item.value);
      if ('key' in checked) issues.push({ index, ...checked });
      else stored.push({ device_id: item.device_id, tag_id: item.tag_id, value: checked.value });
    });
    return { items: stored, issues, visible };
  }
}
