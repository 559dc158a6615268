import {
  AlarmLimits,
  ErrorCode,
  type AlarmRule,
  type AlarmRuleListReply,
  type AlarmRuleEditBodyParsed,
  type AlarmRuleInputParsed,
  type AlarmRuleListQueryParsed,
} from '@hmi/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Template, TemplateTagRow } from '../../db/tables/catalogue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { TemplateService } from '../device/index.ts';
import type { AlarmGroupService } from './alarm-group.service.ts';
import type { AlarmRuleChanges } from './alarm-rule.changes.ts';
import { checkRuleNumbers } from './alarm-rule.check.ts';
import { fieldError, fieldsInvalid } from './alarm-rule.errors.ts';
import type { AlarmRuleRepo, AlarmRuleValues, AlarmRuleView } from './alarm-rule.repo.ts';
import { presentRule } from './alarm-rule.presenter.ts';

type RuleFields = Omit<AlarmRuleInputParsed, 'template_id'>;

/** 1090 with the limit. */
export const ruleLimitReached = () =>
  new AppError(ErrorCode.E1090_ALARM_RULE_LIMIT, { max: AlarmLimits.maxRulesPerTemplate });

/**
 * Alarm rules of single-device templates (SPEC sections 4, 5). Every call needs the template in
 * the caller's template data scope (1029); rule and group ids must be the team's (1003). A rule's
 * tag must be a tag of its template and its numbers must fit the tag's data type (1006 with every
 * field error); names are unique in the template (1088); a template holds at most 300 rules
 * (1090). Changes go through AlarmRuleChanges (version, device configs, 'alarm.rules').
 */
export class AlarmRuleService {
  constructor(
    private readonly rules: AlarmRuleRepo,
    private readonly groups: AlarmGroupService,
    private readonly templates: TemplateService,
    private readonly changes: AlarmRuleChanges,
  ) {}

  /** The template when the caller may use it (else 1029). */
  requireTemplate(caller: CurrentUser, id: number): Promise<Template> {
    return this.templates.require(caller, id);
  }

  /** As `requireTemplate`, and 1052 when it is locked (billing): its rules do not change then. */
  requireUsableTemplate(caller: CurrentUser, id: number): Promise<Template> {
    return this.templates.requireUsable(caller, id);
  }

  async list(caller: CurrentUser, query: AlarmRuleListQueryParsed): Promise<AlarmRuleListReply> {
    await this.requireTemplate(caller, query.template_id);
    if (query.group_id !== undefined) await this.groups.require(caller, query.group_id);
    const [{ rows, total }, count] = await Promise.all([
      this.rules.page(
        query.template_id,
        { groupId: query.group_id, search: query.search },
        { offset: (query.page - 1) * query.page_size, limit: query.page_size },
      ),
      this.rules.count(query.template_id),
    ]);
    return { list: rows.map(presentRule), total, count, max: AlarmLimits.maxRulesPerTemplate };
  }

  async add(caller: CurrentUser, input: AlarmRuleInputParsed): Promise<AlarmRule> {
    await this.requireUsableTemplate(caller, input.template_id);
    const values = await this.checked(caller, input.template_id, input);
    const [id] = await this.changes.run(caller.teamId, [input.template_id], async (trx) => {
      if ((await this.rules.count(input.template_id, trx)) >= AlarmLimits.maxRulesPerTemplate)
        throw ruleLimitReached();
      await this.assertNameFree(input.template_id, values.name, undefined, trx);
      return {
        result: await this.rules.insert(caller.teamId, input.template_id, [values], trx),
        changed: true,
      };
    });
    return this.one(id ?? 0);
  }

  async edit(caller: CurrentUser, body: AlarmRuleEditBodyParsed): Promise<AlarmRule> {
    const [rule] = await this.rules.inTeam(caller.teamId, [body.id]);
    if (!rule) throw new AppError(ErrorCode.E1003_NO_DATA);
    await this.requireUsableTemplate(caller, rule.template_id);
    const values = await this.checked(caller, rule.template_id, body);
    await this.changes.run(caller.teamId, [rule.template_id], async (trx) => {
      await this.assertNameFree(rule.template_id, values.name, rule.id, trx);
      await this.rules.update(rule.id, values, trx);
      return { result: null, changed: true };
    });
    return this.one(rule.id);
  }

  /** Deletes rules (of one or several templates); all must be the team's and in scope, or none goes. */
  async delete(caller: CurrentUser, ids: readonly number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const found = await this.rules.inTeam(caller.teamId, unique);
    if (found.length !== unique.length) throw new AppError(ErrorCode.E1003_NO_DATA);
    const templateIds = [...new Set(found.map((r) => r.template_id))];
    for (const t of templateIds) await this.requireUsableTemplate(caller, t);
    await this.changes.run(caller.teamId, templateIds, async (trx) => {
      await this.rules.delete(caller.teamId, unique, trx);
      return { result: null, changed: true };
    });
  }

  /** The rules of a template for an export (at most AlarmLimits.exportRows). */
  async forExport(
    caller: CurrentUser,
    templateId: number,
  ): Promise<{ template: Template; rules: AlarmRuleView[] }> {
    const template = await this.requireTemplate(caller, templateId);
    return { template, rules: await this.rules.all(templateId, AlarmLimits.exportRows) };
  }

  /** The values to store after every check that needs no lock: group, tag, numbers (1003, 1006). */
  private async checked(caller: CurrentUser, templateId: number, f: RuleFields): Promise<AlarmRuleValues> {
    if (f.group_id !== null) await this.groups.require(caller, f.group_id);
    const tag = (await this.templates.tagsOf(templateId)).find((t: TemplateTagRow) => t.id === f.tag_id);
    if (!tag) throw fieldsInvalid([fieldError('tag_id', 'validation.alarmImport.tag', { tag: f.tag_id })]);
    const { errors, values } = checkRuleNumbers(f, tag.data_type);
    if (errors.length > 0) throw fieldsInvalid(errors);
    return {
      group_id: f.group_id,
      name: f.name,
      level: f.level,
      tag_id: f.tag_id,
      type: f.type,
      ...values,
      content: f.content,
    };
  }

  private async assertNameFree(
    templateId: number,
    name: string,
    exceptId: number | undefined,
    trx: Transaction<Database>,
  ): Promise<void> {
    if (await this.rules.nameTaken(templateId, name, exceptId, trx))
      throw new AppError(ErrorCode.E1088_ALARM_NAME_EXISTS);
  }

  private async one(id: number): Promise<AlarmRule> {
    const rule = await this.rules.view(id);
    if (!rule) throw new AppError(ErrorCode.E1003_NO_DATA);
    return presentRule(rule);
  }
}
