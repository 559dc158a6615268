import type { TagFields } from '@hmi/domain';
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Template, TemplateTagRow } from '../../db/tables/catalogue.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';
import { likePattern } from '../../lib/sql-like.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type TemplateWithCounts = Template & { device_count: number; tag_count: number };

/** A tag's fields as stored (the domain's one declaration of a tag's shape). */
export type TagValues = TagFields;

/** Single-device templates and their tags (Kysely only). */
export class TemplateRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private scoped(scope: DataScope, db: Db = this.db) {
    return db.selectFrom('templates').where(inScope(scope, 'templates', 'templates.team_id', 'templates.id'));
  }

  /** A page of the caller's templates with device and tag counts, newest first. */
  async page(
    scope: DataScope,
    filter: { search?: string | undefined; id?: number | undefined },
    page: { offset: number; limit: number },
  ): Promise<{ rows: TemplateWithCounts[]; total: number }> {
    let q = this.scoped(scope);
    if (filter.id !== undefined) q = q.where('templates.id', '=', filter.id);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      q = q.where(sql<SqlBool>`lower(${sql.ref('templates.name')}) like ${pattern} escape '\\'`);
    }
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll('templates')
      .select((eb) => [
        eb
          .selectFrom('devices')
          .select(eb.fn.countAll<number>().as('c'))
          .whereRef('devices.template_id', '=', 'templates.id')
          .whereRef('devices.team_id', '=', 'templates.team_id')
          .as('device_count'),
        eb
          .selectFrom('template_tags')
          .select(eb.fn.countAll<number>().as('c'))
          .whereRef('template_tags.template_id', '=', 'templates.id')
          .as('tag_count'),
      ])
      .orderBy('templates.created_at', 'desc')
      .orderBy('templates.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return {
      rows: rows.map((r) => ({
        ...r,
        device_count: Number(r.device_count ?? 0),
        tag_count: Number(r.tag_count ?? 0),
      })),
      total: Number(total.n),
    };
  }

  findInScope(scope: DataScope, id: number, db: Db = this.db): Promise<Template | undefined> {
    return this.scoped(scope, db).selectAll('templates').where('templates.id', '=', id).executeTakeFirst();
  }

  /** `select ... for update` of the templates' rows, in id order (PostgreSQL only: SQLite has no row locks). */
  async lockForUpdate(ids: readonly number[], db: Transaction<Database>): Promise<void> {
    if (ids.length === 0) return;
    await db
      .selectFrom('templates')
      .select('id')
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  tags(templateId: number, db: Db = this.db): Promise<TemplateTagRow[]> {
    return db
      .selectFrom('template_tags')
      .selectAll()
      .where('template_id', '=', templateId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async countTeam(teamId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('templates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The team's templates with their creation time (the billing lock rule). */
  async creations(teamId: number, db: Db = this.db): Promise<{ id: number; created_at: number }[]> {
    const rows = await db
      .selectFrom('templates')
      .select(['id', 'created_at'])
      .where('team_id', '=', teamId)
      .execute();
    return rows.map((r) => ({ id: r.id, created_at: Number(r.created_at) }));
  }

  async teamLimit(teamId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('teams')
      .select('template_max_num')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    return row.template_max_num;
  }

  async nameTaken(teamId: number, name: string, exceptId?: number, db: Db = this.db): Promise<boolean> {
    let q = db.selectFrom('templates').select('id').where('team_id', '=', teamId).where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Devices of the team that run the template, whoever may see them. */
  async deviceIds(teamId: number, templateId: number, db: Db = this.db): Promise<number[]> {
    const rows = await db
      .selectFrom('devices')
      .select('id')
      .where('team_id', '=', teamId)
      .where('template_id', '=', templateId)
      .execute();
    return rows.map((r) => r.id);
  }

  insert(t: Omit<Template, 'id' | 'version' | 'created_at' | 'updated_at'>, db: Db): Promise<Template> {
    const now = Date.now();
    return db
      .insertInto('templates')
      .values({ ...t, version: 1, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Changes fields and bumps the version. */
  update(
    id: number,
    values: Partial<Pick<Template, 'name' | 'type' | 'hmi_model' | 'default_value' | 'description'>>,
    db: Db,
  ): Promise<Template> {
    return db
      .updateTable('templates')
      .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: Date.now() }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async insertTags(templateId: number, tags: readonly TagValues[], db: Db, firstPosition = 0): Promise<void> {
    const rows = tags.map((t, i) => ({ ...t, template_id: templateId, position: firstPosition + i }));
    for (let i = 0; i < rows.length; i += 200) {
      await db
        .insertInto('template_tags')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }

  async updateTag(id: number, values: TagValues & { position: number }, db: Db): Promise<void> {
    await db.updateTable('template_tags').set(values).where('id', '=', id).execute();
  }

  async deleteTags(templateId: number, ids: readonly number[], db: Db): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .deleteFrom('template_tags')
        .where('template_id', '=', templateId)
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
  }

  async delete(id: number, db: Db): Promise<void> {
    await db.deleteFrom('template_tags').where('template_id', '=', id).execute();
    await db.deleteFrom('templates').where('id', '=', id).execute();
  }
}
