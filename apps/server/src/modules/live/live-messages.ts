import { ErrorCode, liveClientMessage } from '@hmi/domain';
import { send, type LiveClient } from './live-client.ts';
import { pairsByDevice, tooManyDevices, type SubscriptionChange } from './subscription.ts';

/**
 * A client's text message: parsed and checked, answered at once (ping, a refusal) or recorded as a
 * change of the subscription (worked later, one at a time: ViewRequests). No database work here.
 */
export function onClientMessage(client: LiveClient, text: string): void {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return send(client, { type: 'error', code: ErrorCode.E1006_BAD_PARAMETER, msg: 'not JSON' });
  }
  const parsed = liveClientMessage.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return send(client, {
      type: 'error',
      code: ErrorCode.E1006_BAD_PARAMETER,
      msg: issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'bad message',
    });
  }
  const m = parsed.data;
  switch (m.type) {
    case 'ping':
      return send(client, { type: 'pong', ts: Date.now() });
    case 'switch_page':
      return client.requests.switchPage(m.page);
    case 'subscribe':
      return change(client, {
        pageDevices: [...new Set(m.device_ids)],
        pageSize: m.page_size,
        page: m.page,
        pairs: pairsByDevice(m.tags ?? []),
        actDevices: [...new Set(m.act_device_ids ?? [])],
      });
    case 'subscribe_tags':
      // The pairs alone: no device by page, none for acts only; the page size stays.
      return change(client, { pageDevices: [], pairs: pairsByDevice(m.tags), actDevices: [] }, 'tags: ');
  }
}

function change(
  client: LiveClient,
  c: Required<Omit<SubscriptionChange, 'pageSize' | 'page'>> & SubscriptionChange,
  field = '',
) {
  const tooMany = tooManyDevices(c);
  if (tooMany)
    return send(client, { type: 'error', code: ErrorCode.E1006_BAD_PARAMETER, msg: `${field}${tooMany}` });
  client.requests.subscribe(c);
}
