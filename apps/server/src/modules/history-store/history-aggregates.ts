/**
 * The aggregates the history memory keeps per tag: minute rollups (the shape of a history_1m
 * row) and newest values, in the unboxed form memory folds into and the nullable form readers get.
 */

/** Aggregates of one tag over one minute (the shape of a history_1m row). */
export interface MinuteAcc {
  n: number;
  mn: number | null;
  mx: number | null;
  t0: number;
  fnum: number | null;
  ftxt: string | null;
  t1: number;
  lnum: number | null;
  ltxt: string | null;
}

/** A tag's newest value. */
export interface LastValue {
  ts: number;
  num: number | null;
  txt: string | null;
}

/** null as the internal NaN (no real value is NaN: ingest refuses non-finite numbers). */
export const NONE = Number.NaN;
export const code = (num: number | null): number => (num === null ? NONE : num);
const decode = (num: number): number | null => (Number.isNaN(num) ? null : num);

/**
 * A minute aggregate as memory keeps it. Numbers are never null here but NaN (see `toAcc`): V8
 * then keeps every field an unboxed double updated in place, so folding a value allocates
 * nothing (a nullable number field would box each new double, and such boxes, referenced from
 * these long-lived objects, survive every young-generation GC).
 */
export class MinuteAgg {
  n = 0;
  mn = NONE;
  mx = NONE;
  t0 = NONE;
  fnum = NONE;
  ftxt: string | null = null;
  t1 = NONE;
  lnum = NONE;
  ltxt: string | null = null;

  /** Adds a value (num NaN: none). */
  add(ts: number, num: number, txt: string | null): void {
    if (this.n++ === 0) {
      this.mn = this.mx = this.fnum = this.lnum = num;
      this.t0 = this.t1 = ts;
      this.ftxt = this.ltxt = txt;
      return;
    }
    if (num === num) {
      if (!(num >= this.mn)) this.mn = num; // also when mn is NaN
      if (!(num <= this.mx)) this.mx = num;
    }
    if (ts < this.t0) {
      this.t0 = ts;
      this.fnum = num;
      this.ftxt = txt;
    }
    if (ts > this.t1) {
      this.t1 = ts;
      this.lnum = num;
      this.ltxt = txt;
    }
  }

  /** Adds another aggregate of the same tag and minute. */
  merge(a: MinuteAgg): void {
    this.n += a.n;
    if (!(a.mn >= this.mn)) this.mn = Number.isNaN(a.mn) ? this.mn : a.mn;
    if (!(a.mx <= this.mx)) this.mx = Number.isNaN(a.mx) ? this.mx : a.mx;
    if (a.t0 < this.t0) {
      this.t0 = a.t0;
      this.fnum = a.fnum;
      this.ftxt = a.ftxt;
    }
    if (a.t1 > this.t1) {
      this.t1 = a.t1;
      this.lnum = a.lnum;
      this.ltxt = a.ltxt;
    }
  }

  copy(): MinuteAgg {
    const c = new MinuteAgg();
    c.add(this.t0, this.fnum, this.ftxt);
    c.merge(this);
    c.n = this.n;
    return c;
  }

  /** The aggregate with nulls (a history_1m row). */
  toAcc(): MinuteAcc {
    return {
      n: this.n,
      mn: decode(this.mn),
      mx: decode(this.mx),
      t0: this.t0,
      fnum: decode(this.fnum),
      ftxt: this.ftxt,
      t1: this.t1,
      lnum: decode(this.lnum),
      ltxt: this.ltxt,
    };
  }
}

/** A tag's newest value as memory keeps it (num NaN for null, as in `MinuteAgg`). */
export class LastAgg {
  ts = NONE;
  num = NONE;
  txt: string | null = null;

  constructor(ts: number, num: number, txt: string | null) {
    this.ts = ts;
    this.num = num;
    this.txt = txt;
  }

  value(): LastValue {
    return { ts: this.ts, num: decode(this.num), txt: this.txt };
  }
}

/** Folds `a` into `into` (both aggregates of the same tag and minute). */
export function mergeAcc(into: MinuteAcc, a: MinuteAcc): void {
  into.n += a.n;
  if (a.mn !== null && (into.mn === null || a.mn < into.mn)) into.mn = a.mn;
  if (a.mx !== null && (into.mx === null || a.mx > into.mx)) into.mx = a.mx;
  if (a.t0 < into.t0) {
    into.t0 = a.t0;
    into.fnum = a.fnum;
    into.ftxt = a.ftxt;
  }
  if (a.t1 > into.t1) {
    into.t1 = a.t1;
    into.lnum = a.lnum;
    into.ltxt = a.ltxt;
  }
}
