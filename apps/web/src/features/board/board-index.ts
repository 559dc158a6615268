import type { BoardCard, BoardReply, BoardTag } from '@hmi/domain';
import { cardRefs } from './board-layout.ts';

/** Lookups over a board reply: the devices and tags of its cards inside the caller's scope. */
export interface BoardIndex {
  device(id: number): BoardReply['devices'][number] | undefined;
  deviceName(id: number): string | undefined;
  tag(deviceId: number, tagId: number): BoardTag | undefined;
  /** Every device and tag of the card is in scope (else the card reads "no access"). */
  inScope(card: BoardCard): boolean;
}

export function boardIndex(board: Pick<BoardReply, 'devices' | 'tags'>): BoardIndex {
  const devices = new Map(board.devices.map((d) => [d.id, d]));
  const tags = new Map(board.tags.map((t) => [`${t.device_id}:${t.tag_id}`, t]));
  const tag = (d: number, t: number) => tags.get(`${d}:${t}`);
  return {
    device: (id) => devices.get(id),
    deviceName: (id) => devices.get(id)?.name,
    tag,
    inScope: (card) =>
      card.kind === 'indicator'
        ? tag(card.device_id, card.tag_id) !== undefined
        : // A trend shows what is left of it; with nothing left it reads "no access".
          cardRefs(card).some((r) => tag(r.device_id, r.tag_id) !== undefined),
  };
}

/** A card's title: its own, else "device · tag" (indicator) or the first tag's (trend). */
export function cardTitle(card: BoardCard, index: BoardIndex): string {
  if (card.title) return card.title;
  const first = cardRefs(card)[0];
  if (!first) return '';
  const device = index.deviceName(first.device_id);
  const tag = index.tag(first.device_id, first.tag_id);
  if (!device || !tag) return '—';
  const more = card.kind === 'trend' && card.tags.length > 1 ? ` +${card.tags.length - 1}` : '';
  return `${device} · ${tag.name}${more}`;
}
