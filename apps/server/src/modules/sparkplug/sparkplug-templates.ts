import { toSingleLine } from '@hmi/domain';
import { DataType, dataTypeName, tagTypeOf, BDSEQ_METRIC } from '@hmi/domain/sparkplug';
import type { FastifyBaseLogger } from 'fastify';
import type { Catalogue, GeneratedTemplates, TagValues } from '../device/index.ts';
import type { BirthMetric } from './node-session.ts';
import type { SparkplugIdentities } from './sparkplug-identities.ts';
import type { SparkplugDevice, SparkplugRepo } from './sparkplug.repo.ts';

/** What the cloud keeps of a birth (sparkplug_devices.birth). */
export interface StoredBirth {
  metrics: BirthMetric[];
  /** Metrics of types the cloud does not map to tags (name and type name). */
  unsupported: { name: string; type: string }[];
}

/** A tag of a device as the host maps metrics to it. */
export interface HostTag {
  id: number;
  name: string;
  /** The metric it collects: the tag's address (metricKey of the metric's name). */
  metric: string;
  type: number;
  rw: number;
}

/**
 * A metric's key: its name as a tag's text holds it (a tag's address and name are single-line
 * text of at most 255 characters). A generated tag's address is its metric's key, so a user may
 * rename the tag and it goes on collecting that metric.
 */
export function metricKey(name: string): string {
  return toSingleLine(name).slice(0, 255);
}

/** Metrics that are the node's controls and bookkeeping, not values: no tags are made of them. */
export function isControlMetric(name: string): boolean {
  return name === BDSEQ_METRIC || name.startsWith('Node Control/') || name.startsWith('Device Control/');
}

/** The tags a birth declares: its supported metrics in birth order (docs/protocol.md, Sparkplug B). */
export function birthTags(metrics: readonly BirthMetric[]): TagValues[] {
  const tags: TagValues[] = [];
  const seen = new Set<string>();
  for (const m of metrics) {
    const type = tagTypeOf(m.datatype);
    const key = metricKey(m.name);
    if (type === null || isControlMetric(m.name) || key === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push({
      name: key,
      data_type: type,
      rw: m.readOnly ? 0 : 2,
      address: key,
      unit: toSingleLine(m.unit ?? '').slice(0, 32),
      decimals: m.datatype === DataType.Float || m.datatype === DataType.Double ? 3 : 0,
      description: `Sparkplug B ${dataTypeName(m.datatype)}${m.alias !== undefined ? `, alias ${m.alias}` : ''}`,
    });
  }
  return tags;
}

/**
 * The template of a bound Sparkplug device follows its birth (GeneratedTemplates); the tags the
 * host maps metric names to are the device's tags as the catalogue has them.
 */
export class SparkplugTemplates {
  constructor(
    private readonly catalogue: Pick<Catalogue, 'deviceBySn' | 'tags'>,
    private readonly generated: GeneratedTemplates,
    private readonly repo: SparkplugRepo,
    private readonly identities: SparkplugIdentities,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Makes the bound device's template match its birth; nothing for an unbound device. */
  async sync(row: SparkplugDevice, birth: StoredBirth): Promise<void> {
    const device = await this.catalogue.deviceBySn(row.sn);
    if (!device || device.team_id === null) return;
    const name = `spB ${row.edge_node_id}${row.device_id ? `/${row.device_id}` : ''}`;
    const outcome = await this.generated.sync(
      { deviceId: device.id, teamId: device.team_id, templateId: device.template_id },
      row.template_id,
      toSingleLine(name),
      birthTags(birth.metrics),
    );
    if (!outcome.ok) {
      this.log.warn(
        { sn: row.sn, max: outcome.max },
        'Sparkplug birth: the team has reached its template limit (1033); no template generated',
      );
      return;
    }
    if (outcome.templateId !== row.template_id) {
      await this.repo.setTemplate(row.sn, outcome.templateId);
      this.identities.update({ ...row, template_id: outcome.templateId });
    }
  }

  /** The device's tags by SN; null when it is not bound. */
  async tagsOf(sn: string): Promise<HostTag[] | null> {
    const device = await this.catalogue.deviceBySn(sn);
    if (!device || device.team_id === null) return null;
    const tags = await this.catalogue.tags.ofDevice(device.id);
    return tags.map((t) => ({ id: t.id, name: t.name, metric: t.address, type: t.data_type, rw: t.rw }));
  }
}
