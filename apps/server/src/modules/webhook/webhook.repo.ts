import type { WebhookEventType } from '@hmi/domain';
import { PostgresAdapter, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/tables/webhooks.ts';
import type { WebhookEvent } from './webhook-event.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  row: DeliveryRow;
  event: WebhookEvent;
  endpoint: EndpointRow;
}

/** The answer to one attempt. */
export interface AttemptResult {
  ok: boolean;
  /** false: nothing was sent (the endpoint is paused or disabled). */
  sent?: false;
  status: number | null;
  latencyMs: number | null;
  excerpt: string | null;
  error: string | null;
}

/** How an attempt's delivery continues: done, tried again at `retryAt`, or given up. */
export type AttemptNext = { kind: 'delivered' } | { kind: 'retry'; at: number } | { kind: 'failed' };

export const endpointEvents = (r: Pick<EndpointRow, 'events'>): WebhookEventType[] =>
  JSON.parse(r.events) as WebhookEventType[];

/**
 * SQL of webhooks (migration 0025): a team's endpoints, and the deliveries' outbox, claimed for a
 * lease like the mail outbox (on PostgreSQL `for update skip locked` in a transaction, so several
 * servers take disjoint rows; on SQLite one `update ... returning`).
 */
export class WebhookRepo {
  private readonly postgres: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  list(teamId: number): Promise<EndpointRow[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('team_id', '=', teamId)
      .orderBy('id')
      .execute();
  }

