import { MAX_TAG_TEXT_LENGTH, type DataSample } from '@hmi/domain';
import type { SpbMetric, SpbPayload } from '@hmi/domain/sparkplug';
import type { BirthMetric, BirthScope } from './node-session.ts';
import { isControlMetric, metricKey, type HostTag, type StoredBirth } from './sparkplug-templates.ts';

/** A device's tags by the metric they collect (their address: metricKey of the metric's name). */
export type TagMap = ReadonlyMap<string, HostTag>;

/** The metrics of a birth as the cloud keeps them. */
export function storedBirth(metrics: readonly SpbMetric[]): StoredBirth {
  const kept: BirthMetric[] = [];
  const unsupported: { name: string; type: string }[] = [];
  for (const m of metrics) {
    if (m.name === undefined || m.datatype === undefined) continue;
    if (m.unsupported !== undefined) {
      if (!isControlMetric(m.name)) unsupported.push({ name: m.name, type: m.unsupported });
      continue;
    }
    const unit = m.properties?.engUnit;
    kept.push({
      name: m.name,
      datatype: m.datatype,
      ...(m.alias !== undefined ? { alias: m.alias } : {}),
      ...(typeof unit === 'string' ? { unit } : {}),
      ...(m.properties?.readOnly === true ? { readOnly: true } : {}),
    });
  }
  return { metrics: kept, unsupported };
}

/**
 * The samples of a data payload: values keyed by tag id, one sample per timestamp (a metric's own,
 * else the payload's, else the arrival time), historical metrics as backfill. `unknown`: a metric
 * names an alias or name the birth did not declare (the caller asks for a rebirth).
 */
export function toSamples(
  payload: SpbPayload,
  index: MetricIndex,
  receivedAt: number,
): { samples: DataSample[]; unknown: boolean } {
  const fallback = payload.timestamp ?? receivedAt;
  let first: DataSample | undefined;
  let more: DataSample[] | undefined;
  let unknown = false;
  for (const m of payload.metrics) {
    const tagId = index.tagOf(m);
    if (tagId === undefined) {
      unknown = true;
      continue;
    }
    if (tagId < 0 || m.unsupported !== undefined) continue;
    const ts = m.timestamp ?? fallback;
    const hist = m.isHistorical === true;
    let sample = first && first.ts === ts && (first.hist === true) === hist ? first : undefined;
    if (!sample && more) sample = findSample(more, ts, hist);
    if (!sample) {
      sample = hist ? { ts, v: {}, hist: true } : { ts, v: {} };
      if (!first) first = sample;
      else (more ??= []).push(sample);
    }
    const value = m.isNull ? null : m.value;
    sample.v[tagId] =
      typeof value === 'string' && value.length > MAX_TAG_TEXT_LENGTH
        ? value.slice(0, MAX_TAG_TEXT_LENGTH)
        : value;
  }
  if (!first) return { samples: [], unknown };
  return { samples: more ? [first, ...more].sort((a, b) => a.ts - b.ts) : [first], unknown };
}

function findSample(samples: DataSample[], ts: number, hist: boolean): DataSample | undefined {
  for (const s of samples) if (s.ts === ts && (s.hist === true) === hist) return s;
  return undefined;
}

/**
 * A birth's metrics mapped to a device's tag ids, made once per birth and tag map: a data metric
 * costs one lookup (by alias, else by name). The tag id, -1 when the metric is declared but no
 * tag collects it (a control metric, a type not collected), undefined when the birth did not
 * declare it.
 */
export class MetricIndex {
  private readonly byAlias = new Map<string, number>();
  private readonly byName = new Map<string, number>();

  constructor(
    readonly scope: BirthScope,
    tags: TagMap,
  ) {
    for (const m of scope.metrics) {
      const id = tags.get(metricKey(m.name))?.id ?? -1;
      this.byName.set(m.name, id);
      if (m.alias !== undefined) this.byAlias.set(m.alias, id);
    }
  }

  tagOf(metric: { name?: string; alias?: string }): number | undefined {
    if (metric.alias !== undefined) return this.byAlias.get(metric.alias);
    return metric.name === undefined ? undefined : this.byName.get(metric.name);
  }
}
