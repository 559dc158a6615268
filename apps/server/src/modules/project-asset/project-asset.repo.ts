import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ProjectAssetRow } from '../../db/tables/projects.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An asset without its bytes (lists, access checks). */
export type AssetHead = Omit<ProjectAssetRow, 'bytes'>;

const HEAD = ['id', 'project_id', 'kind', 'name', 'sha256', 'size', 'ids', 'created_at'] as const;

/** A project's pictures and drawings (Kysely only). */
export class ProjectAssetRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insert(
    a: Pick<ProjectAssetRow, 'project_id' | 'kind' | 'name' | 'bytes' | 'sha256' | 'size' | 'ids'>,
    db: Db,
  ): Promise<AssetHead> {
    return db
      .insertInto('project_assets')
      .values({ ...a, created_at: Date.now() })
      .returning([...HEAD])
      .executeTakeFirstOrThrow();
  }

  /** The project's assets, oldest first. */
  list(projectId: number): Promise<AssetHead[]> {
    return this.db
      .selectFrom('project_assets')
      .select([...HEAD])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
  }

  head(id: number): Promise<AssetHead | undefined> {
    return this.db
      .selectFrom('project_assets')
      .select([...HEAD])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The asset with its bytes, when it is the project's. */
  fileIn(projectId: number, id: number): Promise<ProjectAssetRow | undefined> {
    return this.db
      .selectFrom('project_assets')
      .selectAll()
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  /** How many assets the project holds and their bytes in all. */
  async totals(projectId: number, db: Db): Promise<{ count: number; bytes: number }> {
    const row = await db
      .selectFrom('project_assets')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('size').as('bytes')])
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), bytes: Number(row.bytes ?? 0) };
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('project_assets').where('id', '=', id).execute();
  }
}
