import type { FastifyBaseLogger } from 'fastify';
import { alarmDigestMail, alarmMail } from '../../mail/notify-mail-texts.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { AlarmDigestEvent, AlarmEvent } from '../alarm/index.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { deliveryError, type DeliveryRepo, type Recipient } from './delivery.repo.ts';

export interface AlarmMailSettings {
  /** Alarm mails to one user in any minute; beyond, each is logged as skipped (an alarm storm cannot flood a mailbox). */
  perUserPerMinute: number;
  /** Raised events waiting to be mailed at most; beyond, new ones are dropped with a warning in the log. */
  maxQueue: number;
  /** Events mailed at the same time. */
  concurrency: number;
  /** How long closing waits for the mails in progress. */
  drainMs: number;
}

export const alarmMailDefaults: AlarmMailSettings = {
  perUserPerMinute: 10,
  maxQueue: 10_000,
  concurrency: 2,
  drainMs: 10_000,
};

const MINUTE = 60_000;

/**
 * Alarm mails (issue 6): for every 'raised' alarm event, one mail to each named user of the
 * event's team who is active, has an email and has the record's level in their mail levels, in
 * their language. Runs off the bus handler (a queue worked by `concurrency` workers), so the
 * engine never waits for a mail server. Exactly once per raise: a mail for (user, record) is
 * tried only when the delivery log has none yet, and every attempt is logged with its result:
 * sent, failed (the transport's error) or skipped (the per-user cap).
 */
export class AlarmMailer {
  private readonly queue: (AlarmEvent | AlarmDigestEvent)[] = [];
  private active = 0;
  private readonly inFlight = new Set<string>();
  /** Send times of the last minute, per user. */
  private readonly recent = new Map<number, number[]>();
  private waiters: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly repo: DeliveryRepo,
    private readonly mailer: Mailer,
    /** The console's alarm message page, for the mail's link. */
    private readonly link: string,
    private readonly log: FastifyBaseLogger,
    private readonly settings: AlarmMailSettings = alarmMailDefaults,
  ) {}

  /**
   * Subscribes to 'alarm.event' (raises that notified; those collected within their rule's
   * interval are not mailed) and 'alarm.digest' (one digest mail of the collected ones); returns
   * the unsubscribe. Only the events this server published ('origin'): the server whose alarm
   * engine raised them (it owns the device) mails them, and no other.
   */
  attach(bus: Bus): () => void {
    const off = [
      bus.subscribe(
        'alarm.event',
        (e) => {
          if (e.event === 'raised' && e.notified !== false) this.enqueue(e);
        },
        'origin',
      ),
      bus.subscribe('alarm.digest', (e) => this.enqueue(e), 'origin'),
    ];
    return () => off.forEach((f) => f());
  }

  /** Takes a raised event (or a digest) for mailing later; never throws, never waits. */
  enqueue(e: AlarmEvent | AlarmDigestEvent): void {
    if (this.stopped) return;
    if (this.queue.length >= this.settings.maxQueue) {
      this.log.warn(
        { recordId: e.record.id, queued: this.queue.length },
        'alarm mail queue full: event dropped',
      );
      return;
    }
    this.queue.push(e);
    this.pump();
  }

  /** Resolves when nothing is queued or being mailed. */
  idle(): Promise<void> {
    if (this.active === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Takes no new events and waits (at most drainMs) for those already taken; then drops what
   * still waits (logged), so nothing starts after the database closes.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.idle(),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, this.settings.drainMs))),
    ]);
    clearTimeout(timer);
    if (this.queue.length > 0) {
      this.log.warn({ dropped: this.queue.length }, 'closing: alarm mails not sent');
      this.queue.length = 0;
    }
  }

  private pump(): void {
    while (this.active < this.settings.concurrency && this.queue.length > 0) {
      const e = this.queue.shift()!;
      this.active++;
      void this.mailEvent(e)
        .catch((err: unknown) => this.log.error({ err, recordId: e.record.id }, 'alarm mails failed'))
        .finally(() => {
          this.active--;
          this.pump();
          if (this.active === 0 && this.queue.length === 0) this.waiters.splice(0).forEach((w) => w());
        });
    }
  }

  private async mailEvent(e: AlarmEvent | AlarmDigestEvent): Promise<void> {
    for (const user of await this.repo.recipients(e.teamId, e.userIds)) {
      if (!user.email || (user.mailLevels & e.record.level) === 0) continue;
      const key = `${user.id}:${e.record.id}`;
      if (this.inFlight.has(key)) continue;
      this.inFlight.add(key);
      try {
        await this.mailUser(e, user, user.email);
      } catch (err) {
        this.log.error({ err, userId: user.id, recordId: e.record.id }, 'alarm mail not logged');
      } finally {
        this.inFlight.delete(key);
      }
    }
  }

  /** Exactly once per (user, record): a digest names its newest record, which no raise mailed. */
  private async mailUser(e: AlarmEvent | AlarmDigestEvent, user: Recipient, to: string): Promise<void> {
    if (await this.repo.alarmTried(user.id, e.record.id)) return;
    const r = e.record;
    const facts = {
      level: r.level,
      device: r.device_name,
      rule: r.rule_name,
      tag: r.tag_name,
      content: r.content,
      value: r.value,
      raisedAt: r.raised_at,
      link: this.link,
    };
    const { subject, text } =
      'count' in e
        ? alarmDigestMail(user.lang, { ...facts, ...e }, user.mailLevels)
        : alarmMail(user.lang, facts, user.mailLevels);
    const base = {
      teamId: e.teamId,
      userId: user.id,
      kind: 'alarm' as const,
      destination: to,
      subject,
      alarmRecordId: r.id,
    };
    if (!this.takeSlot(user.id)) {
      const error = `skipped: more than ${this.settings.perUserPerMinute} alarm mails a minute to this user`;
      await this.repo.insert({ ...base, ok: false, error });
      return;
    }
    let error: string | null = null;
    try {
      await this.mailer.sendMail({ to, subject, text });
    } catch (err) {
      error = deliveryError(err);
      this.log.warn({ err, userId: user.id, recordId: r.id }, 'alarm mail failed');
    }
    await this.repo.insert({ ...base, ok: error === null, error });
  }

  /** Counts one mail to the user unless the last minute holds perUserPerMinute already. */
  private takeSlot(userId: number, now = Date.now()): boolean {
    const times = (this.recent.get(userId) ?? []).filter((t) => t > now - MINUTE);
    const allowed = times.length < this.settings.perUserPerMinute;
    if (allowed) times.push(now);
    if (times.length > 0) this.recent.set(userId, times);
    else this.recent.delete(userId);
    return allowed;
  }
}
