import type { AlarmLevel, AlarmType, Locale } from '@hmi/domain';

/** The columns of an alarm rule sheet, in export order. Their keys are also accepted as headers. */
export const columnKeys = [
  'name',
  'group',
  'level',
  'tag',
  'type',
  'value',
  'target',
  'deviation',
  'deadband',
  'content',
] as const;
export type ColumnKey = (typeof columnKeys)[number];
export const requiredColumns: readonly ColumnKey[] = ['name', 'level', 'tag', 'type'];

interface ColumnText {
  header: string;
  /** The cell note (comment) of the header in the import template. */
  note: string;
}

export interface SheetTexts {
  columns: Record<ColumnKey, ColumnText>;
  levels: Record<AlarmLevel, string>;
  types: Record<AlarmType, string>;
  rulesSheet: string;
  codesSheet: string;
  /** Header of the codes sheet: kind, code, name. */
  codesHeader: readonly [string, string, string];
  levelKind: string;
  typeKind: string;
}

const enUs: SheetTexts = {
  columns: {
    name: {
      header: 'Alarm name',
      note: 'Required, at most 64 characters, unique in the template. A row whose name already exists updates that rule; a new name adds a rule.',
    },
    group: {
      header: 'Alarm group',
      note: 'Optional, at most 32 characters. A group that does not exist yet is created.',
    },
    level: {
      header: 'Level',
      note: 'Required: Minor, Mild, Moderate, Severe, Critical, or their codes 1, 2, 4, 8, 16 (see the Codes sheet).',
    },
    tag: { header: 'Tag', note: 'Required: the name of a tag of this template.' },
    type: {
      header: 'Alarm type',
      note: 'Required: HighHigh, High, LowLow, Low (limit alarms, number tags); LargeDeviation, SmallDeviation (deviation alarms, number tags); On, Off (Bool tags); or their codes (see the Codes sheet).',
    },
    value: {
      header: 'Value',
      note: "Limit alarms: the limit, within the range of the tag's data type. On alarms: 1; Off alarms: 0. Leave empty for deviation alarms. Enter 64-bit integers as text so they stay exact.",
    },
    target: {
      header: 'Target',
      note: "Deviation alarms only: the target value, within the tag's data type.",
    },
    deviation: {
      header: 'Deviation',
      note: 'Deviation alarms only: the deviation, a number of at least 0. LargeDeviation raises when |value - target| > deviation, SmallDeviation when it is smaller.',
    },
    deadband: {
      header: 'Deadband',
      note: 'Optional, a number of at least 0: a raised limit or deviation alarm recovers only once the value is back past the limit by more than the deadband.',
    },
    content: {
      header: 'Content',
      note: 'Optional alarm message, at most 255 characters. {device}, {tag}, {value}, {name} and {time} are replaced when the alarm is raised.',
    },
  },
  levels: { 1: 'Minor', 2: 'Mild', 4: 'Moderate', 8: 'Severe', 16: 'Critical' },
  types: {
    1: 'HighHigh',
    2: 'High',
    4: 'LowLow',
    8: 'Low',
    16: 'LargeDeviation',
    32: 'SmallDeviation',
    128: 'On',
    256: 'Off',
  },
  rulesSheet: 'Alarm rules',
  codesSheet: 'Codes',
  codesHeader: ['Kind', 'Code', 'Name'],
  levelKind: 'Level',
  typeKind: 'Alarm type',
};

