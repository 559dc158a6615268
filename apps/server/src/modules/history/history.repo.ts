import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';

/** SQL of the history API itself: the device a read is about (its values come from the history store). */
export class HistoryRepo {
  constructor(private readonly db: Kysely<Database>) {}

  device(scope: DataScope, id: number) {
    return this.db
      .selectFrom('devices')
      .select(['id', 'team_id', 'bound_at', 'template_id', 'online'])
      .where('id', '=', id)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .executeTakeFirst();
  }
}
