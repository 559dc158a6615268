import { ErrorCode } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { alarmDigestMail, alarmMail } from '../../mail/notify-mail-texts.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { RateLimiter } from '../verification/index.ts';
import { deliveryError, type DeliveryRepo, type Recipient } from './delivery.repo.ts';
import type { MailOutboxRepo, OutboxMail, OutboxOutcome } from './mail-outbox.repo.ts';

export interface AlarmMailSettings {
  /** Alarm mails to one user in any minute (every server together); beyond, each is logged as skipped. */
  perUserPerMinute: number;
  /** Mails sent at the same time by this server. */
  concurrency: number;
  /** How long closing waits for the mails in progress. */
  drainMs: number;
  /** Mails claimed at once. */
  batchSize: number;
  /** How often the outbox is looked at without a wake (mails of other servers, expired claims). */
  pollMs: number;
  /**
   * How long a claim holds: a mail whose claimer died is claimed again after it. Longer than a
   * send can take (nodemailer's connection and greeting timeouts are 2 min and 30 s).
   */
  leaseMs: number;
  /** Claims of one mail at most: one that never finishes (its claimers keep dying) is logged as failed. */
  maxAttempts: number;
  /** How long finished outbox rows are kept. */
  keepMs: number;
}

export const alarmMailDefaults: AlarmMailSettings = {
  perUserPerMinute: 10,
  concurrency: 2,
  drainMs: 10_000,
  batchSize: 50,
  pollMs: 5_000,
  leaseMs: 180_000,
  maxAttempts: 5,
  keepMs: 7 * 24 * 3_600_000,
};

export interface AlarmMailerDeps {
  outbox: MailOutboxRepo;
  deliveries: DeliveryRepo;
  /** The per-user cap is counted in rate_events, so it holds across servers. */
  limiter: RateLimiter;
  mailer: Mailer;
  /** The console's alarm message page, for the mail's link; its host names the Message-IDs. */
  link: string;
  /** This server, as its claims name it. */
  claimer: string;
  log: FastifyBaseLogger;
}

const MINUTE = 60_000;
const PURGE_EVERY_MS = 3_600_000;

/** The Message-ID of an outbox mail: the same for every send of it (a resend after a crash). */
export const alarmMessageId = (m: Pick<OutboxMail, 'kind' | 'recordId' | 'userId'>, host: string): string =>
  `<${m.kind === 'digest' ? 'alarm-digest' : 'alarm'}-${m.recordId}-${m.userId}@${host}>`;

/**
 * Alarm mails (issue 6) from the mail outbox (issue 27): the alarm writer puts one row per user
 * who wants the mail in the transaction of the alarm's messages; every server runs this claimer,
 * which claims due rows for a lease, sends each in the user's language and marks it done with its
 * delivery log (sent, failed with the transport's error, or skipped by the per-user cap) in one
 * transaction. Woken at once by this server's 'alarm.event' / 'alarm.digest' (after the commit),
 * and every pollMs otherwise (rows of other servers, claims that ran out). At least once with an
 * idempotent Message-ID: a mail whose sender died after sending but before marking it is sent
 * again after the lease, with the same Message-ID (docs/architecture.md, "Scale-out: side effects
 * exactly once").
 */
export class AlarmMailer {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Closing gave up waiting: workers start nothing more. */
  private abandoned = false;
  /** Claimed by this server, not started yet (given back when closing). */
  private readonly waiting = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private lastPurge = 0;
  private readonly host: string;

  constructor(
    private readonly deps: AlarmMailerDeps,
    private readonly settings: AlarmMailSettings = alarmMailDefaults,
  ) {
    this.host = new URL(deps.link).hostname || 'localhost';
  }

  /**
   * Wakes on the events this server published ('origin': its rows are committed then) and polls
   * every pollMs; returns the detach. A raise collected within its rule's interval wrote no mail.
   */
  attach(bus: Bus): () => void {
    const off = [
      bus.subscribe(
        'alarm.event',
        (e) => {
          if (e.event === 'raised' && e.notified !== false) void this.wake();
        },
        'origin',
      ),
      bus.subscribe('alarm.digest', () => void this.wake(), 'origin'),
    ];
    this.timer = setInterval(() => void this.wake(), this.settings.pollMs);
    this.timer.unref();
    void this.wake(); // rows left by a server that stopped
    return () => {
      off.forEach((f) => f());
      clearInterval(this.timer);
    };
  }

  /**
   * Looks at the outbox now (or once more when a look is under way); resolves when a look that
   * started after this call found nothing due. Never throws.
   */
  wake(): Promise<void> {
    if (this.stopped) return this.running ?? Promise.resolve();
    this.again = true;
    this.running ??= this.drain();
    return this.running;
  }

