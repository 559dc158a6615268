import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** What GET /v1/health checks. */
export class HealthService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Resolves when the database answers; rejects with its error. */
  async pingDatabase(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
