import { CARD_ALPHABET, tagLevelOf, type CardKind } from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { CardRepo, type NewCard } from './card.repo.ts';
import { cardNumber, cardPassword, cardPasswordHash } from './card-secrets.ts';

/** What an operator asks for: one batch of cards of one type and quota. */
export interface CardBatchOrder {
  type: CardKind;
  count: number;
  batch: string;
  /** CA: templates, TAGs and their level; RA: gigabytes. */
  templates?: number;
  tags?: number;
  level?: number;
  gigabytes?: number;
  /** Cards activate before the end of this day (UTC), YYYY-MM-DD. */
  deadline: string;
}

/** One issued card in clear (what goes to the printer, once). */
export interface IssuedCard {
  number: string;
  password: string;
}

export const MAX_CARDS_PER_BATCH = 100_000;

/** The order's problems, as the CLI prints them (empty: valid); `now` judges the deadline. */
export function orderProblems(o: CardBatchOrder, now: number = Date.now()): string[] {
  const p: string[] = [];
  const count = (v: number | undefined, name: string, min: number) => {
    if (v === undefined || !Number.isInteger(v) || v < min) p.push(`--${name} must be an integer >= ${min}`);
  };
  if (o.type !== 'ca' && o.type !== 'ra') p.push('--type must be ca or ra');
  if (!Number.isInteger(o.count) || o.count < 1 || o.count > MAX_CARDS_PER_BATCH)
    p.push(`--count must be 1..${MAX_CARDS_PER_BATCH}`);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(o.batch)) p.push('--batch: 1-64 letters, digits, _ or -');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(o.deadline) || Number.isNaN(Date.parse(`${o.deadline}T00:00:00Z`)))
    p.push('--deadline must be YYYY-MM-DD');
  else if (deadlineEnd(o.deadline) <= now) {
    // A batch whose deadline has passed could never be activated (1044 / 1051 for every card).
    const today = new Date(now).toISOString().slice(0, 10);
    p.push(`--deadline ${o.deadline} is in the past (today is ${today} UTC): give today or a later date`);
  }
  if (o.type === 'ca') {
    count(o.templates ?? 0, 'templates', 0);
    count(o.tags ?? 0, 'tags', 0);
    if (o.tags && !tagLevelOf(o.level ?? 0)) p.push('--level must be a TAG level (1-5) when --tags > 0');
    if (!o.templates && !o.tags) p.push('a CA card needs --templates or --tags');
  }
  if (o.type === 'ra') count(o.gigabytes, 'gigabytes', 1);
  return p;
}

/** The end of the deadline day, UTC (ms, exclusive). */
export const deadlineEnd = (deadline: string): number => Date.parse(`${deadline}T00:00:00Z`) + 86_400_000;

/** The batch prefix: the type's letter (C, R) and the batch's sequence in 3 symbols. */
export function batchPrefix(type: CardKind, sequence: number): string {
  const n = CARD_ALPHABET.length;
  const s = sequence % n ** 3;
  const digits = [Math.floor(s / n ** 2), Math.floor(s / n) % n, s % n].map((d) => CARD_ALPHABET[d]);
  return `${type === 'ca' ? 'C' : 'R'}${digits.join('')}`;
}

/**
 * Issues a batch: numbers whose tails are unique (against the database and each other; the
 * unique index holds the rest), random passwords stored only as keyed hashes. Returns the cards
 * in clear, once: the caller writes them for the printer and keeps nothing.
 */
export async function issueCards(
  db: Kysely<Database>,
  pepper: Uint8Array,
  order: CardBatchOrder,
  now = Date.now(),
): Promise<IssuedCard[]> {
  const problems = orderProblems(order, now);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const repo = new CardRepo(db);
  if (await repo.batchNameTaken(order.batch)) throw new Error(`batch ${order.batch} exists already`);
  const sequence = Number(
    (
      await db
        .selectFrom('card_batches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const prefix = batchPrefix(order.type, sequence + 1);
  const issued = new Map<string, IssuedCard>();
  while (issued.size < order.count) {
    const wanted = order.count - issued.size;
    const fresh = Array.from({ length: wanted }, () => ({
      number: cardNumber(prefix),
      password: cardPassword(),
    }));
    const taken = await repo.existingTails(fresh.map((c) => c.number.slice(-8)));
    for (const c of fresh) {
      const tail = c.number.slice(-8);
      if (!taken.has(tail) && !issued.has(tail)) issued.set(tail, c);
    }
  }
  const rows: NewCard[] = [...issued].map(([tail, c]) => ({
    number: c.number,
    tail,
    password_hash: cardPasswordHash(pepper, tail, c.password),
  }));
  await db.transaction().execute((trx) =>
    repo.insertBatch(
      {
        name: order.batch,
        type: order.type,
        prefix,
        templates: order.type === 'ca' ? (order.templates ?? 0) : 0,
        tags: order.type === 'ca' ? (order.tags ?? 0) : 0,
        level: order.type === 'ca' && order.tags ? (order.level ?? null) : null,
        gigabytes: order.type === 'ra' ? (order.gigabytes ?? 0) : 0,
        activate_before: deadlineEnd(order.deadline),
        card_count: rows.length,
        created_at: now,
      },
      rows,
      trx,
    ),
  );
  return [...issued.values()];
}

/** The printer's CSV: number,password,type,templates,tags,level,gigabytes,deadline. */
export function cardsCsv(order: CardBatchOrder, cards: readonly IssuedCard[]): string {
  const quota = [
    order.type === 'ca' ? (order.templates ?? 0) : 0,
    order.type === 'ca' ? (order.tags ?? 0) : 0,
    order.type === 'ca' && order.tags ? (order.level ?? '') : '',
    order.type === 'ra' ? (order.gigabytes ?? 0) : 0,
  ].join(',');
  const lines = cards.map((c) => `${c.number},${c.password},${order.type},${quota},${order.deadline}`);
  return ['number,password,type,templates,tags,level,gigabytes,deadline', ...lines].join('\n') + '\n';
}
