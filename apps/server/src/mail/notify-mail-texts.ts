import { AlarmLevel, resolveLocale, type Locale } from '@hmi/domain';

/** What an alarm mail says: the record as raised, and where to look at it. */
export interface AlarmMailFacts {
  level: number;
  device: string;
  rule: string;
  tag: string;
  /** The rendered content of the rule. */
  content: string;
  value: string;
  /** Raise time, ms since the epoch (written in UTC: users have no time zone setting). */
  raisedAt: number;
  /** The console's alarm message page. */
  link: string;
}

interface NotifyTexts {
  levels: Record<AlarmLevel, string>;
  none: string;
  alarm: (f: AlarmMailFacts & { levelName: string; time: string; enabled: string }) => {
    subject: string;
    text: string;
  };
  test: (p: { enabled: string; link: string }) => { subject: string; text: string };
}

const texts: Record<Locale, NotifyTexts> = {
  'zh-cn': {
    levels: { 1: '提示', 2: '轻微', 4: '一般', 8: '严重', 16: '紧急' },
    none: '无',
    alarm: (f) => ({
      subject: `HMI 云平台：【${f.levelName}】告警 ${f.device} - ${f.rule}`,
      text: [
        `设备 ${f.device} 产生告警。`,
        '',
        `告警名称：${f.rule}`,
        `告警等级：${f.levelName}`,
        `变量：${f.tag}`,
        `告警内容：${f.content}`,
        `触发值：${f.value}`,
        `触发时间：${f.time}`,
        '',
        `查看告警消息：${f.link}`,
        '',
        `您收到此邮件，是因为您在通知设置中开启了以下等级的告警邮件：${f.enabled}。`,
      ].join('\n'),
    }),
    test: ({ enabled, link }) => ({
      subject: 'HMI 云平台：测试通知邮件',
      text: `这是一封测试邮件，说明告警通知邮件可以送达此邮箱。\n\n当前开启邮件通知的告警等级：${enabled}。\n\n修改通知设置：${link}`,
    }),
  },
  'en-us': {
    levels: { 1: 'Minor', 2: 'Mild', 4: 'Moderate', 8: 'Severe', 16: 'Critical' },
    none: 'none',
    alarm: (f) => ({
      subject: `HMI Cloud: [${f.levelName}] alarm on ${f.device} - ${f.rule}`,
      text: [
        `An alarm was raised on device ${f.device}.`,
        '',
        `Alarm: ${f.rule}`,
        `Level: ${f.levelName}`,
        `Tag: ${f.tag}`,
        `Content: ${f.content}`,
        `Value: ${f.value}`,
        `Time: ${f.time}`,
        '',
        `View the alarm messages: ${f.link}`,
        '',
        `You receive this mail because your notification settings send alarms of these levels by email: ${f.enabled}.`,
      ].join('\n'),
    }),
    test: ({ enabled, link }) => ({
      subject: 'HMI Cloud: test notification',
      text: `This is a test mail: alarm notifications can reach this address.\n\nAlarm levels sent by email now: ${enabled}.\n\nChange your notification settings: ${link}`,
    }),
  },
  'zh-tw': {
    levels: { 1: '提示', 2: '輕微', 4: '一般', 8: '嚴重', 16: '緊急' },
    none: '無',
    alarm: (f) => ({
      subject: `HMI 雲平台：【${f.levelName}】警報 ${f.device} - ${f.rule}`,
      text: [
        `裝置 ${f.device} 產生警報。`,
        '',
        `警報名稱：${f.rule}`,
        `警報等級：${f.levelName}`,
        `變數：${f.tag}`,
        `警報內容：${f.content}`,
        `觸發值：${f.value}`,
        `觸發時間：${f.time}`,
        '',
        `檢視警報訊息：${f.link}`,
        '',
        `您收到此郵件，是因為您在通知設定中開啟了以下等級的警報郵件：${f.enabled}。`,
      ].join('\n'),
    }),
    test: ({ enabled, link }) => ({
      subject: 'HMI 雲平台：測試通知郵件',
      text: `這是一封測試郵件，表示警報通知郵件可以寄達此信箱。\n\n目前開啟郵件通知的警報等級：${enabled}。\n\n修改通知設定：${link}`,
    }),
  },
};

const levelsDesc = Object.values(AlarmLevel).sort((a, b) => b - a);

/** "2026-11-21 08:30:05 UTC". */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The level names of a mask, most severe first ("none" for 0), in a language. */
export function levelNames(lang: string | null | undefined, mask: number): string {
  const t = texts[resolveLocale(lang)];
  const names = levelsDesc.filter((l) => (mask & l) !== 0).map((l) => t.levels[l]);
  return names.length > 0 ? names.join(', ') : t.none;
}

/** The mail of one raised alarm, in the user's language (unknown languages fall back to zh-cn). */
export function alarmMail(lang: string | null | undefined, facts: AlarmMailFacts, mailLevels: number) {
  const t = texts[resolveLocale(lang)];
  return t.alarm({
    ...facts,
    levelName: t.levels[facts.level as AlarmLevel] ?? String(facts.level),
    time: utc(facts.raisedAt),
    enabled: levelNames(lang, mailLevels),
  });
}

/** The "send test" mail of the notification settings. */
export function testMail(lang: string | null | undefined, mailLevels: number, link: string) {
  return texts[resolveLocale(lang)].test({ enabled: levelNames(lang, mailLevels), link });
}
