import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Login attempts (Kysely only). */
export class LoginAttemptRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async record(a: { account: string; ip: string; ok: boolean; at: number }): Promise<void> {
    await this.db
      .insertInto('login_attempts')
      .values({ account: a.account, ip: a.ip, ok: a.ok ? 1 : 0, created_at: a.at })
      .execute();
  }

  async countFailures(by: { account: string } | { ip: string }, since: number): Promise<number> {
    const q = this.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ok', '=', 0)
      .where('created_at', '>', since);
    const row = await (
      'account' in by ? q.where('account', '=', by.account) : q.where('ip', '=', by.ip)
    ).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async hasSucceeded(account: string, ip: string, since: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select('id')
      .where('account', '=', account)
      .where('ip', '=', ip)
      .where('ok', '=', 1)
      .where('created_at', '>', since)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async deleteOlderThan(before: number): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('created_at', '<', before).execute();
  }
}
