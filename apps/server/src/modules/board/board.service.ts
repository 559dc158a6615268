import {
  BoardLimits,
  boardBreakpoints,
  boardCard,
  boardLayouts,
  ErrorCode,
  FAVOURITE_LAST_TAGS,
  validateBoardCardIds,
  validateFavouriteAdd,
  type BoardCard,
  type BoardLayouts,
  type BoardReply,
  type BoardTagRef,
  type FavouriteListReply,
  type FavouriteState,
} from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { assertValid } from '../../lib/validate.ts';
import type { DeviceTagReads } from '../device/index.ts';
import { decodeStoredValue, type LastValueReads } from '../history-store/index.ts';
import type { BoardRepo } from './board.repo.ts';
import { suggestBoard } from './board-suggestion.ts';

/** Devices a suggested board looks at (online first). */
const SUGGESTION_DEVICES = 200;

/** The (device, tag) pairs a card names. */
export function cardRefs(card: BoardCard): BoardTagRef[] {
  return card.kind === 'indicator' ? [{ device_id: card.device_id, tag_id: card.tag_id }] : card.tags;
}

const refKey = (r: BoardTagRef) => `${r.device_id}:${r.tag_id}`;

/** Layout items of existing cards only, once each, per breakpoint. */
export function keepLayouts(layouts: BoardLayouts, cardIds: ReadonlySet<string>): BoardLayouts {
  const out: BoardLayouts = {};
  for (const bp of boardBreakpoints) {
    const items = layouts[bp];
    if (!items) continue;
    const seen = new Set<string>();
    out[bp] = items.filter((it) => cardIds.has(it.i) && !seen.has(it.i) && seen.add(it.i));
  }
  return out;
}

/**
 * The data board of each user and their favourite devices (docs/api.md, Data board). Every
 * device and tag a saved card names is checked against the caller's scope (1003), except the
 * references a card already had: a device that left the scope after a role change keeps its
 * card (shown as "no access"), so the board can still be rearranged. Favourites are listed
 * through the current scope only.
 */
export class BoardService {
  constructor(
    private readonly repo: BoardRepo,
    private readonly tags: DeviceTagReads,
    private readonly lastValues: LastValueReads,
    private readonly now: () => number = Date.now,
  ) {}

  async get(caller: CurrentUser): Promise<BoardReply> {
    const row = await this.repo.find(caller.id, caller.teamId);
    const cards = row ? parseCards(row.cards) : [];
    const layouts = row ? parseLayouts(row.layouts) : {};
    return this.present(caller, cards, layouts, row ? Number(row.updated_at) : 0);
  }

  /**
   * A first board from the caller's devices and their templates' tags (board-suggestion.ts),
   * as a board reply that is not saved: the client saves it as it saves any board.
   */
  async suggestion(caller: CurrentUser): Promise<BoardReply> {
    const devices = await this.repo.devicesOnTemplates(caller.scope, SUGGESTION_DEVICES);
    const tagsOf = await this.tags.ofDevices(devices.map((d) => d.id));
    const { cards, layouts } = suggestBoard(
      devices.map((d) => ({
        id: d.id,
        name: d.name ?? d.sn,
        online: d.online,
        template_id: d.template_id!,
      })),
      tagsOf,
    );
    return this.present(caller, cards, layouts, 0);
  }

  async save(caller: CurrentUser, cards: BoardCard[], layouts: BoardLayouts): Promise<BoardReply> {
    assertValid('cards', validateBoardCardIds(cards));
    const ids = new Set(cards.map((c) => c.id));
    const stored = await this.repo.find(caller.id, caller.teamId);
    const before = new Map(
      (stored ? parseCards(stored.cards) : []).map((c) => [c.id, new Set(cardRefs(c).map(refKey))]),
    );
    // References new to their card must be of a device in scope and one of its tags.
    const fresh = cards.flatMap((c) => cardRefs(c).filter((r) => !before.get(c.id)?.has(refKey(r))));
    if (fresh.length > 0) {
      const deviceIds = [...new Set(fresh.map((r) => r.device_id))];
      const visible = await this.repo.devicesInScope(caller.scope, deviceIds);
      if (visible.length !== deviceIds.length) throw new AppError(ErrorCode.E1003_NO_DATA);
      const tagsOf = await this.tags.ofDevices(deviceIds);
      for (const r of fresh) {
        if (!tagsOf.get(r.device_id)?.some((t) => t.id === r.tag_id))
          throw new AppError(ErrorCode.E1003_NO_DATA);
      }
    }
    const kept = keepLayouts(layouts, ids);
    const at = this.now();
    await this.repo.save(caller.id, caller.teamId, JSON.stringify(cards), JSON.stringify(kept), at);
    return this.present(caller, cards, kept, at);
  }

