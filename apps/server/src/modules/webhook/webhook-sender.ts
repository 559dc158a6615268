import { WebhookLimits } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { KeyVault } from '../../lib/key-vault.ts';
import { deliveryHeaders, renderBody } from './webhook-event.ts';
import { postPinned, RefusedTarget, type Resolver } from './webhook-http.ts';
import type { AttemptNext, AttemptResult, ClaimedDelivery, WebhookRepo } from './webhook.repo.ts';

export interface WebhookSendSettings {
  /** Loopback and private targets allowed (WEBHOOK_ALLOW_PRIVATE): on-premises receivers. */
  allowPrivate: boolean;
  /** One attempt's time limit (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** The first retry's delay; each next one doubles, up to retryMaxMs (WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts of one delivery before it is given up. */
  maxAttempts: number;
  /** An endpoint is paused after this many failed attempts in a row ... */
  pauseAfterFailures: number;
  /** ... or when it has been failing (no delivery since its first failure) this long. */
  pauseAfterMs: number;
  concurrency: number;
  batchSize: number;
  /** How often the outbox is looked at without a wake (retries due, other servers' rows, expired claims). */
  pollMs: number;
  /** How long a claim holds: longer than an attempt can take. */
  leaseMs: number;
  /** How long finished deliveries stay in the log. */
  keepMs: number;
}

export const webhookSendDefaults: WebhookSendSettings = {
  allowPrivate: false,
  timeoutMs: 10_000,
  retryBaseMs: 10_000,
  retryMaxMs: 3_600_000,
  maxAttempts: 10,
  pauseAfterFailures: 10,
  pauseAfterMs: 24 * 3_600_000,
  concurrency: 4,
  batchSize: 50,
  pollMs: 2_000,
  leaseMs: 60_000,
  keepMs: 14 * 24 * 3_600_000,
};

