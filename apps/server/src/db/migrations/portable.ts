import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Column helpers so each migration is written once for SQLite and PostgreSQL: ids are
 * `integer primary key autoincrement` on SQLite and identity columns on PostgreSQL;
 * timestamps are bigint milliseconds; booleans are integers 0/1; JSON is text.
 */
export const isPostgres = (db: Kysely<unknown>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
