import {
  ErrorCode,
  type TemplateAddBodyParsed,
  type TemplateDetail,
  type TemplateEditBodyParsed,
  type TemplateListQueryParsed,
  type TemplateListReply,
  type TemplateTag,
} from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Template, TemplateTagRow } from '../../db/tables/catalogue.ts';
import type { DeviceConfigPublisher } from '../device-connection/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import { noCreatorGrants, type CreatorGrants } from '../../lib/creator-grants.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { presentTemplateItem, presentTemplateTag } from './template.presenter.ts';
import type { TagValues, TemplateRepo } from './template.repo.ts';

type TagInput = TemplateAddBodyParsed['tags'][number];

const tagValues = ({ id: _id, ...t }: TagInput | TemplateTag): TagValues => t;

/** What a template change does to the template's alarm rules (the alarm-rule module's AlarmRuleRepo). */
export interface TemplateRules {
  /** Copies a template's rules to its copy, each tag id mapped to the copy's tag. */
  copyToTemplate(
    from: number,
    to: { id: number; teamId: number },
    tagIds: ReadonlyMap<number, number>,
    db: Transaction<Database>,
  ): Promise<void>;
  /** Deletes the rules of tags removed from a template. */
  deleteOfTags(templateId: number, tagIds: readonly number[], db: Transaction<Database>): Promise<number>;
}

/**
 * How many templates a team may have (the billing module's BillingAccountService: the base
 * allowance, teams.template_max_num, plus the templates of its active Cloud Application cards).
 */
export interface TemplateQuota {
  templateMax(teamId: number, db?: Kysely<Database> | Transaction<Database>): Promise<number>;
}

/**
 * Which of a team's templates are locked (the billing module's TemplateLockService: templates
 * beyond the allowance, docs/api.md Billing) and telling it that the team's templates changed.
 */
export interface TemplateLocks {
  lockedOf(teamId: number, db?: Kysely<Database> | Transaction<Database>): Promise<ReadonlySet<number>>;
  changed(teamId: number): void;
}

const noLocks: TemplateLocks = { lockedOf: async () => new Set(), changed: () => undefined };

/**
 * Single-device templates (SPEC templatelist). Names are unique in a team (1030); a team has at
 * most template_max_num templates (1033, copies included); a template some device runs cannot
 * be deleted (1037). A template id outside the caller's team or template data permissions is
 * 1029. Every edit bumps the template's version and republishes its devices' config (their
 * sync state turns 0 until they acknowledge).
 */
