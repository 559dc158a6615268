import type { Kysely, Transaction } from 'kysely';
import type { CardKind } from '@hmi/domain';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A billing event the messages job announces once. */
export type BillingEventKind = 'expiring30' | 'expiring7' | 'expired';

/** An activated card near its expiry, with the events announced for it. */
export interface ExpiringCard {
  id: number;
  team_id: number;
  type: CardKind;
  number: string;
  expires_at: number;
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
    const events = await this.db
      .selectFrom('billing_events')
      .select(['card_id', 'event'])
      .where(
        'card_id',
        'in',
        cards.map((c) => c.id),
      )
      .execute();
    return cards.map((c) => ({
      id: c.id,
      team_id: c.team_id!,
      type: c.type as CardKind,
      number: c.number,
      expires_at: Number(c.expires_at),
      announced: new Set(events.filter((e) => e.card_id === c.id).map((e) => e.event)),
    }));
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