  /** The team's endpoint (undefined: none, or another team's). */
  endpoint(teamId: number, id: number): Promise<EndpointRow | undefined> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
  }

  async count(teamId: number): Promise<number> {
    const r = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async insert(row: Insertable<WebhookEndpointsTable>): Promise<EndpointRow> {
    return this.db.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(
    teamId: number,
    id: number,
    set: Updateable<WebhookEndpointsTable>,
  ): Promise<EndpointRow | undefined> {
    return this.db
      .updateTable('webhook_endpoints')
      .set(set)
      .where('id', '=', id)
      .where('team_id', '=', teamId)
      .returningAll()
      .executeTakeFirst();
  }

  async remove(teamId: number, id: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('webhook_endpoints')
      .where('id', '=', id)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * Enqueues the event for each endpoint of its team that takes it (enabled, not paused, the type
   * among its events; a test event: only `onlyEndpoint`). An event already enqueued for an
   * endpoint (same id) is not added again. Returns the rows added.
   */
  async enqueue(event: WebhookEvent, onlyEndpoint?: number): Promise<DeliveryRow[]> {
    const endpoints = (await this.list(event.team_id)).filter((e) =>
      onlyEndpoint !== undefined
        ? e.id === onlyEndpoint
        : e.enabled === 1 &&
          e.paused_at === null &&
          endpointEvents(e).includes(event.type as WebhookEventType),
    );
    if (endpoints.length === 0) return [];
    const now = this.now();
    const payload = JSON.stringify(event);
    return this.db
      .insertInto('webhook_deliveries')
      .values(
        endpoints.map((e) => ({
          team_id: event.team_id,
          endpoint_id: e.id,
          event_id: event.id,
          event_type: event.type,
          payload,
          state: 'pending' as const,
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
      .returningAll()
      .execute();
  }

  /**
   * Due deliveries (waiting and due, or claimed by a server whose lease ran out), claimed for
   * `leaseMs`; each claim counts an attempt (a claimer that died mid-attempt used one).
   */
  async claim(claimer: string, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const now = this.now();
    const set = { state: 'claimed' as const, claimed_by: claimer, claimed_until: now + leaseMs };
    const due = (db: Kysely<Database>) =>
      db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('state', '=', 'claimed'), eb('claimed_until', '<=', now)]),
          ]),
        )
        .orderBy('id')
        .limit(limit);
    let rows: DeliveryRow[];
    if (!this.postgres) {
      rows = await this.db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ ...set, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', due(this.db))
        .returningAll()
        .execute();
    } else {
      rows = await this.db.transaction().execute(async (trx) => {
        const ids = (await due(trx).forUpdate().skipLocked().execute()).map((r) => r.id);
        if (ids.length === 0) return [];
        return trx
          .updateTable('webhook_deliveries')
          .set((eb) => ({ ...set, attempts: eb('attempts', '+', 1) }))
          .where('id', 'in', ids)
          .returningAll()
          .execute();
      });
    }
    if (rows.length === 0) return [];
    const endpoints = new Map(
      (
        await this.db
          .selectFrom('webhook_endpoints')
          .selectAll()
          .where('id', 'in', [...new Set(rows.map((r) => r.endpoint_id))])
          .execute()
      ).map((e) => [e.id, e]),
    );
    return rows
      .sort((a, b) => a.id - b.id)
      .flatMap((row) => {
        const endpoint = endpoints.get(row.endpoint_id);
        return endpoint ? [{ row, endpoint, event: JSON.parse(row.payload) as WebhookEvent }] : [];
      });
  }

  /**
   * Records an attempt of a claimed delivery and what follows, only while it is still this
   * claim (a claimer whose lease ran out meanwhile records nothing). Returns whether it recorded.
   */
  async attempted(
    d: DeliveryRow,
    claimer: string,
    result: AttemptResult,
    next: AttemptNext,
  ): Promise<boolean> {
    const now = this.now();
    const r = await this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        state: next.kind === 'retry' ? ('pending' as const) : next.kind,
        // Not sent at all (its endpoint paused or disabled): the claim counted no attempt.
        ...(result.sent === false ? { attempts: eb('attempts', '-', 1) } : {}),
        next_attempt_at: next.kind === 'retry' ? next.at : null,
        claimed_by: null,
        claimed_until: null,
        last_attempt_at: now,
        finished_at: next.kind === 'retry' ? null : now,
        status: result.status,
        latency_ms: result.latencyMs,
        excerpt: result.excerpt,
        error: result.error?.slice(0, 500) ?? null,
      }))
      .where('id', '=', d.id)
      .where('state', '=', 'claimed')
      .where('claimed_by', '=', claimer)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** A delivered attempt: the endpoint's failures in a row start again. */
  async endpointSucceeded(endpointId: number): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set({ consecutive_failures: 0, failing_since: null })
      .where('id', '=', endpointId)
      .execute();
  }

  /** A failed attempt: counted; returns the endpoint as it is now (undefined: deleted meanwhile). */
  async endpointFailed(endpointId: number): Promise<EndpointRow | undefined> {
    const now = this.now();
    return this.db
      .updateTable('webhook_endpoints')
      .set((eb) => ({
        consecutive_failures: eb('consecutive_failures', '+', 1),
        failing_since: eb.fn.coalesce('failing_since', eb.val(now)),
      }))
      .where('id', '=', endpointId)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Pauses an endpoint that is not paused yet, and gives up its waiting deliveries. Returns
   * whether this call paused it (several servers may see the last failure: one tells the owner).
   */
  async pause(endpointId: number): Promise<boolean> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('webhook_endpoints')
        .set({ paused_at: now, updated_at: now })
        .where('id', '=', endpointId)
        .where('paused_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('webhook_deliveries')
        .set({ state: 'failed', finished_at: now, next_attempt_at: null, error: 'endpoint paused' })
        .where('endpoint_id', '=', endpointId)
        .where('state', '=', 'pending')
        .execute();
      return true;
    });
  }

  /** Gives claimed deliveries back at once (a server closing before it tried them). */
  async release(claimer: string, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        state: 'pending',
        claimed_by: null,
        claimed_until: null,
        attempts: eb('attempts', '-', 1),
      }))
      .where('id', 'in', [...ids])
      .where('state', '=', 'claimed')
      .where('claimed_by', '=', claimer)
      .execute();
  }

  /** A page of an endpoint's deliveries, newest first. */
  async page(
    endpointId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: DeliveryRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Who is told when an endpoint is paused: its creator while active in the team, else the main account. */
  async owner(endpoint: EndpointRow): Promise<{ id: number; lang: string } | undefined> {
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'lang', 'is_main'])
      .where('team_id', '=', endpoint.team_id)
      .where('status', '=', 'active')
      .where((eb) =>
        endpoint.created_by === null
          ? eb('is_main', '=', 1)
          : eb.or([eb('id', '=', endpoint.created_by), eb('is_main', '=', 1)]),
      )
      .execute();
    const pick = rows.find((u) => u.id === endpoint.created_by) ?? rows.find((u) => u.is_main === 1);
    return pick ? { id: pick.id, lang: pick.lang } : undefined;
  }

  /** Deliveries not finished yet, every server's: waiting (first try or a retry), and claimed by a sender. */
  async backlog(): Promise<{ pending: number; claimed: number }> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .select(['state', (eb) => eb.fn.countAll().as('n')])
      .where('state', 'in', ['pending', 'claimed'])
      .groupBy('state')
      .execute();
    const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
    return { pending: count('pending'), claimed: count('claimed') };
  }

  /** Deletes finished deliveries older than `ageMs`. */
  async purge(ageMs: number): Promise<number> {
    const r = await this.db
      .deleteFrom('webhook_deliveries')
      .where('state', 'in', ['delivered', 'failed'])
      .where('finished_at', '<', this.now() - ageMs)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
