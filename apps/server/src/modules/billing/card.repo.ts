import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Card, CardBatch, CardBatchesTable } from '../../db/tables/billing.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A new card as the issuer builds it. */
export interface NewCard {
  number: string;
  tail: string;
  password_hash: string;
}

/** Cards and their batches (Kysely only). */
export class CardRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insertBatch(
    batch: Insertable<CardBatchesTable>,
    cards: readonly NewCard[],
    db: Db = this.db,
  ): Promise<CardBatch> {
    const row = await db.insertInto('card_batches').values(batch).returningAll().executeTakeFirstOrThrow();
    const now = batch.created_at;
    // In slices: SQLite takes at most 32,766 parameters per statement.
    for (let i = 0; i < cards.length; i += 500) {
      await db
        .insertInto('cards')
        .values(
          cards.slice(i, i + 500).map((c) => ({ ...c, batch_id: row.id, type: row.type, created_at: now })),
        )
        .execute();
    }
    return row;
  }

  batchNameTaken(name: string): Promise<boolean> {
    return this.db
      .selectFrom('card_batches')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst()
      .then((r) => r !== undefined);
  }

  /** Which of these tails exist already. */
  async existingTails(tails: readonly string[]): Promise<Set<string>> {
    if (tails.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('cards')
      .select('tail')
      .where('tail', 'in', [...tails])
      .execute();
    return new Set(rows.map((r) => r.tail));
  }

  /** The card a typed tail names, with its batch's quota and deadline. */
  findByTail(tail: string, db: Db = this.db) {
    return db
      .selectFrom('cards')
      .innerJoin('card_batches', 'card_batches.id', 'cards.batch_id')
      .selectAll('cards')
      .select([
        'card_batches.templates',
        'card_batches.tags',
        'card_batches.level',
        'card_batches.gigabytes',
        'card_batches.activate_before',
      ])
      .where('cards.tail', '=', tail)
      .executeTakeFirst();
  }

  /**
   * Counts a wrong password on the card, whoever tried (for the record: it locks nothing; the
   * limits are per account and address, card-activation.service.ts): the count restarts when its
   * window is over. One statement, so concurrent failures all count.
   */
  async recordFailure(id: number, now: number, windowMs: number): Promise<void> {
    const fresh = sql<boolean>`failed_since is null or failed_since <= ${now - windowMs}`;
    await this.db
      .updateTable('cards')
      .set({
        failed_attempts: sql`case when ${fresh} then 1 else failed_attempts + 1 end`,
        failed_since: sql`case when ${fresh} then ${now} else failed_since end`,
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Compare-and-set: activates the card for the team unless it is activated already (by anyone,
   * on any server). True when this call activated it.
   */
  async activate(
    id: number,
    teamId: number,
    userId: number,
    at: number,
    expiresAt: number,
    db: Db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('cards')
      .set({ team_id: teamId, activated_by: userId, activated_at: at, expires_at: expiresAt })
      .where('id', '=', id)
      .where('activated_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * The team's cards with their quota, newest activation first; RA cards with the bytes their
   * device's usage charged to them (a card funds one device: one allocation row at most).
   */
  teamCards(teamId: number, db: Db = this.db) {
    return db
      .selectFrom('cards')
      .innerJoin('card_batches', 'card_batches.id', 'cards.batch_id')
      .leftJoin('ra_card_allocations', 'ra_card_allocations.card_id', 'cards.id')
      .select([
        'cards.id',
        'cards.type',
        'cards.number',
        'cards.activated_at',
        'cards.expires_at',
        'card_batches.templates',
        'card_batches.tags',
        'card_batches.level',
        'card_batches.gigabytes',
        'ra_card_allocations.used_bytes',
        'ra_card_allocations.device_id as ra_device_id',
      ])
      .where('cards.team_id', '=', teamId)
      .orderBy('cards.activated_at', 'desc')
      .orderBy('cards.id', 'desc')
      .execute();
  }

  /** Templates the team's CA cards active at `now` add to its allowance. */
  async activeTemplates(teamId: number, now: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('cards')
      .innerJoin('card_batches', 'card_batches.id', 'cards.batch_id')
      .select((eb) => eb.fn.sum<number | string | null>('card_batches.templates').as('n'))
      .where('cards.team_id', '=', teamId)
      .where('cards.type', '=', 'ca')
      .where('cards.expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n ?? 0);
  }

  /** The team's base template allowance (teams.template_max_num: 1 unless an operator raised it). */
  async baseTemplates(teamId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('teams')
      .select('template_max_num')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    return row.template_max_num;
  }

  /** The teams holding activated cards (the test clock drops their cached locks). */
  async teamsWithCards(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('cards')
      .select('team_id')
      .distinct()
      .where('team_id', 'is not', null)
      .execute();
    return rows.map((r) => r.team_id!);
  }

  /** `select ... for update` of the team's cards (PostgreSQL: serialises allocations). */
  async lockTeamCards(teamId: number, db: Transaction<Database>): Promise<void> {
    await db
      .selectFrom('cards')
      .select('id')
      .where('team_id', '=', teamId)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  byId(id: number): Promise<Card | undefined> {
    return this.db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
