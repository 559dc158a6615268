import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceConfigPublisher } from '../device-connection/index.ts';
import type { TemplateLocks, TemplateQuota, TemplateRules } from './template.service.ts';
import type { TagValues, TemplateRepo } from './template.repo.ts';

/** A device a generated template is for: bound to a team. */
export interface GeneratedFor {
  deviceId: number;
  teamId: number;
  /** The template the device runs now. */
  templateId: number | null;
}

export type GeneratedOutcome =
  { ok: true; templateId: number; changed: boolean } | { ok: false; reason: 'template-limit'; max: number };

/**
 * Templates the cloud makes from what a device declares about itself (a Sparkplug B birth,
 * modules/sparkplug) rather than a user: created in the device's team under a free name, within
 * the team's template limit (1033) like any other, their tags matched by address (the device's
 * own name of each value) when the declaration changes: a tag keeps its id, so history, alarm
 * rules and screens keep pointing at it, and the name a user gave it; tags no longer declared
 * go, with their alarm rules. The template is assigned to the device. A change
 * bumps the template's version and republishes the config of every device that runs it.
 */
export class GeneratedTemplates {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly region: string,
    private readonly templates: TemplateRepo,
    private readonly publisher: DeviceConfigPublisher,
    private readonly rules: Pick<TemplateRules, 'deleteOfTags'>,
    private readonly quota: TemplateQuota,
    private readonly locks: Pick<TemplateLocks, 'changed'>,
  ) {}

  /** Makes or updates the device's generated template (`current`) with `tags` and assigns it. */
  async sync(
    device: GeneratedFor,
    current: number | null,
    baseName: string,
    tags: readonly TagValues[],
  ): Promise<GeneratedOutcome> {
    let created = false;
    const outcome = await this.db
      .transaction()
      .execute(async (trx): Promise<GeneratedOutcome & { devices?: number[] }> => {
        let id = current !== null && (await this.ownedBy(current, device.teamId, trx)) ? current : null;
        let changed = false;
        if (id === null) {
          const [count, max] = await Promise.all([
            this.templates.countTeam(device.teamId, trx),
            this.quota.templateMax(device.teamId, trx),
          ]);
          if (count >= max) return { ok: false, reason: 'template-limit', max };
          const t = await this.templates.insert(
            {
              team_id: device.teamId,
              name: await this.freeName(device.teamId, baseName, trx),
              type: 'local',
              data_center: this.region,
              hmi_model: 'Sparkplug B',
              default_value: '',
              description: 'Generated from the device birth (Sparkplug B); updated by each new birth.',
            },
            trx,
          );
          await this.templates.insertTags(t.id, tags, trx);
          id = t.id;
          created = changed = true;
        } else if (await this.replaceByAddress(id, tags, trx)) {
          await this.templates.update(id, {}, trx);
          changed = true;
        }
        if (!changed && device.templateId === id) return { ok: true, templateId: id, changed: false };
        await trx
          .updateTable('devices')
          .set({ template_id: id, updated_at: Date.now() })
          .where('id', '=', device.deviceId)
          .execute();
        const devices = await this.templates.deviceIds(device.teamId, id, trx);
        await this.publisher.bump(devices, trx);
        return { ok: true, templateId: id, changed: true, devices };
      });
    if (created) this.locks.changed(device.teamId);
    if (outcome.ok && outcome.devices) await this.publisher.publish(outcome.devices);
    if (!outcome.ok) return outcome;
    return { ok: true, templateId: outcome.templateId, changed: outcome.changed };
  }

  private async ownedBy(id: number, teamId: number, trx: Transaction<Database>): Promise<boolean> {
    const row = await trx
      .selectFrom('templates')
      .select('id')
      .where('id', '=', id)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** `base`, else `base 2`, `base 3`... (names are unique in a team, at most 64 characters). */
  private async freeName(teamId: number, base: string, trx: Transaction<Database>): Promise<string> {
    const stem = base.slice(0, 64);
    if (!(await this.templates.nameTaken(teamId, stem, undefined, trx))) return stem;
    for (let n = 2; ; n++) {
      const name = `${stem.slice(0, 64 - String(n).length - 1)} ${n}`;
      if (!(await this.templates.nameTaken(teamId, name, undefined, trx))) return name;
    }
  }

  /**
   * Replaces the tags, matched by address (the device's own name of each value): a tag a user
   * renamed keeps its name, its id and so its history; false when nothing changed.
   */
  private async replaceByAddress(
    id: number,
    tags: readonly TagValues[],
    trx: Transaction<Database>,
  ): Promise<boolean> {
    const existing = await this.templates.tags(id, trx);
    const byAddress = new Map(existing.map((e) => [e.address, e]));
    const wanted = new Set(tags.map((t) => t.address));
    const removed = existing.filter((e) => !wanted.has(e.address)).map((e) => e.id);
    const names = new Set(existing.filter((e) => wanted.has(e.address)).map((e) => e.name));
    const rows = tags.map((t, position) => {
      const kept = byAddress.get(t.address);
      if (kept) return { id: kept.id, values: { ...t, name: kept.name }, position };
      const name = freeTagName(t.name, names);
      names.add(name);
      return { id: undefined, values: { ...t, name }, position };
    });
    const same =
      removed.length === 0 &&
      rows.every((r) => {
        const e = r.id === undefined ? undefined : byAddress.get(r.values.address);
        return e !== undefined && e.position === r.position && sameTag(e, r.values);
      });
    if (same) return false;
    await this.templates.deleteTags(id, removed, trx);
    await this.rules.deleteOfTags(id, removed, trx);
    for (const r of rows) {
      if (r.id !== undefined)
        await this.templates.updateTag(r.id, { ...r.values, position: r.position }, trx);
      else await this.templates.insertTags(id, [r.values], trx, r.position);
    }
    return true;
  }
}

function sameTag(a: TagValues, b: TagValues): boolean {
  return (
    a.name === b.name &&
    a.data_type === b.data_type &&
    a.rw === b.rw &&
    a.address === b.address &&
    a.unit === b.unit &&
    a.decimals === b.decimals &&
    a.description === b.description
  );
}

/** `name`, or `name 2`, `name 3`... when a tag of the template has it (names are unique in a template). */
function freeTagName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name.slice(0, 255 - String(n).length - 1)} ${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
