import { resolveLocale, type Locale } from '@hmi/domain';

/** Values of a raised alarm for its texts. */
export interface AlarmTextParams {
  device: string;
  tag: string;
  value: string;
  /** The rule's name. */
  name: string;
  /** The raise time as text (see `alarmTimeText`). */
  time: string;
}

interface AlarmTexts {
  levels: Record<number, string>;
  types: Record<number, string>;
  states: Record<number, string>;
  /** Content of a rule whose content is empty (placeholders as in a rule's content). */
  defaultContent: string;
  /** Title of the alarm message of a raise. */
  title: (p: { level: string; device: string; name: string }) => string;
  /** Column headers of the alarm export, by key. */
  columns: Record<ExportColumn, string>;
  sheet: string;
}

export type ExportColumn =
  | 'raised_at'
  | 'device'
  | 'name'
  | 'group'
  | 'level'
  | 'type'
  | 'tag'
  | 'state'
  | 'content'
  | 'value'
  | 'last_value'
  | 'times'
  | 'acked_at'
  | 'acked_by'
  | 'recovered_at';

const texts: Record<Locale, AlarmTexts> = {
  'zh-cn': {
    levels: { 1: '提示', 2: '次要', 4: '一般', 8: '严重', 16: '紧急' },
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
    states: { 1: '报警', 2: '已响应', 4: '已恢复' },
    defaultContent: '设备 {device} 触发报警「{name}」：{tag} = {value}',
    title: ({ level, device, name }) => `【${level}】${device}：${name}`,
    columns: {
      raised_at: '报警时间',
      device: '设备',
      name: '报警名称',
      group: '报警分组',
      level: '报警等级',
      type: '报警类型',
      tag: '变量',
      state: '状态',
      content: '报警内容',
      value: '报警值',
      last_value: '最新值',
      times: '报警次数',
      acked_at: '响应时间',
      acked_by: '响应人',
      recovered_at: '恢复时间',
    },
    sheet: '报警记录',
  },
  'en-us': {
    levels: { 1: 'Minor', 2: 'Mild', 4: 'Moderate', 8: 'Severe', 16: 'Critical' },
    types: {
      1: 'HighHigh',
      2: 'High',
      4: 'LowLow',
      8: 'Low',
      16: 'Large deviation',
      32: 'Small deviation',
      128: 'On',
      256: 'Off',
    },
    states: { 1: 'Alarm', 2: 'Acknowledged', 4: 'Recovered' },
    defaultContent: 'Alarm "{name}" on {device}: {tag} = {value}',
    title: ({ level, device, name }) => `[${level}] ${device}: ${name}`,
    columns: {
      raised_at: 'Raised at',
      device: 'Device',
      name: 'Alarm name',
      group: 'Alarm group',
      level: 'Level',
      type: 'Type',
      tag: 'Tag',
      state: 'State',
      content: 'Content',
      value: 'Value at raise',
      last_value: 'Last value',
      times: 'Times',
      acked_at: 'Acknowledged at',
      acked_by: 'Responder',
      recovered_at: 'Recovered at',
    },
    sheet: 'Alarm records',
  },
  'zh-tw': {
    levels: { 1: '提示', 2: '次要', 4: '一般', 8: '嚴重', 16: '緊急' },
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
    states: { 1: '警報', 2: '已回應', 4: '已恢復' },
    defaultContent: '設備 {device} 觸發警報「{name}」：{tag} = {value}',
    title: ({ level, device, name }) => `【${level}】${device}：${name}`,
    columns: {
      raised_at: '警報時間',
      device: '設備',
      name: '警報名稱',
      group: '警報群組',
      level: '警報等級',
      type: '警報類型',
      tag: '變數',
      state: '狀態',
      content: '警報內容',
      value: '警報值',
      last_value: '最新值',
      times: '警報次數',
      acked_at: '回應時間',
      acked_by: '回應人',
      recovered_at: '恢復時間',
    },
    sheet: '警報記錄',
  },
};

/** The alarm texts of a user's language (en-us for unknown ones). */
export const alarmTexts = (lang: string | null | undefined): AlarmTexts => texts[resolveLocale(lang)];

const PLACEHOLDER = /\{(device|tag|value|name|time)\}/g;

/** A rule's content with `{device}`, `{tag}`, `{value}`, `{name}` and `{time}` replaced. */
export function renderContent(content: string, p: AlarmTextParams): string {
  return content.replace(PLACEHOLDER, (_m, key: keyof AlarmTextParams) => p[key]);
}

/**
 * The content of a raise: the rule's content rendered, or the default text of `lang` when the
 * rule has none.
 */
export function alarmContent(
  ruleContent: string,
  p: AlarmTextParams,
  lang: string | null | undefined,
): string {
  const template = ruleContent.trim() === '' ? alarmTexts(lang).defaultContent : ruleContent;
  return renderContent(template, p);
}

/** `YYYY-MM-DD HH:mm:ss UTC`: the server knows no user's offset when it renders a content. */
export const alarmTimeText = (ts: number): string =>
  `${new Date(ts).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
