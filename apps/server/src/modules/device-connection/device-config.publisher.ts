import type {
  AlarmLevel,
  AlarmType,
  ConfigAlarm,
  ConfigTag,
  DeviceConfig,
  ReadWriteType,
  TagDataTypeCode,
} from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AlarmRulesTable } from '../../db/tables/alarms.ts';
import type { DeviceLink } from '../../plugins/mqtt/device-link.ts';
import type { DeviceTag, DeviceTagReads } from '../device/index.ts';
import { bumpConfigVersions, catalogueDevices } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;
type AlarmRuleRow = Selectable<AlarmRulesTable>;

/** The alarm rules a config carries (the alarm-rule module's AlarmRuleRepo). */
export interface ConfigRules {
  /** The rules of these templates, in each template's order. */
  ofTemplates(templateIds: readonly number[]): Promise<AlarmRuleRow[]>;
}

/** Devices published at once; the rest wait, so a template with 10,000 devices does not flood the broker. */
const PUBLISH_CONCURRENCY = 50;

/**
 * The cloud side of a device's retained `config` (DESIGN section 5). Any change of a device's
 * template, or of the template itself, first bumps the device's config_version and sets its
 * sync state to 0 (in the caller's transaction), then, after the commit, publishes the config
 * with that version; the device's `config/ack` of the same version sets the sync state to 1
 * (DeviceStateService). The config's tags are the device's tags: its template's, then its own
 * monitor points (DeviceTagReads); its alarms are the alarm rules of its template (those whose
 * tag the device has), in the template's order.
 */
export class DeviceConfigPublisher {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly link: DeviceLink,
    private readonly deviceTags: DeviceTagReads,
    private readonly rules: ConfigRules,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Marks the devices' config as changed: version + 1, sync state pending. */
  async bump(deviceIds: readonly number[], db: Db = this.db): Promise<void> {
    await bumpConfigVersions(db, deviceIds);
  }

  /** Publishes the current config of these devices. Failures are logged: the device stays pending. */
  async publish(deviceIds: readonly number[]): Promise<void> {
    for (const chunk of chunks(deviceIds, 500)) {
      const devices = await this.db
        .selectFrom(catalogueDevices(this.db).as('devices'))
        .select(['id', 'sn', 'template_id', 'config_version', 'team_id'])
        .where('id', 'in', chunk)
        .where('team_id', 'is not', null)
        .execute();
      const tags = await this.deviceTags.ofDevices(devices.map((d) => d.id));
      const rules = await this.rulesByTemplate(devices.map((d) => d.template_id));
      for (const batch of chunks(devices, PUBLISH_CONCURRENCY)) {
        await Promise.all(
          batch.map((d) => {
            const deviceTags = tags.get(d.id) ?? [];
            const tagIds = new Set(deviceTags.map((t) => t.id));
            const alarms = d.template_id === null ? [] : (rules.get(d.template_id) ?? []);
            return this.send(d.sn, {
              templateId: d.template_id,
              version: d.config_version,
              tags: deviceTags.map(configTag),
              alarms: alarms.filter((r) => tagIds.has(r.tag_id)).map(configAlarm),
            });
          }),
        );
      }
    }
  }

  /** The alarm rules of these templates, by template. */
  private async rulesByTemplate(
    templateIds: readonly (number | null)[],
  ): Promise<Map<number, AlarmRuleRow[]>> {
    const ids = [...new Set(templateIds.filter((t): t is number => t !== null))];
    const out = new Map<number, AlarmRuleRow[]>();
    for (const r of await this.rules.ofTemplates(ids)) {
      let list = out.get(r.template_id);
      if (!list) out.set(r.template_id, (list = []));
      list.push(r);
    }
    return out;
  }

  /** Removes the retained config of released devices. */
  async clear(sns: readonly string[]): Promise<void> {
    for (const batch of chunks(sns, PUBLISH_CONCURRENCY)) {
      await Promise.all(
        batch.map((sn) =>
          this.link
            .clearConfig(sn)
            .catch((err: unknown) => this.log.error({ err, sn }, 'clearing config failed')),
        ),
      );
    }
  }

  private async send(sn: string, config: DeviceConfig): Promise<void> {
    try {
      await this.link.publishConfig(sn, config);
    } catch (err) {
      this.log.error({ err, sn, version: config.version }, 'publishing config failed');
    }
  }
}

/** A device tag as the config carries it (empty texts left out). */
function configTag(t: DeviceTag): ConfigTag {
  return {
    id: t.id,
    name: t.name,
    type: t.data_type as TagDataTypeCode,
    rw: t.rw as ReadWriteType,
    ...(t.address ? { address: t.address } : {}),
    ...(t.unit ? { unit: t.unit } : {}),
    decimals: t.decimals,
    ...(t.description ? { description: t.description } : {}),
  };
}

/**
 * A number of a rule as the config carries it: a JSON number when the decimal text survives the
 * trip through a double unchanged, else the text (64-bit limits, "1.50").
 */
function configNumber(text: string): number | string {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && String(n) === text ? n : text;
}

/** An alarm rule as the config carries it (configAlarmSchema; empty fields left out). */
function configAlarm(r: AlarmRuleRow): ConfigAlarm {
  return {
    id: r.id,
    name: r.name,
    tagId: r.tag_id,
    type: r.type as AlarmType,
    level: r.level as AlarmLevel,
    value: configNumber(r.value),
    ...(r.target !== null ? { target: configNumber(r.target) } : {}),
    ...(r.deviation !== null ? { deviation: configNumber(r.deviation) } : {}),
    ...(r.content ? { content: r.content } : {}),
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