export class TemplateService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
    private readonly templates: TemplateRepo,
    private readonly publisher: DeviceConfigPublisher,
    private readonly rules: TemplateRules,
    private readonly creators: CreatorGrants = noCreatorGrants,
    private readonly quota: TemplateQuota = { templateMax: (teamId, db) => templates.teamLimit(teamId, db) },
    private readonly locks: TemplateLocks = noLocks,
  ) {}

  /** As `require`, and 1052 when the template is locked (editing it, assigning it, writing through it). */
  async requireUsable(caller: CurrentUser, id: number): Promise<Template> {
    const t = await this.require(caller, id);
    if ((await this.locks.lockedOf(caller.teamId)).has(id))
      throw new AppError(ErrorCode.E1052_TEMPLATE_LOCKED);
    return t;
  }

  /** The team's template limit now (template_max_num of getUserInfo; 1033 beyond it). */
  templateMax(teamId: number): Promise<number> {
    return this.quota.templateMax(teamId);
  }

  async list(caller: CurrentUser, query: TemplateListQueryParsed): Promise<TemplateListReply> {
    const { rows, total } = await this.templates.page(
      caller.scope,
      { search: query.search, id: query.templateid },
      { offset: (query.page - 1) * query.page_size, limit: query.page_size },
    );
    const [max, count, locked] = await Promise.all([
      this.quota.templateMax(caller.teamId),
      this.templates.countTeam(caller.teamId),
      this.locks.lockedOf(caller.teamId),
    ]);
    return {
      list: rows.map((t) => presentTemplateItem(t, locked.has(t.id))),
      total,
      page: query.page,
      page_size: query.page_size,
      max,
      count,
    };
  }

  /** The template when the caller may use it; else 1029. */
  async require(caller: CurrentUser, id: number, db?: Transaction<Database>): Promise<Template> {
    const t = await this.templates.findInScope(caller.scope, id, db);
    if (!t) throw new AppError(ErrorCode.E1029_ILLEGAL_TEMPLATE_ID);
    return t;
  }

  /** The tags of a template the caller was checked for (`require`), in their order. */
  tagsOf(templateId: number): Promise<TemplateTagRow[]> {
    return this.templates.tags(templateId);
  }

  async detail(caller: CurrentUser, id: number, db?: Transaction<Database>): Promise<TemplateDetail> {
    const t = await this.require(caller, id, db);
    const [tags, deviceIds, locked] = await Promise.all([
      this.templates.tags(id, db),
      this.templates.deviceIds(t.team_id, id, db),
      this.locks.lockedOf(t.team_id, db),
    ]);
    return {
      ...presentTemplateItem(
        { ...t, device_count: deviceIds.length, tag_count: tags.length },
        locked.has(id),
      ),
      tags: tags.map(presentTemplateTag),
    };
  }

  async add(caller: CurrentUser, body: TemplateAddBodyParsed): Promise<TemplateDetail> {
    const id = await this.create(caller, body.name, async (trx) => {
      const t = await this.templates.insert(
        {
          team_id: caller.teamId,
          name: body.name,
          type: body.type,
          data_center: body.data_center || this.config.region,
          hmi_model: body.hmi_model,
          default_value: body.default_value,
          description: body.description,
        },
        trx,
      );
      await this.templates.insertTags(t.id, body.tags.map(tagValues), trx);
      return t.id;
    });
    return this.detail(await this.creators.created(caller, 'template', id), id);
  }

  /** Copies a template with its tags and alarm rules under a new name (subject to the limit like a new one). */
  async copy(caller: CurrentUser, sourceId: number, name: string): Promise<TemplateDetail> {
    const source = await this.requireUsable(caller, sourceId);
    const tags = await this.templates.tags(sourceId);
    const id = await this.create(caller, name, async (trx) => {
      const { id: _id, team_id: _team, version: _v, created_at: _c, updated_at: _u, ...fields } = source;
      const t = await this.templates.insert({ ...fields, team_id: caller.teamId, name }, trx);
      await this.templates.insertTags(
        t.id,
        tags.map((r) => tagValues(presentTemplateTag(r))),
        trx,
      );
      const copies = await this.templates.tags(t.id, trx);
      const tagIds = new Map(tags.flatMap((r, i) => (copies[i] ? [[r.id, copies[i].id] as const] : [])));
      await this.rules.copyToTemplate(sourceId, { id: t.id, teamId: caller.teamId }, tagIds, trx);
      return t.id;
    });
    return this.detail(await this.creators.created(caller, 'template', id), id);
  }

  async edit(caller: CurrentUser, body: TemplateEditBodyParsed): Promise<TemplateDetail> {
    await this.requireUsable(caller, body.id);
    if (body.name !== undefined && (await this.templates.nameTaken(caller.teamId, body.name, body.id))) {
      throw new AppError(ErrorCode.E1030_TEMPLATE_NAME_EXISTS);
    }
    const { id, tags, ...fields } = body;
    const deviceIds = await this.unique(() =>
      this.db.transaction().execute(async (trx) => {
        await this.templates.update(id, withoutUndefined(fields), trx);
        if (tags) await this.replaceTags(id, tags, trx);
        const devices = await this.templates.deviceIds(caller.teamId, id, trx);
        await this.publisher.bump(devices, trx);
        return devices;
      }),
    );
    await this.publisher.publish(deviceIds);
    return this.detail(caller, id);
  }

  async delete(caller: CurrentUser, id: number): Promise<void> {
    await this.require(caller, id);
    await this.db.transaction().execute(async (trx) => {
      if ((await this.templates.deviceIds(caller.teamId, id, trx)).length > 0) {
        throw new AppError(ErrorCode.E1037_TEMPLATE_HAS_DEVICES);
      }
      await this.templates.delete(id, trx);
    });
    this.locks.changed(caller.teamId);
  }

  /**
   * Locks the templates' rows until the caller's transaction ends, so that checks of their rules
   * inside it hold under concurrent edits. PostgreSQL only: SQLite has no row locks (and runs one
   * write transaction at a time).
   */
  async lock(templateIds: readonly number[], trx: Transaction<Database>): Promise<void> {
    await this.templates.lockForUpdate(templateIds, trx);
  }

  /**
   * The templates' alarm rules changed: each template's version goes up and the configs of the
   * devices that run it are bumped (sync state 0), in the caller's transaction, exactly as an
   * edit of the template does. Returns those devices, whose configs the caller publishes after
   * the commit.
   */
  async rulesChanged(
    teamId: number,
    templateIds: readonly number[],
    trx: Transaction<Database>,
  ): Promise<number[]> {
    const devices: number[] = [];
    for (const id of templateIds) {
      await this.templates.update(id, {}, trx);
      devices.push(...(await this.templates.deviceIds(teamId, id, trx)));
    }
    await this.publisher.bump(devices, trx);
    return devices;
  }

  /** Checks name and team limit, then inserts in one transaction. */
  private async create(
    caller: CurrentUser,
    name: string,
    insert: (trx: Transaction<Database>) => Promise<number>,
  ): Promise<number> {
    const id = await this.unique(() =>
      this.db.transaction().execute(async (trx) => {
        if (await this.templates.nameTaken(caller.teamId, name, undefined, trx)) {
          throw new AppError(ErrorCode.E1030_TEMPLATE_NAME_EXISTS);
        }
        const [count, max] = await Promise.all([
          this.templates.countTeam(caller.teamId, trx),
          this.quota.templateMax(caller.teamId, trx),
        ]);
        if (count >= max) throw new AppError(ErrorCode.E1033_TEMPLATE_LIMIT, { max });
        return insert(trx);
      }),
    );
    this.locks.changed(caller.teamId);
    return id;
  }

  /** The new tag list: tags with an id of this template are updated, others added, missing ones removed. */
  private async replaceTags(templateId: number, tags: readonly TagInput[], trx: Transaction<Database>) {
    const existing = new Set((await this.templates.tags(templateId, trx)).map((t) => t.id));
    const kept = new Set<number>();
    for (const t of tags) {
      if (t.id === undefined) continue;
      if (!existing.has(t.id) || kept.has(t.id)) {
        throw new AppError(ErrorCode.E1006_BAD_PARAMETER, {
          where: 'body',
          fields: [{ path: 'tags', message: `tag ${t.id} is not a tag of this template` }],
        });
      }
      kept.add(t.id);
    }
    const removed = [...existing].filter((id) => !kept.has(id));
    await this.templates.deleteTags(templateId, removed, trx);
    // An alarm rule cannot outlive its tag.
    await this.rules.deleteOfTags(templateId, removed, trx);
    for (const [position, t] of tags.entries()) {
      if (t.id !== undefined) await this.templates.updateTag(t.id, { ...tagValues(t), position }, trx);
      else await this.templates.insertTags(templateId, [tagValues(t)], trx, position);
    }
  }

  private unique<T>(write: () => Promise<T>): Promise<T> {
    return onUniqueViolation(write, () => new AppError(ErrorCode.E1030_TEMPLATE_NAME_EXISTS));
  }
}

function withoutUndefined<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as never;
}
