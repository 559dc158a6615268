import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ProjectShareRow } from '../../db/tables/projects.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** How often a link's `last_used_at` is written at most: a wall screen's calls cost no write each. */
const USED_RESOLUTION_MS = 60_000;
/** The newest links listed of a project (revoked and expired ones stay for the record). */
const LIST_MAX = 200;

/** A project's share links (Kysely only); tokens are found by their SHA-256, never stored. */
export class ProjectShareRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insert(
    s: Pick<
      ProjectShareRow,
      'project_id' | 'team_id' | 'created_by' | 'name' | 'token_hash' | 'expires_at' | 'created_at'
    >,
    db: Db,
  ): Promise<ProjectShareRow> {
    return db.insertInto('project_shares').values(s).returningAll().executeTakeFirstOrThrow();
  }

  /** The project's links, newest first. */
  list(projectId: number): Promise<ProjectShareRow[]> {
    return this.db
      .selectFrom('project_shares')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id', 'desc')
      .limit(LIST_MAX)
      .execute();
  }

  byId(id: number): Promise<ProjectShareRow | undefined> {
    return this.db.selectFrom('project_shares').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byHash(tokenHash: string): Promise<ProjectShareRow | undefined> {
    return this.db
      .selectFrom('project_shares')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Links of the project neither revoked nor expired at `now`. */
  async countActive(projectId: number, now: number, db: Db): Promise<number> {
    const row = await db
      .selectFrom('project_shares')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Revokes the link unless it was already; false when it was. */
  async revoke(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('project_shares')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records a viewer's use, to the minute. */
  async used(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('project_shares')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - USED_RESOLUTION_MS)]),
      )
      .execute();
  }
}
