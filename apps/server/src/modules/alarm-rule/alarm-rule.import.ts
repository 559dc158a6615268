import {
  AlarmLimits,
  ErrorCode,
  validateAlarmName,
  validateFreeText,
  type TextLines,
  type AlarmFieldError,
  type AlarmImportErrors,
  type AlarmImportReply,
  type AlarmLevel,
  type AlarmType,
} from '@hmi/domain';
import type { TemplateTagRow } from '../../db/tables/catalogue.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { TemplateService } from '../device/index.ts';
import type { AlarmGroupRepo } from './alarm-group.repo.ts';
import type { AlarmRuleChanges } from './alarm-rule.changes.ts';
import { checkRuleNumbers, type StoredNumbers } from './alarm-rule.check.ts';
import { fieldError, fileInvalid, rowsInvalid } from './alarm-rule.errors.ts';
import type { AlarmRuleRepo, AlarmRuleValues, AlarmRuleView } from './alarm-rule.repo.ts';
import type { AlarmRuleService } from './alarm-rule.service.ts';
import { levelOfLabel, typeOfLabel } from './alarm-sheet.columns.ts';
import type { SheetRow } from './alarm-sheet.reader.ts';

/** A sheet row that passed every check. */
export interface ImportedRule extends StoredNumbers {
  row: number;
  name: string;
  group: string | null;
  level: AlarmLevel;
  tag_id: number;
  type: AlarmType;
  content: string;
}

const tooLong = (field: string, text: string, max: number): AlarmFieldError[] =>
  text.length > max ? [fieldError(field, 'validation.alarmImport.tooLong', { max })] : [];
/** The free-text rule of the request schemas, for cells that arrive in a file instead. */
const freeText = (field: string, text: string, lines: TextLines = 'single'): AlarmFieldError[] => {
  const r = validateFreeText(text, lines);
  return r.ok ? [] : [fieldError(field, r.key, r.params)];
};

/**
 * Checks one sheet row against the template's tags (by name) and the rules of SPEC section 5.
 * `names` holds the names of the rows before it (a repeated name is an error of the later row).
 * Pure: the same row and tags always give the same result.
 */
export function checkSheetRow(
  { row, cells }: SheetRow,
  tags: ReadonlyMap<string, TemplateTagRow>,
  names: ReadonlySet<string>,
): { rule: ImportedRule; errors: [] } | { rule: null; errors: AlarmFieldError[] } {
  const errors: AlarmFieldError[] = [];
  const name = cells.name ?? '';
  const nameCheck = validateAlarmName(name, names.has(name) ? [name] : []);
  if (!nameCheck.ok) errors.push(fieldError('name', nameCheck.key, nameCheck.params));
  errors.push(...tooLong('name', name, AlarmLimits.nameMax));
  const group = cells.group ?? null;
  if (group !== null)
    errors.push(...freeText('group', group), ...tooLong('group', group, AlarmLimits.groupNameMax));
  const content = cells.content ?? '';
  errors.push(
    ...freeText('content', content, 'multi'),
    ...tooLong('content', content, AlarmLimits.contentMax),
  );

  const level = cells.level === undefined ? undefined : levelOfLabel(cells.level);
  if (cells.level === undefined) errors.push(fieldError('level', 'validation.required'));
  else if (level === undefined)
    errors.push(fieldError('level', 'validation.alarmImport.level', { value: cells.level }));
  const tag = cells.tag === undefined ? undefined : tags.get(cells.tag);
  const tagText = cells.tag === undefined ? [] : freeText('tag', cells.tag);
  if (cells.tag === undefined) errors.push(fieldError('tag', 'validation.required'));
  else if (tagText.length > 0) errors.push(...tagText);
  else if (tag === undefined)
    errors.push(fieldError('tag', 'validation.alarmImport.tag', { tag: cells.tag }));
  const type = cells.type === undefined ? undefined : typeOfLabel(cells.type);
  if (cells.type === undefined) errors.push(fieldError('type', 'validation.required'));
  else if (type === undefined)
    errors.push(fieldError('type', 'validation.alarmImport.type', { value: cells.type }));

  if (tag === undefined || type === undefined) return { rule: null, errors };
  const numbers = checkRuleNumbers(
    {
      type,
      value: cells.value ?? null,
      target: cells.target ?? null,
      deviation: cells.deviation ?? null,
      deadband: cells.deadband ?? null,
    },
    tag.data_type,
    'tag',
  );
  errors.push(...numbers.errors);
  if (errors.length > 0 || level === undefined) return { rule: null, errors };
  return {
    rule: { row, name, group, level, tag_id: tag.id, type, content, ...numbers.values },
    errors: [],
  };
}

