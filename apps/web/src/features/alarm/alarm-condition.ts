import { AlarmType, type AlarmRule } from '@hmi/domain';

const MINUS = '\u2212';

/** Operator of each limit type: high limits trip at or above the value, low ones at or below. */
const limitOperator: Readonly<Record<number, string>> = {
  [AlarmType.HighHigh]: '\u2265',
  [AlarmType.High]: '\u2265',
  [AlarmType.LowLow]: '\u2264',
  [AlarmType.Low]: '\u2264',
};

/**
 * The condition of a rule as a short formula for tables: `≥ 80` (limit), `|v − 50| > 5`
 * (large deviation), `|v − 50| < 5` (small deviation), `ON` / `OFF`.
 */
export function conditionText(rule: Pick<AlarmRule, 'type' | 'value' | 'target' | 'deviation'>): string {
  switch (rule.type) {
    case AlarmType.LargeDeviation:
    case AlarmType.SmallDeviation: {
      const op = rule.type === AlarmType.LargeDeviation ? '>' : '<';
      const target = rule.target ?? '0';
      const around = target.startsWith('-') ? `+ ${target.slice(1)}` : `${MINUS} ${target}`;
      return `|v ${around}| ${op} ${rule.deviation ?? '0'}`;
    }
    case AlarmType.On:
      return 'ON';
    case AlarmType.Off:
      return 'OFF';
    default:
      return `${limitOperator[rule.type] ?? '?'} ${rule.value}`;
  }
}
