import { DataType, type SpbValue } from '@hmi/domain/sparkplug';
import { signalFor, type Signal } from './signals.ts';

/*
 * The metrics of the simulated Sparkplug devices (sparkplug-edge-node.ts): what their births
 * declare and the values they report, from the simulator's signals.
 */

/** One metric of a simulated device, as its birth declares it. */
export interface SimulatedMetric {
  name: string;
  alias: string;
  datatype: number;
  unit?: string;
}

/** Kinds of metric a device cycles through: name, Sparkplug type, unit. */
const METRIC_KINDS = [
  { name: 'Temperature', datatype: DataType.Double, unit: '°C' },
  { name: 'Position', datatype: DataType.Int32, unit: 'mm' },
  { name: 'Running', datatype: DataType.Boolean },
  { name: 'Count', datatype: DataType.UInt64, unit: 'pcs' },
  { name: 'Recipe', datatype: DataType.String },
] as const;

/** Our tag type whose generator (signals.ts) gives each kind its values. */
const SIGNAL_TYPE: Record<number, 0 | 3 | 8 | 9> = {
  [DataType.Double]: 8,
  [DataType.Int32]: 8,
  [DataType.Boolean]: 0,
  [DataType.UInt64]: 3,
  [DataType.String]: 9,
};

/** The metrics of one device: metric i is of kind i % 5, its name numbered from the second round. */
export function simulatedMetrics(count: number, firstAlias: number): SimulatedMetric[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = METRIC_KINDS[i % METRIC_KINDS.length]!;
    const round = Math.floor(i / METRIC_KINDS.length) + 1;
    return {
      name: round > 1 ? `${kind.name}_${round}` : kind.name,
      alias: String(firstAlias + i),
      datatype: kind.datatype,
      ...('unit' in kind ? { unit: kind.unit } : {}),
    };
  });
}

/**
 * The value generator of a metric, from the simulator's signals (signals.ts): Double a sine
 * wave, Int32 a sine wave around zero (negative half the time), Boolean a toggle, UInt64 a
 * counter as exact decimal text (above 2^32, as an energy or piece counter of a long-lived
 * machine), String a recipe name.
 */
function metricSignal(key: string, m: SimulatedMetric): (seconds: number) => SpbValue {
  const id = Number(m.alias);
  const base: Signal = signalFor(key, { id, type: SIGNAL_TYPE[m.datatype] ?? 8 });
  switch (m.datatype) {
    case DataType.Int32: {
      // The sine's set point is 20..99: centred on 0, scaled to whole millimetres.
      const centre = signalFor(key, { id, type: 8 })(0) as number;
      return (s) => Math.round(((base(s) as number) - centre) * 10);
    }
    case DataType.UInt64: {
      const perSecond = 1 + (id % 5);
      const start = 4_294_967_296 + (id % 1000) * 1_000;
      return (s) => String(start + Math.floor(s * perSecond));
    }
    default:
      return base;
  }
}

export interface SimDevice {
  id: string;
  metrics: SimulatedMetric[];
  signals: ((seconds: number) => SpbValue)[];
  byAlias: Map<string, number>;
  byName: Map<string, number>;
  /** Values written by DCMD, by metric index: held (as a settag would be) from then on. */
  overrides: Map<number, SpbValue>;
}

/** Metrics a device has unless told otherwise: one of each kind. */
export const DEFAULT_METRICS = METRIC_KINDS.length;

/** A device of the node: its metrics, their generators, and lookups by alias and name. */
export function simulatedDevice(key: string, id: string, metrics: SimulatedMetric[]): SimDevice {
  return {
    id,
    metrics,
    signals: metrics.map((m) => metricSignal(key, m)),
    byAlias: new Map(metrics.map((m, k) => [m.alias, k])),
    byName: new Map(metrics.map((m, k) => [m.name, k])),
    overrides: new Map(),
  };
}
