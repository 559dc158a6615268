import { sql, type Kysely, type Transaction } from 'kysely';
import { GIB, type CardKind } from '@hmi/domain';
import type { Database } from '../../db/database.ts';
import { catalogueDevices } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A billing event the messages job announces once: a card's expiry, an RA card's traffic. */
export type BillingEventKind = 'expiring30' | 'expiring7' | 'expired' | 'traffic80' | 'traffic100';

/** An activated card near its expiry, with the events announced for it. */
export interface ExpiringCard {
  id: number;
  team_id: number;
  type: CardKind;
  number: string;
  expires_at: number;
  announced: Set<string>;
}

/** An active RA card that has used at least 80 % of its gigabytes, with its announced events. */
export interface TrafficCard {
  id: number;
  team_id: number;
  number: string;
  gigabytes: number;
  used_bytes: number;
  /** The device it is allocated to: its name, else its serial number. */
  device: string;
  announced: Set<string>;
}

/** billing_events (the once-only keys of billing messages) and who reads billing messages (Kysely only). */
export class BillingEventsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Activated cards expiring in [from, to), with their announced events. */
  async expiringBetween(from: number, to: number): Promise<ExpiringCard[]> {
    const cards = await this.db
      .selectFrom('cards')
      .select(['id', 'team_id', 'type', 'number', 'expires_at'])
      .where('team_id', 'is not', null)
      .where('expires_at', '>=', from)
      .where('expires_at', '<', to)
      .orderBy('expires_at')
      .orderBy('id')
      .execute();
    if (cards.length === 0) return [];
    const announced = await this.announcedOf(cards.map((c) => c.id));
    return cards.map((c) => ({
      id: c.id,
      team_id: c.team_id!,
      type: c.type as CardKind,
      number: c.number,
      expires_at: Number(c.expires_at),
      announced: announced.get(c.id) ?? new Set(),
    }));
  }

  /**
   * Active RA cards (expiring after `now`) of a team whose charged usage reached 80 % of their
   * gigabytes and whose 100 % event is not announced yet.
   */
  async trafficDue(now: number): Promise<TrafficCard[]> {
    const rows = await this.db
      .selectFrom('ra_card_allocations as a')
      .innerJoin('cards', 'cards.id', 'a.card_id')
      .innerJoin('card_batches', 'card_batches.id', 'cards.batch_id')
      .innerJoin(catalogueDevices(this.db).as('devices'), 'devices.id', 'a.device_id')
      .select([
        'cards.id',
        'cards.team_id',
        'cards.number',
        'card_batches.gigabytes',
        'a.used_bytes',
        'devices.name',
        'devices.sn',
      ])
      .where('cards.team_id', 'is not', null)
      .where('cards.expires_at', '>', now)
      .where('card_batches.gigabytes', '>', 0)
      // 80 % in whole numbers (bigint on PostgreSQL: gigabytes x GiB exceeds an integer).
      .where(sql<boolean>`a.used_bytes * 5 >= card_batches.gigabytes * cast(${4 * GIB} as bigint)`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('billing_events')
              .select('billing_events.card_id')
              .whereRef('billing_events.card_id', '=', 'a.card_id')
              .where('billing_events.event', '=', 'traffic100'),
          ),
        ),
      )
      .orderBy('cards.id')
      .execute();
    if (rows.length === 0) return [];
    const announced = await this.announcedOf(rows.map((c) => c.id));
    return rows.map((c) => ({
      id: c.id,
      team_id: c.team_id!,
      number: c.number,
      gigabytes: c.gigabytes,
      used_bytes: Number(c.used_bytes),
      device: c.name ?? c.sn,
      announced: announced.get(c.id) ?? new Set(),
    }));
  }

  /** The events announced for these cards, by card. */
  private async announcedOf(cardIds: number[]): Promise<Map<number, Set<string>>> {
    const rows = await this.db
      .selectFrom('billing_events')
      .select(['card_id', 'event'])
      .where('card_id', 'in', cardIds)
      .execute();
    const out = new Map<number, Set<string>>();
    for (const r of rows) {
      const set = out.get(r.card_id) ?? new Set<string>();
      set.add(r.event);
      out.set(r.card_id, set);
    }
    return out;
  }

  /**
   * Claims the event (insert or ignore on the unique key): true only for the one transaction, on
   * any server, whose row went in. Inside the transaction that posts the messages.
   */
  async claim(
    e: { card_id: number; event: BillingEventKind; team_id: number },
    at: number,
    trx: Transaction<Database>,
  ): Promise<boolean> {
    const row = await trx
      .insertInto('billing_events')
      .values({ ...e, created_at: at })
      .onConflict((oc) => oc.columns(['card_id', 'event']).doNothing())
      .returning('card_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Active members of the team who read billing messages: the main account and holders of `permission`. */
  async readers(
    teamId: number,
    permission: number,
    db: Db = this.db,
  ): Promise<{ id: number; lang: string }[]> {
    const rows = await db
      .selectFrom('users')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .select(['users.id', 'users.lang', 'users.is_main', 'roles.permissions'])
      .where('users.team_id', '=', teamId)
      .where('users.status', '=', 'active')
      .orderBy('users.id')
      .execute();
    return rows
      .filter(
        (r) => r.is_main === 1 || (r.permissions !== null && parseIds(r.permissions).includes(permission)),
      )
      .map((r) => ({ id: r.id, lang: r.lang }));
  }
}

function parseIds(json: string): number[] {
  try {
    const ids: unknown = JSON.parse(json);
    return Array.isArray(ids) ? ids.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}