/** True when storing `next` over `rule` would change nothing. */
const sameRule = (rule: AlarmRuleView, next: AlarmRuleValues): boolean =>
  rule.group_id === next.group_id &&
  rule.level === next.level &&
  rule.tag_id === next.tag_id &&
  rule.type === next.type &&
  rule.value === next.value &&
  rule.target === next.target &&
  rule.deviation === next.deviation &&
  rule.deadband === next.deadband &&
  rule.content === (next.content ?? '');

/**
 * Import of a rule sheet into a template. All or nothing: every bad row is reported (1006 with
 * each row number and its field errors) and then nothing is written. A row whose name is a rule
 * of the template updates that rule; a new name adds a rule at the end; rules missing from the
 * sheet stay. So an exported sheet imports back without any change (no new version either).
 * Groups named in the sheet that do not exist yet are created. The template may not end up with
 * more than 300 rules (1090).
 */
export class AlarmRuleImporter {
  constructor(
    private readonly service: AlarmRuleService,
    private readonly rules: AlarmRuleRepo,
    private readonly groups: AlarmGroupRepo,
    private readonly templates: TemplateService,
    private readonly changes: AlarmRuleChanges,
  ) {}

  async import(
    caller: CurrentUser,
    templateId: number,
    rows: readonly SheetRow[],
  ): Promise<AlarmImportReply> {
    await this.service.requireUsableTemplate(caller, templateId);
    const tags = new Map((await this.templates.tagsOf(templateId)).map((t) => [t.name, t]));
    const checked: ImportedRule[] = [];
    const bad: AlarmImportErrors['rows'] = [];
    const names = new Set<string>();
    for (const row of rows) {
      const result = checkSheetRow(row, tags, names);
      if (result.rule) checked.push(result.rule);
      else bad.push({ row: row.row, errors: result.errors });
      if (row.cells.name) names.add(row.cells.name);
    }
    if (bad.length > 0) throw rowsInvalid(bad);

    return this.changes.run(caller.teamId, [templateId], async (trx) => {
      const existing = new Map(
        (await this.rules.all(templateId, AlarmLimits.maxRulesPerTemplate * 2, trx)).map((r) => [r.name, r]),
      );
      const added = checked.filter((r) => !existing.has(r.name));
      const total = existing.size + added.length;
      if (total > AlarmLimits.maxRulesPerTemplate)
        throw fileInvalid(
          'validation.alarmImport.ruleLimit',
          { max: AlarmLimits.maxRulesPerTemplate, count: total },
          ErrorCode.E1090_ALARM_RULE_LIMIT,
        );
      const groups = await this.groups.byName(caller.teamId, trx);
      let created = 0;
      for (const name of new Set(checked.map((r) => r.group))) {
        if (name === null || groups.has(name)) continue;
        groups.set(name, await this.groups.insert(caller.teamId, name, trx));
        created++;
      }
      const values = ({ row: _row, group, ...r }: ImportedRule): AlarmRuleValues => ({
        ...r,
        group_id: group === null ? null : (groups.get(group)?.id ?? null),
      });
      let changed = created > 0 || added.length > 0;
      for (const r of checked) {
        const rule = existing.get(r.name);
        if (!rule || sameRule(rule, values(r))) continue;
        await this.rules.update(rule.id, values(r), trx);
        changed = true;
      }
      await this.rules.insert(caller.teamId, templateId, added.map(values), trx);
      return { result: { imported: checked.length, groups_created: created }, changed };
    });
  }
}
