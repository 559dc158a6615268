/** Alarm levels as bit values (SPEC section 4), so a filter can be a mask of several. */
export const AlarmLevel = { Minor: 1, Mild: 2, Moderate: 4, Severe: 8, Critical: 16 } as const;
export type AlarmLevel = (typeof AlarmLevel)[keyof typeof AlarmLevel];

/** Alarm type flags (SPEC section 4). */
export const AlarmType = {
  HighHigh: 1,
  High: 2,
  LowLow: 4,
  Low: 8,
  LargeDeviation: 16,
  SmallDeviation: 32,
  On: 128,
  Off: 256,
} as const;
export type AlarmTypeName = keyof typeof AlarmType;
export type AlarmType = (typeof AlarmType)[AlarmTypeName];
export const alarmTypeFlags = Object.values(AlarmType) as readonly AlarmType[];

/** The three alarm categories: limit-value, deviation and on/off. */
export const AlarmCategory = { Limit: 'limit', Deviation: 'deviation', OnOff: 'onoff' } as const;
export type AlarmCategory = (typeof AlarmCategory)[keyof typeof AlarmCategory];

const categoryByType: Readonly<Record<AlarmType, AlarmCategory>> = {
  1: 'limit',
  2: 'limit',
  4: 'limit',
  8: 'limit',
  16: 'deviation',
  32: 'deviation',
  128: 'onoff',
  256: 'onoff',
};

/** True when `flag` is exactly one alarm type flag. */
export function isAlarmType(flag: unknown): flag is AlarmType {
  return typeof flag === 'number' && (alarmTypeFlags as readonly number[]).includes(flag);
}

/** Category of one alarm type flag, or undefined when it is not a single known flag. */
export function alarmCategoryOf(type: number): AlarmCategory | undefined {
  return isAlarmType(type) ? categoryByType[type] : undefined;
}

/** The alarm type flags of a category, ascending. */
export function alarmTypesOf(category: AlarmCategory): AlarmType[] {
  return alarmTypeFlags.filter((t) => categoryByType[t] === category);
}

/** The known alarm type flags set in a mask, ascending; unknown bits are ignored. */
export function alarmTypesInMask(mask: number): AlarmType[] {
  return alarmTypeFlags.filter((t) => (mask & t) !== 0);
}

/** Alarm record states (SPEC section 4). */
export const AlarmRecordState = { Alarm: 1, Response: 2, Recovery: 4 } as const;
export type AlarmRecordState = (typeof AlarmRecordState)[keyof typeof AlarmRecordState];

/** The alarm message filter: the record states plus 0 for all. */
export const AlarmMessageFilter = { All: 0, ...AlarmRecordState } as const;
export type AlarmMessageFilter = (typeof AlarmMessageFilter)[keyof typeof AlarmMessageFilter];
