import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.ts';

/**
 * PostgreSQL only (the PostgreSQL pass of CI sets DATABASE_URL): the introspector the migrator
 * asks must see its own schema exactly as Kysely's does, and nothing of any other schema.
 */
const url = process.env.DATABASE_URL;
const mine = `test_${randomBytes(6).toString('hex')}`;
const other = `test_${randomBytes(6).toString('hex')}`;

describe.skipIf(!url)('CurrentSchemaIntrospector', () => {
  let scoped: Kysely<unknown>;
  let kysely: Kysely<unknown>;
  const pools: pg.Pool[] = [];
  const pool = (schema: string) => {
    const p = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
    pools.push(p);
    return p;
  };

  beforeAll(async () => {
    scoped = new Kysely({ dialect: new CurrentSchemaPostgresDialect({ pool: pool(mine) }) });
    kysely = new Kysely({ dialect: new PostgresDialect({ pool: pool(mine) }) });
    for (const schema of [mine, other]) await sql`create schema ${sql.id(schema)}`.execute(scoped);
    await sql`
      create table ${sql.id(mine, 'machine')} (
        id serial primary key,
        name text not null,
        note varchar(40),
        started bigint default 0
      )`.execute(scoped);
    await sql`comment on column ${sql.id(mine, 'machine', 'note')} is 'free text'`.execute(scoped);
    await sql`create view ${sql.id(mine, 'machine_names')} as select name from ${sql.id(mine, 'machine')}`.execute(
      scoped,
    );
    await sql`create table ${sql.id(mine, 'kysely_migration')} (name text primary key)`.execute(scoped);
    await sql`create table ${sql.id(other, 'elsewhere')} (id int)`.execute(scoped);
  });

  afterAll(async () => {
    for (const schema of [mine, other])
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(scoped);
    await scoped.destroy();
    await kysely.destroy();
  });

  it("lists the search_path schema's tables, views and columns as Kysely's own introspector does", async () => {
    for (const internal of [false, true]) {
      const options = { withInternalKyselyTables: internal };
      const expected = (await kysely.introspection.getTables(options)).filter((t) => t.schema === mine);
      const got = await scoped.introspection.getTables(options);
      expect(got).toEqual(expected);
      expect(got.map((t) => t.name)).toEqual(
        internal ? ['kysely_migration', 'machine', 'machine_names'] : ['machine', 'machine_names'],
      );
    }
  });

  it('reads no other schema, and goes on while another schema is dropped', async () => {
    const tables = await scoped.introspection.getTables();
    expect(tables.every((t) => t.schema === mine)).toBe(true);
    const [, after] = await Promise.all([
      sql`drop schema ${sql.id(other)} cascade`.execute(kysely),
      scoped.introspection.getTables(),
    ]);
    expect(after.map((t) => t.name)).toEqual(['machine', 'machine_names']);
    expect((await scoped.introspection.getSchemas()).map((s) => s.name)).toContain(mine);
  });
});