  private async present(
    caller: CurrentUser,
    cards: BoardCard[],
    layouts: BoardLayouts,
    updatedAt: number,
  ): Promise<BoardReply> {
    const refs = cards.flatMap(cardRefs);
    const devices = await this.repo.devicesInScope(caller.scope, [...new Set(refs.map((r) => r.device_id))]);
    const tagsOf = await this.tags.ofDevices(devices.map((d) => d.id));
    const named = new Set(refs.map(refKey));
    const tags: BoardReply['tags'] = [];
    for (const [deviceId, list] of tagsOf) {
      for (const t of list) {
        if (!named.has(`${deviceId}:${t.id}`)) continue;
        tags.push({
          device_id: deviceId,
          tag_id: t.id,
          name: t.name,
          unit: t.unit,
          data_type: t.data_type,
          decimals: t.decimals,
        });
      }
    }
    return {
      cards,
      layouts,
      devices: devices.map((d) => ({ id: d.id, name: d.name ?? d.sn, online: d.online })),
      tags,
      max_cards: BoardLimits.maxCards,
      indicator_suggested: BoardLimits.indicatorSuggested,
      updated_at: updatedAt,
    };
  }

  async favourites(caller: CurrentUser): Promise<FavouriteListReply> {
    const devices = await this.repo.favouritesInScope(caller.id, caller.scope);
    const tagsOf = await this.tags.ofDevices(devices.map((d) => d.id));
    const list = await Promise.all(
      devices.map(async (d) => {
        const first = (tagsOf.get(d.id) ?? []).slice(0, FAVOURITE_LAST_TAGS);
        const rows =
          first.length === 0
            ? []
            : await this.lastValues.ofDevice(
                d.id,
                first.map((t) => t.id),
              );
        const byTag = new Map(rows.map((r) => [r.tag_id, r]));
        return {
          device_id: d.id,
          name: d.name ?? d.sn,
          sn: d.sn,
          online: d.online,
          last: first.map((t) => {
            const r = byTag.get(t.id);
            return {
              tag_id: t.id,
              name: t.name,
              unit: t.unit,
              ts: r ? r.ts : null,
              value: r ? decodeStoredValue(r.num, r.txt) : null,
            };
          }),
        };
      }),
    );
    return { list, max: BoardLimits.favouritesMax };
  }

  /** Stars or unstars a device of the caller's scope (1003 outside it; 1006 past the limit). */
  async setFavourite(caller: CurrentUser, deviceId: number, on: boolean): Promise<FavouriteState> {
    const [device] = await this.repo.devicesInScope(caller.scope, [deviceId]);
    if (!device) throw new AppError(ErrorCode.E1003_NO_DATA);
    if (!on) {
      await this.repo.removeFavourite(caller.id, deviceId);
      return { device_id: deviceId, on };
    }
    const inScope = await this.repo.favouritesInScope(caller.id, caller.scope);
    if (!inScope.some((d) => d.id === deviceId)) {
      assertValid('device_id', validateFavouriteAdd(await this.repo.favouriteCount(caller.id)));
      await this.repo.addFavourite(caller.id, deviceId, this.now());
    }
    return { device_id: deviceId, on };
  }
}

/** Stored JSON read back; a card that no longer passes the contract is left out. */
function parseCards(json: string): BoardCard[] {
  const raw: unknown = JSON.parse(json);
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((c) => {
    const parsed = boardCard.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
}

function parseLayouts(json: string): BoardLayouts {
  const parsed = boardLayouts.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : {};
}
