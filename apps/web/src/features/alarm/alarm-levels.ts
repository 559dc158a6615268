import { AlarmLevel } from '@hmi/domain';

/** The five levels, mildest first (SPEC section 4: bit values so a filter is a mask). */
export const alarmLevels: readonly AlarmLevel[] = [
  AlarmLevel.Minor,
  AlarmLevel.Mild,
  AlarmLevel.Moderate,
  AlarmLevel.Severe,
  AlarmLevel.Critical,
];

/** antd preset colours of each level: readable on light and dark surfaces alike. */
export const levelColor: Readonly<Record<AlarmLevel, string>> = {
  1: 'blue',
  2: 'cyan',
  4: 'gold',
  8: 'orange',
  16: 'red',
};

/** The mask of a set of levels (0 = all levels, as the record query takes it). */
export function levelMask(levels: readonly number[]): number {
  return levels.reduce((mask, l) => mask | l, 0);
}

/** The levels of a mask, mildest first; unknown bits are ignored. */
export function levelsOfMask(mask: number): AlarmLevel[] {
  return alarmLevels.filter((l) => (mask & l) !== 0);
}
