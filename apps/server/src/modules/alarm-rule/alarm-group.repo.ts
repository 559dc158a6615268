import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AlarmGroupsTable } from '../../db/tables/alarms.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type AlarmGroupRow = Selectable<AlarmGroupsTable>;

/** Alarm groups of a team (Kysely only). */
export class AlarmGroupRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The team's groups by name, each with the number of rules in it. */
  async list(teamId: number): Promise<(AlarmGroupRow & { rule_count: number })[]> {
    const rows = await this.db
      .selectFrom('alarm_groups')
      .selectAll('alarm_groups')
      .select((eb) =>
        eb
          .selectFrom('alarm_rules')
          .select(eb.fn.countAll<number>().as('c'))
          .whereRef('alarm_rules.group_id', '=', 'alarm_groups.id')
          .as('rule_count'),
      )
      .where('team_id', '=', teamId)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, rule_count: Number(r.rule_count ?? 0) }));
  }

  find(teamId: number, id: number, db: Db = this.db): Promise<AlarmGroupRow | undefined> {
    return db
      .selectFrom('alarm_groups')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The team's groups keyed by name (import). */
  async byName(teamId: number, db: Db = this.db): Promise<Map<string, AlarmGroupRow>> {
    const rows = await db.selectFrom('alarm_groups').selectAll().where('team_id', '=', teamId).execute();
    return new Map(rows.map((r) => [r.name, r]));
  }

  async nameTaken(teamId: number, name: string, exceptId?: number, db: Db = this.db): Promise<boolean> {
    let q = db.selectFrom('alarm_groups').select('id').where('team_id', '=', teamId).where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  insert(teamId: number, name: string, db: Db = this.db): Promise<AlarmGroupRow> {
    const now = Date.now();
    return db
      .insertInto('alarm_groups')
      .values({ team_id: teamId, name, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  rename(teamId: number, id: number, name: string, db: Db = this.db): Promise<AlarmGroupRow> {
    return db
      .updateTable('alarm_groups')
      .set({ name, updated_at: Date.now() })
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Deletes a group; its rules keep no group. Returns the templates whose rules changed. */
  async delete(teamId: number, id: number, db: Db): Promise<number[]> {
    const templates = await db
      .selectFrom('alarm_rules')
      .select('template_id')
      .distinct()
      .where('team_id', '=', teamId)
      .where('group_id', '=', id)
      .execute();
    await db
      .updateTable('alarm_rules')
      .set({ group_id: null })
      .where('team_id', '=', teamId)
      .where('group_id', '=', id)
      .execute();
    await db.deleteFrom('alarm_groups').where('team_id', '=', teamId).where('id', '=', id).execute();
    return templates.map((t) => t.template_id);
  }
}
