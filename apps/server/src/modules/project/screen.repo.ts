import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ProjectScreenRow } from '../../db/tables/projects.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type ScreenSummaryRow = Pick<ProjectScreenRow, 'id' | 'name' | 'version' | 'updated_at'>;

/** A device still bound by screens: which project and which screens (the 1091 answer). */
export interface DeviceReference {
  device_id: number;
  project_id: number;
  project: string;
  screens: string[];
}

/** Project screens and the devices each binds (Kysely only). */
export class ScreenRepo {
  constructor(private readonly db: Kysely<Database>) {}

  summaries(projectId: number, db: Db = this.db): Promise<ScreenSummaryRow[]> {
    return db
      .selectFrom('project_screens')
      .select(['id', 'name', 'version', 'updated_at'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
  }

  /** Every screen of the project with its stored document (what the screens refer to: tags, pictures). */
  documents(
    projectId: number,
    db: Db = this.db,
  ): Promise<Pick<ProjectScreenRow, 'id' | 'name' | 'document'>[]> {
    return db
      .selectFrom('project_screens')
      .select(['id', 'name', 'document'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
  }

  /** The screen when its project is in the scope. */
  findInScope(scope: DataScope, id: number, db: Db = this.db): Promise<ProjectScreenRow | undefined> {
    return db
      .selectFrom('project_screens')
      .innerJoin('projects', 'projects.id', 'project_screens.project_id')
      .selectAll('project_screens')
      .where(inScope(scope, 'projects', 'projects.team_id', 'projects.id'))
      .where('project_screens.id', '=', id)
      .executeTakeFirst();
  }

  insert(s: { projectId: number; name: string; document: string }, db: Db): Promise<ProjectScreenRow> {
    const now = Date.now();
    return db
      .insertInto('project_screens')
      .values({
        project_id: s.projectId,
        name: s.name,
        document: s.document,
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Writes over `version` only: false when another save bumped it first (nothing written). */
  async saveOver(
    id: number,
    version: number,
    values: { name?: string; document: string },
    db: Db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('project_screens')
      .set({
        ...(values.name !== undefined && { name: values.name }),
        document: values.document,
        version: version + 1,
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(id: number, db: Db): Promise<void> {
    await db.deleteFrom('screen_devices').where('screen_id', '=', id).execute();
    await db.deleteFrom('project_screens').where('id', '=', id).execute();
  }

  /** Records the devices the screen binds (replacing what it bound before). */
  async setDevices(screenId: number, projectId: number, deviceIds: readonly number[], db: Db): Promise<void> {
    await db.deleteFrom('screen_devices').where('screen_id', '=', screenId).execute();
    const rows = [...new Set(deviceIds)].map((d) => ({
      screen_id: screenId,
      project_id: projectId,
      device_id: d,
    }));
    if (rows.length > 0) await db.insertInto('screen_devices').values(rows).execute();
  }

  /**
   * The screens binding any of `deviceIds`, grouped by device and project; `projectId` narrows it
   * to one project (taking devices out of it), none to every project of the team (unbinding).
   */
  async references(
    teamId: number,
    deviceIds: readonly number[],
    projectId?: number,
    db: Db = this.db,
  ): Promise<DeviceReference[]> {
    if (deviceIds.length === 0) return [];
    let q = db
      .selectFrom('screen_devices')
      .innerJoin('project_screens', 'project_screens.id', 'screen_devices.screen_id')
      .innerJoin('projects', 'projects.id', 'screen_devices.project_id')
      .select([
        'screen_devices.device_id',
        'projects.id as project_id',
        'projects.name as project',
        'project_screens.name as screen',
      ])
      .where('projects.team_id', '=', teamId)
      .where('screen_devices.device_id', 'in', [...new Set(deviceIds)]);
    if (projectId !== undefined) q = q.where('projects.id', '=', projectId);
    const rows = await q
      .orderBy('screen_devices.device_id')
      .orderBy('projects.id')
      .orderBy('project_screens.id')
      .execute();
    const out = new Map<string, DeviceReference>();
    for (const r of rows) {
      const key = `${r.device_id}:${r.project_id}`;
      const ref = out.get(key) ?? {
        device_id: r.device_id,
        project_id: r.project_id,
        project: r.project,
        screens: [],
      };
      ref.screens.push(r.screen);
      out.set(key, ref);
    }
    return [...out.values()];
  }

  /** Of `ids`, those that are no rows of `table` in the project (a screen's references). */
  async notInProject(
    table: 'project_assets' | 'project_screens' | 'recipes',
    projectId: number,
    ids: readonly number[],
    db: Db = this.db,
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    const found = await db
      .selectFrom(table)
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', 'in', [...ids])
      .execute();
    const have = new Set(found.map((r) => Number(r.id)));
    return ids.filter((id) => !have.has(id));
  }
}
