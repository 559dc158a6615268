/** A metric as a birth declared it: what later data and commands refer to by alias or name. */
export interface BirthMetric {
  name: string;
  /** uint64 alias as decimal text. */
  alias?: string;
  datatype: number;
  unit?: string;
  readOnly?: boolean;
}

/** The metrics of one birth (the node's or a device's), by alias and by name. */
export class BirthScope {
  readonly byAlias = new Map<string, BirthMetric>();
  readonly byName = new Map<string, BirthMetric>();

  /**
   * The declared type of a data metric (DATA and CMD metrics usually omit theirs, and a negative
   * integer cannot be decoded without it): made once per birth, not per message.
   */
  readonly typeOf = (alias: string | undefined, name: string | undefined): number | undefined =>
    (alias !== undefined ? this.byAlias.get(alias) : name === undefined ? undefined : this.byName.get(name))
      ?.datatype;

  constructor(readonly metrics: readonly BirthMetric[]) {
    for (const m of metrics) {
      this.byName.set(m.name, m);
      if (m.alias !== undefined) this.byAlias.set(m.alias, m);
    }
  }

  /** The metric a data or command metric names: by alias when it has one, else by name. */
  resolve(metric: { name?: string; alias?: string }): BirthMetric | undefined {
    if (metric.alias !== undefined) return this.byAlias.get(metric.alias);
    return metric.name === undefined ? undefined : this.byName.get(metric.name);
  }
}

/**
 * What the host knows of one edge node's session (Sparkplug B 3.0, host application rules):
 * the bdSeq of its NBIRTH, the sequence number expected next (0-255, wrapping), and the
 * metrics of the node's and each device's birth. Pure state, no I/O: the host decides what to
 * do with a gap or an unknown alias (a Rebirth request), see sparkplug-host.ts.
 */
export class NodeSession {
  /** bdSeq of the NBIRTH this session started with (decimal text); undefined: no birth known. */
  bdSeq: string | undefined;
  private expected: number | undefined;
  readonly scopes = new Map<string, BirthScope>();
  /** Device id ('' for the node) -> its SN, for the devices born in this session. */
  readonly sns = new Map<string, string>();
  private lastRebirth = Number.NEGATIVE_INFINITY;

  get born(): boolean {
    return this.bdSeq !== undefined;
  }

  /** NBIRTH: a new session; every device must be born again within it. */
  nodeBirth(bdSeq: string, seq: number | undefined, metrics: readonly BirthMetric[]): void {
    this.bdSeq = bdSeq;
    this.expected = ((seq ?? 0) + 1) % 256;
    this.lastRebirth = Number.NEGATIVE_INFINITY; // the rebirth asked for came: ask again when needed
    this.scopes.clear();
    this.sns.clear();
    this.scopes.set('', new BirthScope(metrics));
  }

  /** DBIRTH of a device within the session. */
  deviceBirth(deviceId: string, metrics: readonly BirthMetric[]): void {
    this.scopes.set(deviceId, new BirthScope(metrics));
  }

  deviceDeath(deviceId: string): void {
    this.scopes.delete(deviceId);
    this.sns.delete(deviceId);
  }

  /**
   * Checks the sequence number of a message after the NBIRTH and moves it on: false on a gap
   * (a message lost or out of order) or a missing number. The next expected number follows the
   * message either way, so that one gap asks for one rebirth.
   */
  sequence(seq: number | undefined): boolean {
    if (seq === undefined || !Number.isInteger(seq) || seq < 0 || seq > 255) return false;
    const ok = this.expected === undefined || seq === this.expected;
    this.expected = (seq + 1) % 256;
    return ok;
  }

  /**
   * An NDEATH with this bdSeq ends the session unless it is stale: a death whose bdSeq is not
   * the current birth's belongs to an earlier connection and must not take the live node down.
   * With no birth known (after the host restarted) the death is taken.
   */
  isStaleDeath(bdSeq: string | undefined): boolean {
    return this.bdSeq !== undefined && bdSeq !== this.bdSeq;
  }

  death(): void {
    this.bdSeq = undefined;
    this.expected = undefined;
    this.scopes.clear();
    this.sns.clear();
    this.lastRebirth = Number.NEGATIVE_INFINITY;
  }

  /** True (and recorded) when a Rebirth request may go out now: at most one per `minGapMs`. */
  rebirthDue(now: number, minGapMs: number): boolean {
    if (now - this.lastRebirth < minGapMs) return false;
    this.lastRebirth = now;
    return true;
  }
}
