import type { Kysely, Transaction } from 'kysely';
import type { Database, MessageKind } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Messages (Kysely only). */
export class MessageRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(
    m: { teamId: number; userId: number | null; kind: MessageKind; title: string; body: string },
    db: Db = this.db,
  ): Promise<void> {
    await db
      .insertInto('messages')
      .values({
        team_id: m.teamId,
        user_id: m.userId,
        kind: m.kind,
        title: m.title,
        body: m.body,
        read_at: null,
        created_at: Date.now(),
      })
      .execute();
  }

  /** Totals and unread counts per kind of the messages a user sees (own and team-wide). */
  countByKind(teamId: number, userId: number) {
    return this.db
      .selectFrom('messages')
      .select((eb) => [
        'kind',
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread'),
      ])
      .where('team_id', '=', teamId)
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
      .groupBy('kind')
      .execute();
  }
}
