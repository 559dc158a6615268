import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { GrantKind, MemberGrantsTable } from '../../db/tables/team-access.ts';
import { emptyGrants, type GrantLists } from './role.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Source = MemberGrantsTable['source'];

const CHUNK = 1000;

/** A member's own data permissions beside their role's (member_grants). Kysely only. */
export class MemberGrantsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The member's grants of the team, split by source. */
  async of(userId: number, teamId: number, db: Db = this.db): Promise<Record<Source, GrantLists>> {
    const rows = await db
      .selectFrom('member_grants')
      .select(['kind', 'object_id', 'source'])
      .where('user_id', '=', userId)
      .where('team_id', '=', teamId)
      .orderBy('kind')
      .orderBy('object_id')
      .execute();
    const out = { creator: emptyGrants(), admin: emptyGrants() };
    for (const r of rows) out[r.source][r.kind].push(r.object_id);
    return out;
  }

  /** Grants an object to the member who created it (kept when a grant of it exists already). */
  async grantCreator(userId: number, teamId: number, kind: GrantKind, objectId: number): Promise<void> {
    await this.db
      .insertInto('member_grants')
      .values({
        user_id: userId,
        team_id: teamId,
        kind,
        object_id: objectId,
        source: 'creator',
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'object_id']).doNothing())
      .execute();
  }

  /** Replaces the member's administrator grants of one kind (their creator grants stay). */
  async replaceAdmin(
    userId: number,
    teamId: number,
    kind: GrantKind,
    ids: readonly number[],
    db: Db,
  ): Promise<void> {
    await db
      .deleteFrom('member_grants')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('source', '=', 'admin')
      .execute();
    const now = Date.now();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = ids.slice(i, i + CHUNK).map((object_id) => ({
        user_id: userId,
        team_id: teamId,
        kind,
        object_id,
        source: 'admin' as const,
        created_at: now,
      }));
      await db
        .insertInto('member_grants')
        .values(rows)
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'object_id']).doNothing())
        .execute();
    }
  }

  /** Every grant of the member (they left the team). */
  async deleteAll(userId: number, db: Db): Promise<void> {
    await db.deleteFrom('member_grants').where('user_id', '=', userId).execute();
  }
}
