import { ErrorCode, type RecipeApplyReply, type RecipeItemResult } from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { OperatePolicy } from '../zone/index.ts';
import type { ProjectAccess } from './project-access.ts';
import type { ProjectRepo } from './project.repo.ts';
import type { RecipeRepo, StoredItem } from './recipe.repo.ts';
import type { TagWriter } from './screen-runtime.service.ts';

/** Devices written to side by side; each device's items go one after another. */
const DEVICES_AT_ONCE = 4;

/**
 * After one of these for a device, its later items are not sent and get the same code: the device
 * is gone (1038) or does not answer (2003: each further write would wait the settag timeout).
 */
const DEVICE_GONE: ReadonlySet<number> = new Set([ErrorCode.E1038_DEVICE_OFFLINE, ErrorCode.E2003_NETWORK]);

/** Runs `work` over the keys with at most `limit` at a time. */
async function eachLimited<K>(
  keys: readonly K[],
  limit: number,
  work: (key: K) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < keys.length) await work(keys[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, keys.length) }, lane));
}

/**
 * Applying a recipe (RecipePaths.apply): every item is written through the tag write path (the
 * settag module's SettagService, the `screenWrite` act of the operate policy: device edit 4 or hmi
 * 6, data scope and the device's zone, then online, sync, the tag and its value, template locks),
 * and each gets its own result instead of the call stopping at the first failure. A device's items
 * go in the recipe's order, one after another (a mode before its set-point); up to
 * DEVICES_AT_ONCE devices at once. An item whose device left the project is 1089 and not sent.
 */
export class RecipeApplier {
  constructor(
    private readonly projects: ProjectRepo,
    private readonly recipes: RecipeRepo,
    private readonly access: ProjectAccess,
    private readonly tags: TagWriter,
  ) {}

  async apply(caller: CurrentUser, id: number): Promise<RecipeApplyReply> {
    const recipe = await this.recipes.findInScope(caller.scope, id);
    if (!recipe) throw new AppError(ErrorCode.E1003_NO_DATA);
    // Neither device edit 4 nor hmi 6: nothing of the recipe could be written.
    if (!OperatePolicy.holds(caller, 'screenWrite')) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    await this.access.requireWritable(caller, recipe.project_id);
    const items = (await this.recipes.itemsOf([id])).get(id) ?? [];
    const inProject = new Set(await this.projects.deviceIds(recipe.project_id));
    const results: RecipeItemResult[] = items.map((i) => ({ ...key(i), ok: false, value: i.value }));
    const byDevice = new Map<number, number[]>();
    items.forEach((item, index) => {
      const list = byDevice.get(item.device_id) ?? [];
      byDevice.set(item.device_id, [...list, index]);
    });
    await eachLimited([...byDevice.keys()], DEVICES_AT_ONCE, async (deviceId) => {
      let gone: number | undefined;
      for (const index of byDevice.get(deviceId) ?? []) {
        const item = items[index]!;
        const code = !inProject.has(deviceId)
          ? ErrorCode.E1089_DEVICE_NOT_IN_PROJECT
          : (gone ?? (await this.write(caller, item)));
        if (code !== undefined && DEVICE_GONE.has(code)) gone = code;
        results[index] = {
          ...key(item),
          ok: code === undefined,
          ...(code === undefined ? {} : { code }),
          value: item.value,
        };
      }
    });
    const written = results.filter((r) => r.ok).length;
    return { recipe_id: id, results, written, failed: results.length - written };
  }

  /** One item through the tag write path: undefined when written, else the refusal's code. */
  private async write(caller: CurrentUser, item: StoredItem): Promise<number | undefined> {
    try {
      await this.tags.write(
        caller,
        { id: item.device_id, tag_id: item.tag_id, value: item.value },
        'screenWrite',
      );
      return undefined;
    } catch (err) {
      // Any other failure is this item's (1007), not the end of the others.
      return err instanceof AppError ? err.code : ErrorCode.E1007_SERVER;
    }
  }
}

const key = (i: StoredItem) => ({ device_id: i.device_id, tag_id: i.tag_id });
