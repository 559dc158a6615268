import type { RegionEvent } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Runnable } from '../../plugins/runtime.ts';
import type { DirectoryOutboxRepo, OutboxRow } from './directory-outbox.repo.ts';
import type { RegionLink } from './region-link.ts';

const LEASE_MS = 30_000;
const RETRY_EVERY_MS = 5_000;
const MAX_BACKOFF_MS = 10 * 60_000;
const BATCH = 100;

/**
 * Tells an account's regions what they must apply (sessions ended, account closed): written to
 * the outbox first, then sent at once and, to a region that did not answer, again with backoff
 * until it does (every directory server sends; a claim keeps two from sending one row at once).
 * A region applies an event twice without harm.
 */
export class RegionFanout implements Runnable {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly repo: DirectoryOutboxRepo,
    private readonly link: RegionLink,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sendDue(), RETRY_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Records the event for each region and tries them now; resolves once each was tried. */
  async publish(regions: readonly string[], event: RegionEvent): Promise<void> {
    const payload = JSON.stringify(event);
    const ids = await this.repo.insert(
      regions.map((region) => ({ region, payload })),
      Date.now(),
    );
    await this.send(await this.repo.due(Date.now(), ids.length, ids));
  }

  backlog(): Promise<number> {
    return this.repo.backlog();
  }

  /** Sends what is due (the retry timer; tests call it to skip the wait). */
  sendDue(): Promise<void> {
    this.running ??= this.repo
      .due(Date.now(), BATCH)
      .then((rows) => this.send(rows))
      .catch((err: unknown) => this.log.error({ err }, 'directory: outbox not read'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async send(rows: OutboxRow[]): Promise<void> {
    await Promise.all(rows.map((row) => this.sendOne(row)));
  }

  private async sendOne(row: OutboxRow): Promise<void> {
    if (!(await this.repo.claim(row, Date.now(), LEASE_MS))) return;
    try {
      await this.link.deliver(row.region, JSON.parse(row.payload) as RegionEvent);
      await this.repo.remove(row.id);
    } catch (err) {
      const backoff = Math.min(RETRY_EVERY_MS * 2 ** row.attempts, MAX_BACKOFF_MS);
      this.log.warn(
        { err, region: row.region, attempts: row.attempts + 1 },
        'directory: region not told yet',
      );
      await this.repo.retryLater(row.id, Date.now() + backoff, String(err));
    }
  }
}
