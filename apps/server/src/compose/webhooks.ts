import { Gauge } from 'prom-client';
import { KeyVault } from '../lib/key-vault.ts';
import { WebhookFeed } from '../modules/webhook/webhook-feed.ts';
import { systemResolver, type Resolver } from '../modules/webhook/webhook-http.ts';
import { WebhookSender, webhookSendDefaults } from '../modules/webhook/webhook-sender.ts';
import { pausedNotice } from '../modules/webhook/webhook-texts.ts';
import { WebhookRepo } from '../modules/webhook/webhook.repo.ts';
import { WebhookService } from '../modules/webhook/webhook.service.ts';
import type { Runnable } from '../plugins/runtime.ts';
import type { Messages } from './alarms.ts';
import type { DeviceStore } from './devices.ts';
import type { Infrastructure } from './infrastructure.ts';
import type { Remote } from './remote.ts';

/** The groups webhooks hear and tell: the message centre, the device store, remote access. */
export interface WebhookNeeds {
  messages: Messages;
  store: DeviceStore;
  remote: Remote;
  /** Tests: how host names resolve (the SSRF check runs on what it answers). */
  resolve?: Resolver;
}

/**
 * Webhooks: endpoints and their signing secrets (sealed under a key derived from JWT_SECRET), the
 * feed that enqueues the events this server causes, and the sender every server runs.
 */
export function composeWebhooks({ db, config, bus, log, metrics }: Infrastructure, needs: WebhookNeeds) {
  const { messages } = needs.messages.services;
  const repo = new WebhookRepo(db);
  const vault = new KeyVault(config.jwtSecret, 'webhook-secret-vault');
  const s = config.webhooks;
  const sender = new WebhookSender(
    {
      repo,
      vault,
      resolve: needs.resolve ?? systemResolver,
      claimer: bus.serverId,
      log,
      paused: async (endpoint) => {
        const owner = await repo.owner(endpoint);
        if (!owner) return;
        await messages.notice(
          { teamId: endpoint.team_id, userId: owner.id },
          pausedNotice(owner.lang, endpoint),
        );
        messages.changed(endpoint.team_id, [owner.id]);
      },
    },
    {
      ...webhookSendDefaults,
      allowPrivate: s.allowPrivate,
      timeoutMs: s.timeoutMs,
      retryBaseMs: s.retryBaseMs,
      pollMs: Math.min(webhookSendDefaults.pollMs, s.retryBaseMs),
      leaseMs: Math.max(webhookSendDefaults.leaseMs, 3 * s.timeoutMs),
    },
  );
  const webhooks = new WebhookService(repo, vault, s.allowPrivate, () => void sender.wake());
  const feed = new WebhookFeed(
    {
      bus,
      connections: needs.store.services.deviceConnections,
      sessions: needs.remote.services.tunnelHub,
      devices: needs.store.catalogue,
    },
    (e) => webhooks.enqueue(e),
    log,
  );
  new Gauge({
    name: 'hmi_webhook_outbox_backlog',
    help: 'Webhook deliveries not finished yet, every server together (pending: waiting or to retry; claimed: being sent)',
    labelNames: ['state'],
    registers: [metrics],
    async collect() {
      try {
        const backlog = await repo.backlog();
        this.set({ state: 'pending' }, backlog.pending);
        this.set({ state: 'claimed' }, backlog.claimed);
      } catch (err) {
        this.reset();
        log.warn({ err }, 'metrics: webhook outbox backlog not read');
      }
    },
  });
  return {
    services: { webhooks, webhookSender: sender },
    /** Hears events before devices connect; sends on every server; on close lets attempts under way finish. */
    runnable: {
      start: () => {
        feed.start();
        sender.start();
      },
      stop: async () => {
        await feed.stop();
        await sender.stop();
      },
    } satisfies Runnable,
  };
}
