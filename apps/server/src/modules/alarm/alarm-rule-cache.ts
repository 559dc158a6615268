import type { AlarmRepo, RuleRow } from './alarm.repo.ts';
import { compileCondition, type RuleCondition } from './alarm-state-machine.ts';
import type { EngineRule } from './alarm-writer.ts';

/** A rule ready for evaluation. */
export interface CompiledRule extends EngineRule {
  cond: RuleCondition;
}

/** The rules of one template, by tag and by id. */
export interface TemplateRules {
  byTag: Map<number, CompiledRule[]>;
  byId: Map<number, CompiledRule>;
}

export function compileRules(rows: readonly RuleRow[]): TemplateRules {
  const byTag = new Map<number, CompiledRule[]>();
  const byId = new Map<number, CompiledRule>();
  for (const r of rows) {
    const cond = compileCondition(r);
    const rule: CompiledRule | null = cond && {
      id: r.id,
      teamId: r.team_id,
      groupId: r.group_id,
      name: r.name,
      level: r.level,
      tagId: r.tag_id,
      tagName: r.tag_name,
      type: r.type,
      content: r.content,
      cond,
    };
    if (!rule) continue; // numbers the type needs are not numbers: it never fires
    byId.set(rule.id, rule);
    const list = byTag.get(rule.tagId);
    if (list) list.push(rule);
    else byTag.set(rule.tagId, [rule]);
  }
  return { byTag, byId };
}

/**
 * The alarm engine's rules, compiled and cached per template: read once when first needed (one
 * read per template however many devices ask at once), read again on `reload` (bus 'alarm.rules').
 */
export class AlarmRuleCache {
  private readonly templates = new Map<number, TemplateRules>();
  private readonly loading = new Map<number, Promise<TemplateRules>>();

  constructor(private readonly repo: Pick<AlarmRepo, 'rulesOfTemplate'>) {}

  /** The template's rules when cached (the hot path reads only this). */
  cached(templateId: number): TemplateRules | undefined {
    return this.templates.get(templateId);
  }

  /** The rules of a template from the cache, read once when missing. */
  of(templateId: number): TemplateRules | Promise<TemplateRules> {
    const hit = this.templates.get(templateId);
    if (hit) return hit;
    let pending = this.loading.get(templateId);
    if (!pending) {
      pending = this.repo
        .rulesOfTemplate(templateId)
        .then((rows) => {
          const rules = compileRules(rows);
          this.templates.set(templateId, rules);
          return rules;
        })
        .finally(() => this.loading.delete(templateId));
      this.loading.set(templateId, pending);
    }
    return pending;
  }

  /** Reads a template's rules again (after a load in flight, so the newer read wins). */
  async reload(templateId: number): Promise<TemplateRules> {
    await this.loading.get(templateId)?.catch(() => undefined);
    const rules = compileRules(await this.repo.rulesOfTemplate(templateId));
    this.templates.set(templateId, rules);
    return rules;
  }
}
