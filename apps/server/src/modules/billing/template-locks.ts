import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Bus } from '../../plugins/bus.ts';
import './billing.events.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A template as the lock rule sees it. */
export interface TemplateCreation {
  id: number;
  created_at: number;
}

/** The team's templates (the template module's TemplateService). */
export interface TemplateCreations {
  creationsOf(teamId: number, db?: Db): Promise<TemplateCreation[]>;
}

/** The team's template allowance now (BillingAccountService.templateMax). */
export interface TemplateAllowance {
  templateMax(teamId: number, db?: Db): Promise<number>;
}

/**
 * The lock rule (docs/api.md, Billing, Locks): with an allowance of A templates, the A most
 * recently created templates (created_at, then id) are usable and the older ones are locked.
 * As the allowance grows again, the most recently created of the locked ones is the next to be
 * usable: SPEC's "restored starting with the most recently created". Pure: nothing is stored.
 */
export function lockedTemplates(allowance: number, templates: readonly TemplateCreation[]): Set<number> {
  if (templates.length <= allowance) return new Set();
  const newestFirst = [...templates].sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  return new Set(newestFirst.slice(Math.max(0, allowance)).map((t) => t.id));
}

const EMPTY: ReadonlySet<number> = new Set();

/**
 * Template locks, computed when read from the team's cards (the allowance at the billing clock's
 * now) and templates: a card expiring needs no job to lock, a card activated none to restore.
 * `lockedOf` reads the database (API checks); `cachedLockedOf` serves ingest from a per-team
 * cache of `ttlMs`, dropped on 'billing.changed'.
 */
export class TemplateLockService {
  private readonly cache = new Map<number, { locked: ReadonlySet<number>; at: number }>();

  constructor(
    private readonly allowance: TemplateAllowance,
    /** The team's templates (a read of the template catalogue, not its service: that one asks the locks here). */
    private readonly templates: TemplateCreations,
    private readonly bus: Bus,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = 30_000,
  ) {
    bus.subscribe('billing.changed', (e) => this.cache.delete(e.teamId));
  }

  async lockedOf(teamId: number, db?: Db): Promise<ReadonlySet<number>> {
    const [allowance, templates] = await Promise.all([
      this.allowance.templateMax(teamId, db),
      this.templates.creationsOf(teamId, db),
    ]);
    const locked = lockedTemplates(allowance, templates);
    return locked.size === 0 ? EMPTY : locked;
  }

  async isLocked(teamId: number, templateId: number, db?: Db): Promise<boolean> {
    return (await this.lockedOf(teamId, db)).has(templateId);
  }

  /** `lockedOf` from the cache when fresh (ingest: at most one computation per team and TTL). */
  async cachedLockedOf(teamId: number): Promise<ReadonlySet<number>> {
    const hit = this.cache.get(teamId);
    const now = this.now();
    if (hit && now - hit.at < this.ttlMs) return hit.locked;
    const locked = await this.lockedOf(teamId);
    this.cache.set(teamId, { locked, at: now });
    return locked;
  }

  /** The team's quotas changed (after the commit of what changed them). */
  changed(teamId: number, deviceIds?: number[]): void {
    this.bus.publish('billing.changed', deviceIds ? { teamId, deviceIds } : { teamId });
  }
}