  /** Resolves when every mail due at the call is done (sent, failed or skipped) or claimed by another server. */
  idle(): Promise<void> {
    return this.wake();
  }

  /**
   * Claims nothing more and waits (at most drainMs) for the mails taken; then gives back those not
   * started, so another server sends them at once. A send still hanging keeps its claim: after the
   * lease another server sends it again (same Message-ID).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const done = this.running ?? Promise.resolve();
    await Promise.race([
      done,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, this.settings.drainMs))),
    ]);
    clearTimeout(timer);
    this.abandoned = true;
    const left = [...this.waiting];
    this.waiting.clear();
    if (left.length > 0) {
      this.deps.log.warn({ released: left.length }, 'closing: alarm mails given back to the outbox');
      await this.deps.outbox
        .release(this.deps.claimer, left)
        .catch((err: unknown) => this.deps.log.error({ err }, 'alarm mails not given back'));
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.again && !this.stopped) {
        this.again = false;
        try {
          await this.pass();
        } catch (err) {
          this.deps.log.error({ err }, 'alarm mail outbox failed');
        }
      }
    } finally {
      this.running = null;
    }
  }

  /** Claims and sends batches until none is due. */
  private async pass(): Promise<void> {
    const s = this.settings;
    while (!this.stopped) {
      const batch = await this.deps.outbox.claim(this.deps.claimer, s.batchSize, s.leaseMs);
      if (batch.length === 0) break;
      batch.forEach((m) => this.waiting.add(m.id));
      const worker = async () => {
        for (let m = batch.shift(); m && !this.abandoned; m = batch.shift()) {
          if (!this.waiting.delete(m.id)) continue; // given back by stop()
          await this.mail(m).catch((err: unknown) =>
            // Left claimed: sent again after the lease.
            this.deps.log.error({ err, outboxId: m.id, recordId: m.recordId }, 'alarm mail not finished'),
          );
        }
      };
      await Promise.all(Array.from({ length: s.concurrency }, worker));
    }
    if (!this.stopped && Date.now() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      await this.deps.outbox.purge(s.keepMs);
    }
  }

  private async mail(m: OutboxMail): Promise<void> {
    const { deliveries, outbox, log } = this.deps;
    const [user] = await deliveries.recipients(m.teamId, [m.userId]);
    if (!user?.email) {
      // Left the team, disabled, or lost their address since the alarm: nobody to mail.
      await outbox.finish(m.id, { state: 'dropped', error: 'no recipient' });
      return;
    }
    const { subject, text } = this.render(m, user);
    const base = {
      teamId: m.teamId,
      userId: user.id,
      kind: 'alarm' as const,
      destination: user.email,
      subject,
      alarmRecordId: m.recordId,
    };
    const end = (outcome: OutboxOutcome) =>
      outbox.finish(m.id, outcome, (trx) =>
        deliveries.logAlarm(
          { ...base, ok: outcome.state === 'sent', error: outcome.state === 'sent' ? null : outcome.error },
          trx,
        ),
      );
    if (m.attempts > this.settings.maxAttempts) {
      await end({ state: 'failed', error: `gave up: claimed ${m.attempts - 1} times and never finished` });
      return;
    }
    if (!(await this.takeSlot(user.id))) {
      const error = `skipped: more than ${this.settings.perUserPerMinute} alarm mails a minute to this user`;
      await end({ state: 'failed', error });
      return;
    }
    let outcome: OutboxOutcome = { state: 'sent' };
    try {
      const messageId = alarmMessageId(m, this.host);
      await this.deps.mailer.sendMail({ to: user.email, subject, text, messageId });
    } catch (err) {
      outcome = { state: 'failed', error: deliveryError(err) };
      log.warn({ err, userId: user.id, recordId: m.recordId }, 'alarm mail failed');
    }
    if (!(await end(outcome))) {
      log.info({ outboxId: m.id, recordId: m.recordId }, 'alarm mail finished by another server meanwhile');
    }
  }

  private render(m: OutboxMail, user: Recipient) {
    const { digest, ...f } = m.facts;
    const facts = { ...f, link: this.deps.link };
    return digest
      ? alarmDigestMail(user.lang, { ...facts, ...digest }, user.mailLevels)
      : alarmMail(user.lang, facts, user.mailLevels);
  }

  /** Counts one mail to the user unless the last minute holds perUserPerMinute already (every server's). */
  private async takeSlot(userId: number): Promise<boolean> {
    try {
      await this.deps.limiter.consume(
        'alarm-mail',
        String(userId),
        [{ max: this.settings.perUserPerMinute, windowMs: MINUTE }],
        ErrorCode.E1036_TOO_FREQUENT,
      );
      return true;
    } catch (err) {
      if (err instanceof AppError) return false;
      throw err;
    }
  }
}
