import { sql, type Insertable, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AlarmRulesTable } from '../../db/tables/alarms.ts';
import { likePattern } from '../../lib/sql-like.ts';
import { catalogueTemplateTags } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type AlarmRuleRow = Selectable<AlarmRulesTable>;
/** A rule with its group's and tag's names (null when the tag is gone from the template). */
export type AlarmRuleView = AlarmRuleRow & { group_name: string | null; tag_name: string | null };
/** The fields a user sets on a rule. */
export type AlarmRuleValues = Omit<
  Insertable<AlarmRulesTable>,
  'id' | 'team_id' | 'template_id' | 'position' | 'created_at' | 'updated_at'
>;

const INSERT_CHUNK = 100;

/** Alarm rules of single-device templates (Kysely only). */
export class AlarmRuleRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private views(db: Db = this.db) {
    return db
      .selectFrom('alarm_rules')
      .leftJoin('alarm_groups', 'alarm_groups.id', 'alarm_rules.group_id')
      .leftJoin(catalogueTemplateTags(this.db).as('template_tags'), (join) =>
        join
          .onRef('template_tags.id', '=', 'alarm_rules.tag_id')
          .onRef('template_tags.template_id', '=', 'alarm_rules.template_id'),
      )
      .selectAll('alarm_rules')
      .select(['alarm_groups.name as group_name', 'template_tags.name as tag_name']);
  }

  /** A page of a template's rules in their order; `search` matches name, content or tag name. */
  async page(
    templateId: number,
    filter: { groupId?: number | undefined; search?: string | undefined },
    page: { offset: number; limit: number },
  ): Promise<{ rows: AlarmRuleView[]; total: number }> {
    let q = this.views().where('alarm_rules.template_id', '=', templateId);
    if (filter.groupId !== undefined) q = q.where('alarm_rules.group_id', '=', filter.groupId);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      q = q.where((eb) =>
        eb.or(
          (['alarm_rules.name', 'alarm_rules.content', 'template_tags.name'] as const).map(
            (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    const total = await q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await q
      .orderBy('alarm_rules.position')
      .orderBy('alarm_rules.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows, total: Number(total.n) };
  }

  /** A template's rules in their order, at most `limit` (export, import). */
  all(templateId: number, limit: number, db: Db = this.db): Promise<AlarmRuleView[]> {
    return this.views(db)
      .where('alarm_rules.template_id', '=', templateId)
      .orderBy('alarm_rules.position')
      .orderBy('alarm_rules.id')
      .limit(limit)
      .execute();
  }

  view(id: number, db: Db = this.db): Promise<AlarmRuleView | undefined> {
    return this.views(db).where('alarm_rules.id', '=', id).executeTakeFirst();
  }

  async count(templateId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('alarm_rules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('template_id', '=', templateId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The rules among `ids` that belong to the team. */
  inTeam(teamId: number, ids: readonly number[], db: Db = this.db): Promise<AlarmRuleRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('alarm_rules')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute();
  }

  async nameTaken(templateId: number, name: string, exceptId?: number, db: Db = this.db): Promise<boolean> {
    let q = db
      .selectFrom('alarm_rules')
      .select('id')
      .where('template_id', '=', templateId)
      .where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Adds rules at the end of the template's order; returns their ids in order. */
  async insert(
    teamId: number,
    templateId: number,
    rules: readonly AlarmRuleValues[],
    db: Db,
  ): Promise<number[]> {
    const last = await db
      .selectFrom('alarm_rules')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('template_id', '=', templateId)
      .executeTakeFirst();
    const first = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
    const now = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < rules.length; i += INSERT_CHUNK) {
      const rows = await db
        .insertInto('alarm_rules')
        .values(
          rules.slice(i, i + INSERT_CHUNK).map((r, j) => ({
            ...r,
            team_id: teamId,
            template_id: templateId,
            position: first + i + j,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  }

  async update(id: number, values: AlarmRuleValues, db: Db): Promise<void> {
    await db
      .updateTable('alarm_rules')
      .set({ ...values, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  async delete(teamId: number, ids: readonly number[], db: Db): Promise<void> {
    await db
      .deleteFrom('alarm_rules')
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The rules of these templates in each template's order (config of the devices). */
  ofTemplates(templateIds: readonly number[], db: Db = this.db): Promise<AlarmRuleRow[]> {
    if (templateIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('alarm_rules')
      .selectAll()
      .where('template_id', 'in', [...templateIds])
      .orderBy('template_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /**
   * Copies a template's rules to its copy (template copy): same fields and groups, each tag id
   * mapped to the copy's tag; rules of a tag that has no counterpart are left out.
   */
  async copyToTemplate(
    from: number,
    to: { id: number; teamId: number },
    tagIds: ReadonlyMap<number, number>,
    db: Db,
  ): Promise<void> {
    const now = Date.now();
    const rules = (await this.ofTemplates([from], db)).flatMap(
      ({ id: _id, template_id: _t, team_id: _team, tag_id, created_at: _c, updated_at: _u, ...r }) => {
        const tag = tagIds.get(tag_id);
        return tag === undefined
          ? []
          : [{ ...r, tag_id: tag, team_id: to.teamId, template_id: to.id, created_at: now, updated_at: now }];
      },
    );
    for (let i = 0; i < rules.length; i += INSERT_CHUNK) {
      await db
        .insertInto('alarm_rules')
        .values(rules.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  }

  /** Deletes the rules of tags removed from a template; returns how many went. */
  async deleteOfTags(templateId: number, tagIds: readonly number[], db: Db): Promise<number> {
    if (tagIds.length === 0) return 0;
    const result = await db
      .deleteFrom('alarm_rules')
      .where('template_id', '=', templateId)
      .where('tag_id', 'in', [...tagIds])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
