import type { Engine } from '../../db/create-database.ts';

/**
 * Text of the ingest pipeline's multi-row statements, built once per engine, statement and row
 * count (placeholders `?` on SQLite, `$n` on PostgreSQL).
 */
export class SqlText {
  private readonly cache = new Map<string, string>();

  constructor(readonly engine: Engine) {}

  /** `(?,?),(?,?)...`: `rows` tuples of `columns` placeholders. */
  values(rows: number, columns: number): string {
    const out: string[] = [];
    let p = 0;
    for (let r = 0; r < rows; r++) {
      const cells: string[] = [];
      for (let c = 0; c < columns; c++) cells.push(this.engine === 'postgres' ? `$${++p}` : '?');
      out.push(`(${cells.join(',')})`);
    }
    return out.join(',');
  }

  /** The text under `key`, built on first use. */
  cached(key: string, build: () => string): string {
    let text = this.cache.get(key);
    if (text === undefined) {
      text = build();
      if (this.cache.size > 2000) this.cache.clear();
      this.cache.set(key, text);
    }
    return text;
  }
}
