import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Project } from '../../db/tables/projects.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';
import { likePattern } from '../../lib/sql-like.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type ProjectWithCounts = Project & { device_count: number; screen_count: number };

/** Projects and the devices they use (Kysely only; screens are screen.repo.ts). */
export class ProjectRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of the projects in the scope, newest change first. */
  async page(
    scope: DataScope,
    filter: { search?: string; id?: number },
    page: { offset: number; limit: number },
  ): Promise<{ rows: ProjectWithCounts[]; total: number }> {
    let q = this.db
      .selectFrom('projects')
      .where(inScope(scope, 'projects', 'projects.team_id', 'projects.id'));
    if (filter.id !== undefined) q = q.where('projects.id', '=', filter.id);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      q = q.where(sql<SqlBool>`lower(${sql.ref('projects.name')}) like ${pattern} escape '\\'`);
    }
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll('projects')
      .select((eb) => [
        eb
          .selectFrom('project_devices')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('project_devices.project_id', '=', 'projects.id')
          .as('device_count'),
        eb
          .selectFrom('project_screens')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('project_screens.project_id', '=', 'projects.id')
          .as('screen_count'),
      ])
      .orderBy('projects.updated_at', 'desc')
      .orderBy('projects.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return {
      rows: rows.map((r) => ({
        ...r,
        device_count: Number(r.device_count),
        screen_count: Number(r.screen_count),
      })),
      total: Number(total.n),
    };
  }

  findInScope(scope: DataScope, id: number, db: Db = this.db): Promise<Project | undefined> {
    return db
      .selectFrom('projects')
      .selectAll()
      .where(inScope(scope, 'projects', 'projects.team_id', 'projects.id'))
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The team's projects, oldest first (the lock rule reads their creation times). */
  creationsOf(teamId: number, db: Db = this.db): Promise<{ id: number; created_at: number }[]> {
    return db.selectFrom('projects').select(['id', 'created_at']).where('team_id', '=', teamId).execute();
  }

  async nameTaken(teamId: number, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('projects')
      .select('id')
      .where('team_id', '=', teamId)
      .where('name_key', '=', name.toLowerCase());
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  insert(
    p: { teamId: number; name: string; description: string; createdBy: number },
    db: Db,
  ): Promise<Project> {
    const now = Date.now();
    return db
      .insertInto('projects')
      .values({
        team_id: p.teamId,
        name: p.name,
        name_key: p.name.toLowerCase(),
        description: p.description,
        created_by: p.createdBy,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, values: { name?: string; description?: string }, db: Db = this.db): Promise<void> {
    await db
      .updateTable('projects')
      .set({
        ...(values.name !== undefined && { name: values.name, name_key: values.name.toLowerCase() }),
        ...(values.description !== undefined && { description: values.description }),
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Marks the project changed (a screen or its devices). */
  async touch(id: number, db: Db): Promise<void> {
    await db.updateTable('projects').set({ updated_at: Date.now() }).where('id', '=', id).execute();
  }

  async delete(id: number, db: Db): Promise<void> {
    await db.deleteFrom('screen_devices').where('project_id', '=', id).execute();
    await db.deleteFrom('project_screens').where('project_id', '=', id).execute();
    await db.deleteFrom('project_devices').where('project_id', '=', id).execute();
    await db.deleteFrom('projects').where('id', '=', id).execute();
  }

  async deviceIds(projectId: number, db: Db = this.db): Promise<number[]> {
    const rows = await db
      .selectFrom('project_devices')
      .select('device_id')
      .where('project_id', '=', projectId)
      .orderBy('added_at')
      .orderBy('device_id')
      .execute();
    return rows.map((r) => r.device_id);
  }

  /** Makes `deviceIds` the project's device set. */
  async setDevices(projectId: number, deviceIds: readonly number[], db: Db): Promise<void> {
    const keep = [...new Set(deviceIds)];
    let del = db.deleteFrom('project_devices').where('project_id', '=', projectId);
    if (keep.length > 0) del = del.where('device_id', 'not in', keep);
    await del.execute();
    const have = new Set(await this.deviceIds(projectId, db));
    const now = Date.now();
    const add = keep
      .filter((d) => !have.has(d))
      .map((d) => ({ project_id: projectId, device_id: d, added_at: now }));
    if (add.length > 0) await db.insertInto('project_devices').values(add).execute();
  }

  /** Takes devices out of every project (they left the team). */
  async releaseDevices(deviceIds: readonly number[], db: Db): Promise<void> {
    if (deviceIds.length === 0) return;
    await db
      .deleteFrom('project_devices')
      .where('device_id', 'in', [...deviceIds])
      .execute();
  }
}