const zhCn: SheetTexts = {
  columns: {
    name: {
      header: '报警名称',
      note: '必填，最多 64 个字符，在模板内唯一。名称已存在的行会更新该规则，新名称会新增规则。',
    },
    group: { header: '报警分组', note: '选填，最多 32 个字符。不存在的分组会自动创建。' },
    level: {
      header: '报警等级',
      note: '必填：轻微、较轻、中等、严重、紧急，或其代码 1、2、4、8、16（见“代码表”工作表）。',
    },
    tag: { header: '变量', note: '必填：本模板中某个变量的名称。' },
    type: {
      header: '报警类型',
      note: '必填：高高限、高限、低低限、低限（限值报警，数值变量）；大偏差、小偏差（偏差报警，数值变量）；开、关（Bool 变量）；或其代码（见“代码表”工作表）。',
    },
    value: {
      header: '报警值',
      note: '限值报警：限值，须在变量数据类型的范围内。开报警：1；关报警：0。偏差报警请留空。64 位整数请以文本输入以保持精确。',
    },
    target: { header: '目标值', note: '仅偏差报警：目标值，须符合变量的数据类型。' },
    deviation: {
      header: '偏差',
      note: '仅偏差报警：偏差，不小于 0 的数。大偏差在 |值 - 目标值| > 偏差时报警，小偏差在小于偏差时报警。',
    },
    deadband: {
      header: '死区',
      note: '选填，不小于 0 的数：已触发的限值或偏差报警，只有当数值越过限值超过死区后才恢复。',
    },
    content: {
      header: '报警内容',
      note: '选填的报警消息，最多 255 个字符。触发报警时 {device}、{tag}、{value}、{name} 和 {time} 会被替换。',
    },
  },
  levels: { 1: '轻微', 2: '较轻', 4: '中等', 8: '严重', 16: '紧急' },
  types: {
    1: '高高限',
    2: '高限',
    4: '低低限',
    8: '低限',
    16: '大偏差',
    32: '小偏差',
    128: '开',
    256: '关',
  },
  rulesSheet: '报警规则',
  codesSheet: '代码表',
  codesHeader: ['类别', '代码', '名称'],
  levelKind: '报警等级',
  typeKind: '报警类型',
};

const zhTw: SheetTexts = {
  columns: {
    name: {
      header: '警報名稱',
      note: '必填，最多 64 個字元，在範本內唯一。名稱已存在的列會更新該規則，新名稱會新增規則。',
    },
    group: { header: '警報群組', note: '選填，最多 32 個字元。不存在的群組會自動建立。' },
    level: {
      header: '警報等級',
      note: '必填：輕微、較輕、中等、嚴重、緊急，或其代碼 1、2、4、8、16（見「代碼表」工作表）。',
    },
    tag: { header: '變數', note: '必填：本範本中某個變數的名稱。' },
    type: {
      header: '警報類型',
      note: '必填：高高限、高限、低低限、低限（限值警報，數值變數）；大偏差、小偏差（偏差警報，數值變數）；開、關（Bool 變數）；或其代碼（見「代碼表」工作表）。',
    },
    value: {
      header: '警報值',
      note: '限值警報：限值，須在變數資料類型的範圍內。開警報：1；關警報：0。偏差警報請留空。64 位元整數請以文字輸入以保持精確。',
    },
    target: { header: '目標值', note: '僅偏差警報：目標值，須符合變數的資料類型。' },
    deviation: {
      header: '偏差值',
      note: '僅偏差警報：偏差，不小於 0 的數。大偏差在 |值 - 目標值| > 偏差時警報，小偏差在小於偏差時警報。',
    },
    deadband: {
      header: '死區',
      note: '選填，不小於 0 的數：已觸發的限值或偏差警報，只有當數值越過限值超過死區後才恢復。',
    },
    content: {
      header: '警報內容',
      note: '選填的警報訊息，最多 255 個字元。觸發警報時 {device}、{tag}、{value}、{name} 和 {time} 會被取代。',
    },
  },
  levels: { 1: '輕微', 2: '較輕', 4: '中等', 8: '嚴重', 16: '緊急' },
  types: {
    1: '高高限',
    2: '高限',
    4: '低低限',
    8: '低限',
    16: '大偏差',
    32: '小偏差',
    128: '開',
    256: '關',
  },
  rulesSheet: '警報規則',
  codesSheet: '代碼表',
  codesHeader: ['類別', '代碼', '名稱'],
  levelKind: '警報等級',
  typeKind: '警報類型',
};

/** Headers, notes, level and type names of the alarm rule sheets in each interface language. */
export const sheetTexts: Readonly<Record<Locale, SheetTexts>> = {
  'zh-cn': zhCn,
  'en-us': enUs,
  'zh-tw': zhTw,
};
