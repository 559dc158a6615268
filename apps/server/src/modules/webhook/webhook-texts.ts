import { resolveLocale } from '@hmi/domain';

const paused = {
  'en-us': {
    title: 'Webhook paused',
    body: 'The webhook "{name}" ({url}) failed {failures} times in a row and was paused. Check the receiver, then enable the endpoint again under System > Webhooks.',
  },
  'zh-cn': {
    title: 'Webhook 已暂停',
    body: 'Webhook“{name}”（{url}）连续失败 {failures} 次，已暂停。请检查接收方，然后在“系统 > Webhook”中重新启用该端点。',
  },
  'zh-tw': {
    title: 'Webhook 已暫停',
    body: 'Webhook「{name}」（{url}）連續失敗 {failures} 次，已暫停。請檢查接收端，然後在「系統 > Webhook」中重新啟用該端點。',
  },
} as const;

/** The message-centre notice of a paused endpoint, in the owner's language. */
export function pausedNotice(
  lang: string,
  e: { name: string; url: string; consecutive_failures: number },
): { title: string; body: string } {
  const t = paused[resolveLocale(lang)];
  return {
    title: t.title,
    body: t.body
      .replace('{name}', e.name)
      .replace('{url}', e.url)
      .replace('{failures}', String(e.consecutive_failures)),
  };
}
