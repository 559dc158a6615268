import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  WebhookLimits,
  type WebhookAddBody,
  type WebhookCreated,
  type WebhookDeliveriesPage,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookEditBody,
  type WebhookEndpoint,
  type WebhookListReply,
} from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { KeyVault } from '../../lib/key-vault.ts';
import { newWebhookSecret, type WebhookEvent } from './webhook-event.ts';
import { refusedAddress } from './webhook-http.ts';
import { endpointEvents, type DeliveryRow, type EndpointRow, type WebhookRepo } from './webhook.repo.ts';

export const presentEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  name: r.name,
  url: r.url,
  format: r.format,
  events: endpointEvents(r),
  enabled: r.enabled === 1,
  paused_at: r.paused_at === null ? null : Number(r.paused_at),
  consecutive_failures: Number(r.consecutive_failures),
  secret_hint: r.secret_hint,
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

export const presentDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  endpoint_id: r.endpoint_id,
  event_id: r.event_id,
  event: r.event_type as WebhookDelivery['event'],
  // A claim is an attempt under way: still waiting, as far as the log tells.
  state: r.state === 'claimed' ? 'pending' : r.state,
  attempts: Number(r.attempts),
  status: r.status,
  latency_ms: r.latency_ms,
  excerpt: r.excerpt,
  error: r.error,
  created_at: Number(r.created_at),
  last_attempt_at: r.last_attempt_at === null ? null : Number(r.last_attempt_at),
  next_attempt_at: r.state === 'pending' && r.next_attempt_at !== null ? Number(r.next_attempt_at) : null,
});

/**
 * A URL whose host is an address literal the server would never deliver to is refused when it is
 * saved (1006, data.reason 'address'); host names are checked at each delivery, after resolution.
 */
function checkUrl(url: string, allowPrivate: boolean): void {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (/^[\d.]+$/.test(host) || host.includes(':')) {
    const why = refusedAddress(host, allowPrivate);
    if (why) throw new AppError(ErrorCode.E1006_BAD_PARAMETER, { field: 'url', reason: 'address' });
  }
}

/** Webhook endpoints of the caller's team (issue 29): what the routes call; `enqueue` what the event feed calls. */
export class WebhookService {
  constructor(
    private readonly repo: WebhookRepo,
    private readonly vault: KeyVault,
    private readonly allowPrivate: boolean,
    /** Wakes this server's sender after an enqueue. */
    private readonly wake: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  async list(caller: CurrentUser): Promise<WebhookListReply> {
    return {
      list: (await this.repo.list(caller.teamId)).map(presentEndpoint),
      max: WebhookLimits.endpointsPerTeam,
    };
  }

  async add(caller: CurrentUser, body: WebhookAddBody): Promise<WebhookCreated> {
    checkUrl(body.url, this.allowPrivate);
    if ((await this.repo.count(caller.teamId)) >= WebhookLimits.endpointsPerTeam) {
      throw new AppError(ErrorCode.E1006_BAD_PARAMETER, {
        reason: 'limit',
        max: WebhookLimits.endpointsPerTeam,
      });
    }
    const secret = newWebhookSecret();
    const now = this.now();
    const row = await this.repo.insert({
      team_id: caller.teamId,
      created_by: caller.id,
      name: body.name,
      url: body.url,
      format: body.format,
      events: JSON.stringify([...new Set(body.events)]),
      enabled: body.enabled ? 1 : 0,
      secret_sealed: this.vault.seal(secret),
      secret_hint: secret.slice(-4),
      failing_since: null,
      paused_at: null,
      created_at: now,
      updated_at: now,
    });
    return { endpoint: presentEndpoint(row), secret };
  }

  /** Saves an endpoint; saving it enabled resumes a paused one (its failures start again). */
  async edit(caller: CurrentUser, body: WebhookEditBody): Promise<WebhookEndpoint> {
    checkUrl(body.url, this.allowPrivate);
    const row = await this.repo.update(caller.teamId, body.id, {
      name: body.name,
      url: body.url,
      format: body.format,
      events: JSON.stringify([...new Set(body.events)]),
      enabled: body.enabled ? 1 : 0,
      updated_at: this.now(),
      ...(body.enabled ? { paused_at: null, consecutive_failures: 0, failing_since: null } : {}),
    });
    if (!row) throw new AppError(ErrorCode.E1003_NO_DATA);
    return presentEndpoint(row);
  }

  async delete(caller: CurrentUser, id: number): Promise<void> {
    if (!(await this.repo.remove(caller.teamId, id))) throw new AppError(ErrorCode.E1003_NO_DATA);
  }

  /** Sends a `webhook.test` event to this endpoint (enabled or not); returns its delivery. */
  async test(caller: CurrentUser, id: number): Promise<WebhookDelivery> {
    const endpoint = await this.repo.endpoint(caller.teamId, id);
    if (!endpoint) throw new AppError(ErrorCode.E1003_NO_DATA);
    const event: WebhookEvent = {
      id: `test.${randomUUID()}`,
      type: 'webhook.test',
      created_at: this.now(),
      team_id: caller.teamId,
      data: { endpoint_id: endpoint.id, endpoint_name: endpoint.name },
    };
    const [row] = await this.repo.enqueue(event, endpoint.id);
    if (!row) throw new AppError(ErrorCode.E1007_SERVER);
    this.wake();
    return presentDelivery(row);
  }

  async deliveries(caller: CurrentUser, q: WebhookDeliveriesQuery): Promise<WebhookDeliveriesPage> {
    const endpoint = await this.repo.endpoint(caller.teamId, q.endpoint_id);
    if (!endpoint) throw new AppError(ErrorCode.E1003_NO_DATA);
    const { rows, total } = await this.repo.page(endpoint.id, (q.page - 1) * q.page_size, q.page_size);
    return { list: rows.map(presentDelivery), total, page: q.page, page_size: q.page_size };
  }

  /** An event of the team for every endpoint that takes it, once per endpoint and event id. */
  async enqueue(event: WebhookEvent): Promise<number> {
    const rows = await this.repo.enqueue(event);
    if (rows.length > 0) this.wake();
    return rows.length;
  }
}
