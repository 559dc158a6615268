import { fillText, GIB, maskCardNumber, messageTexts, Perm, resolveLocale } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  BillingEventKind,
  BillingEventsRepo,
  ExpiringCard,
  TrafficCard,
} from './billing-events.repo.ts';

const DAY_MS = 86_400_000;
/** An expiry announced later than this after it happened is not announced (a server down for long). */
const EXPIRED_NOTICE_MS = 30 * DAY_MS;

/** Where billing messages are written (the messages module's MessageService). */
export interface BillingMessages {
  billing(
    teamId: number,
    messages: readonly { userId: number; title: string; body: string }[],
    db?: Transaction<Database>,
  ): Promise<void>;
  changed(teamId: number, userIds: number[]): void;
}

/** The event a card is due for at `now`: only the latest (a card 5 days from expiry gets no 30-day notice). */
export function dueEvent(expiresAt: number, now: number): BillingEventKind | undefined {
  if (now >= expiresAt) return now - expiresAt < EXPIRED_NOTICE_MS ? 'expired' : undefined;
  if (now >= expiresAt - 7 * DAY_MS) return 'expiring7';
  if (now >= expiresAt - 30 * DAY_MS) return 'expiring30';
  return undefined;
}

/** An RA card's traffic event at its usage: 100 % used up, 80 % reached (only the latest). */
export function dueTrafficEvent(usedBytes: number, gigabytes: number): BillingEventKind | undefined {
  const quota = gigabytes * GIB;
  if (quota <= 0) return undefined;
  if (usedBytes >= quota) return 'traffic100';
  if (usedBytes * 5 >= quota * 4) return 'traffic80';
  return undefined;
}

/** A message text in the reader's language. */
type TextOf = (lang: string) => { title: string; body: string };

/**
 * The billing messages job (docs/api.md, Billing, Billing messages): every `intervalMs` (an
 * unref'd timer, started with the app and stopped with it) it finds the activated CA and RA
 * cards due for an event (expiring in 30 days, in 7 days, expired) and the active RA cards whose
 * charged traffic reached 80 % or 100 % of their gigabytes, and announces each once, to
 * the team's main account and the members holding msgBilling view (23), each in their language.
 * Once also across servers sharing the database: the event's key goes into billing_events
 * (unique card_id, event; insert or ignore) in the transaction that writes the messages, and
 * only the transaction whose row went in writes them. A failed run is logged; the next retries.
 */
export class BillingNotifier {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: BillingEventsRepo,
    private readonly messages: BillingMessages,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = 10 * 60_000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass (the timer's, or a test's): how many events this server announced. */
  run(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async tick(): Promise<void> {
    try {
      await this.run();
    } catch (err) {
      this.log.error({ err }, 'billing messages job failed');
    }
  }

  private async pass(): Promise<number> {
    const now = this.now();
    const due: { card: { id: number; team_id: number }; event: BillingEventKind; textOf: TextOf }[] = [];
    for (const card of await this.events.expiringBetween(now - EXPIRED_NOTICE_MS, now + 30 * DAY_MS + 1)) {
      const event = dueEvent(card.expires_at, now);
      if (event !== undefined && !card.announced.has(event))
        due.push({ card, event, textOf: (lang) => expiryTexts(lang, card, event, now) });
    }
    for (const card of await this.events.trafficDue(now)) {
      const event = dueTrafficEvent(card.used_bytes, card.gigabytes);
      if (event !== undefined && !card.announced.has(event))
        due.push({ card, event, textOf: (lang) => trafficTexts(lang, card, event) });
    }
    let announced = 0;
    for (const { card, event, textOf } of due) {
      try {
        if (await this.announce(card, event, textOf, now)) announced++;
      } catch (err) {
        // SQLite: another server holds the write lock (it is announcing); the next pass sees
        // its row. Anything else: logged, and the other cards go on.
        if ((err as { code?: unknown }).code === 'SQLITE_BUSY') continue;
        this.log.error({ err, cardId: card.id, event }, 'billing message failed');
      }
    }
    return announced;
  }

  private async announce(
    card: { id: number; team_id: number },
    event: BillingEventKind,
    textOf: TextOf,
    now: number,
  ): Promise<boolean> {
    const userIds = await this.db.transaction().execute(async (trx) => {
      if (!(await this.events.claim({ card_id: card.id, event, team_id: card.team_id }, now, trx)))
        return null;
      const readers = await this.events.readers(card.team_id, Perm.MsgBillingView, trx);
      await this.messages.billing(
        card.team_id,
        readers.map((r) => ({ userId: r.id, ...textOf(r.lang) })),
        trx,
      );
      return readers.map((r) => r.id);
    });
    if (userIds === null) return false;
    this.messages.changed(card.team_id, userIds);
    return true;
  }
}

function expiryTexts(lang: string, card: ExpiringCard, event: BillingEventKind, now: number) {
  const t = messageTexts[resolveLocale(lang)].billing;
  const params = {
    cardType: t.cardType[card.type],
    card: maskCardNumber(card.number),
    date: new Date(card.expires_at).toISOString().slice(0, 10),
    days: String(Math.max(0, Math.ceil((card.expires_at - now) / DAY_MS))),
  };
  return { title: fillText(t[event].title, params), body: fillText(t[event].body, params) };
}

function trafficTexts(lang: string, card: TrafficCard, event: BillingEventKind) {
  const t = messageTexts[resolveLocale(lang)].billing;
  const params = {
    cardType: t.cardType.ra,
    card: maskCardNumber(card.number),
    device: card.device,
    used: (Math.floor((card.used_bytes / GIB) * 100) / 100).toFixed(2),
    gigabytes: String(card.gigabytes),
  };
  return { title: fillText(t[event].title, params), body: fillText(t[event].body, params) };
}