/** The delay before attempt `attempts + 1`: base × 2^(attempts − 1), capped, with ±20 % jitter. */
export function retryDelay(
  attempts: number,
  s: Pick<WebhookSendSettings, 'retryBaseMs' | 'retryMaxMs'>,
): number {
  const plain = Math.min(s.retryMaxMs, s.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}

/** Tells an endpoint's owner it was paused (the message centre). */
export type PausedNotice = (endpoint: ClaimedDelivery['endpoint']) => Promise<void>;

export interface WebhookSenderDeps {
  repo: WebhookRepo;
  vault: KeyVault;
  resolve: Resolver;
  paused: PausedNotice;
  /** This server, as its claims name it. */
  claimer: string;
  log: FastifyBaseLogger;
}

const PURGE_EVERY_MS = 3_600_000;

/**
 * Sends webhook deliveries from the outbox (migration 0025), on every server: claims due rows for
 * a lease, posts each (signed, to the checked and pinned address, webhook-http.ts), and records
 * the attempt: delivered on a 2xx, else retried with exponential backoff until maxAttempts. At
 * least once: a server that dies mid-attempt leaves its claim, and after the lease another server
 * tries again with the same event id. Failed attempts in a row pause the endpoint and tell its
 * owner. Woken at once when this server enqueues; polls otherwise.
 */
export class WebhookSender {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private lastPurge = 0;
  /** Claimed, not started (given back when closing). */
  private readonly waiting = new Set<number>();

  constructor(
    private readonly deps: WebhookSenderDeps,
    readonly settings: WebhookSendSettings = webhookSendDefaults,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => void this.wake(), this.settings.pollMs);
    this.timer.unref();
    void this.wake();
  }

  /** Looks at the outbox now; resolves when a look that started after the call found nothing due. */
  wake(): Promise<void> {
    if (this.stopped) return this.running ?? Promise.resolve();
    this.again = true;
    this.running ??= this.drain();
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    const left = [...this.waiting];
    this.waiting.clear();
    await this.deps.repo
      .release(this.deps.claimer, left)
      .catch((err: unknown) => this.deps.log.error({ err }, 'webhook deliveries not given back'));
  }

  private async drain(): Promise<void> {
    try {
      while (this.again && !this.stopped) {
        this.again = false;
        try {
          await this.pass();
        } catch (err) {
          this.deps.log.error({ err }, 'webhook outbox failed');
        }
      }
    } finally {
      this.running = null;
    }
  }

  private async pass(): Promise<void> {
    const s = this.settings;
    while (!this.stopped) {
      const batch = await this.deps.repo.claim(this.deps.claimer, s.batchSize, s.leaseMs);
      if (batch.length === 0) break;
      batch.forEach((d) => this.waiting.add(d.row.id));
      const worker = async () => {
        for (let d = batch.shift(); d; d = batch.shift()) {
          if (!this.waiting.delete(d.row.id)) continue;
          if (this.stopped) {
            this.waiting.add(d.row.id);
            continue;
          }
          await this.deliver(d).catch((err: unknown) =>
            this.deps.log.error({ err, deliveryId: d.row.id }, 'webhook delivery not recorded'),
          );
        }
      };
      await Promise.all(Array.from({ length: s.concurrency }, worker));
    }
    if (!this.stopped && Date.now() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      await this.deps.repo.purge(s.keepMs);
    }
  }

  /** One attempt of one delivery, recorded; the endpoint's failures counted. */
  async deliver(d: ClaimedDelivery): Promise<void> {
    const { repo, claimer } = this.deps;
    // Paused or disabled since the event was enqueued (or a retry was planned): not sent. A test
    // is sent whatever the endpoint's state (it is how one checks a receiver before resuming).
    const off = d.endpoint.paused_at !== null ? 'paused' : d.endpoint.enabled === 0 ? 'disabled' : null;
    if (off && d.event.type !== 'webhook.test') {
      const error = `endpoint ${off}`;
      const none = { ok: false, sent: false as const, status: null, latencyMs: null, excerpt: null, error };
      await repo.attempted(d.row, claimer, none, { kind: 'failed' });
      return;
    }
    // The claim counted this attempt: beyond the limit, its earlier claimers died mid-attempt.
    const attempts = d.row.attempts;
    if (attempts > this.settings.maxAttempts) {
      const error = `gave up: claimed ${attempts - 1} times and never finished`;
      const none = { ok: false, sent: false as const, status: null, latencyMs: null, excerpt: null, error };
      await repo.attempted(d.row, claimer, none, { kind: 'failed' });
      return;
    }
    const result = await this.attempt(d);
    const next: AttemptNext = result.ok
      ? { kind: 'delivered' }
      : attempts >= this.settings.maxAttempts
        ? { kind: 'failed' }
        : { kind: 'retry', at: Date.now() + retryDelay(attempts, this.settings) };
    if (!(await repo.attempted(d.row, claimer, result, next))) return;
    if (result.ok) {
      await repo.endpointSucceeded(d.endpoint.id);
      return;
    }
    const endpoint = await repo.endpointFailed(d.endpoint.id);
    if (!endpoint || endpoint.paused_at !== null) return;
    const failingFor = Date.now() - (endpoint.failing_since ?? Date.now());
    if (
      endpoint.consecutive_failures < this.settings.pauseAfterFailures &&
      failingFor < this.settings.pauseAfterMs
    )
      return;
    if (await repo.pause(endpoint.id)) {
      this.deps.log.warn({ endpointId: endpoint.id, teamId: endpoint.team_id }, 'webhook endpoint paused');
      await this.deps.paused(endpoint);
    }
  }

  private async attempt(d: ClaimedDelivery): Promise<AttemptResult> {
    const s = this.settings;
    try {
      const secret = this.deps.vault.open(d.endpoint.secret_sealed);
      const body = renderBody(d.event, d.endpoint.format);
      const headers = deliveryHeaders(d.event, body, secret, Date.now());
      const r = await postPinned(d.endpoint.url, headers, body, {
        timeoutMs: s.timeoutMs,
        allowPrivate: s.allowPrivate,
        resolve: this.deps.resolve,
        excerptBytes: WebhookLimits.excerptMax,
      });
      const ok = r.status >= 200 && r.status < 300;
      return {
        ok,
        status: r.status,
        latencyMs: r.latencyMs,
        excerpt: r.excerpt,
        error: ok ? null : r.status >= 300 && r.status < 400 ? 'redirect not followed' : `HTTP ${r.status}`,
      };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return {
        ok: false,
        status: null,
        latencyMs: null,
        excerpt: null,
        error: err instanceof RefusedTarget ? `refused: ${message}` : message,
      };
    }
  }
}
