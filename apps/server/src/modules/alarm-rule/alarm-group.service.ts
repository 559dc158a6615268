import { ErrorCode, type AlarmGroup, type AlarmGroupListReply } from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { AlarmGroupRepo, AlarmGroupRow } from './alarm-group.repo.ts';
import type { AlarmRuleChanges } from './alarm-rule.changes.ts';

/**
 * Alarm groups of a team (SPEC: alarm group names unique, 1085). A group id that is not the
 * team's is 1003. Renaming changes no device config (configs carry no group); deleting leaves its
 * rules without a group and tells the alarm engines of the templates concerned.
 */
export class AlarmGroupService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly groups: AlarmGroupRepo,
    private readonly changes: AlarmRuleChanges,
  ) {}

  async list(caller: CurrentUser): Promise<AlarmGroupListReply> {
    const rows = await this.groups.list(caller.teamId);
    return { list: rows.map((g) => ({ id: g.id, name: g.name, rule_count: g.rule_count })) };
  }

  /** The group when it is the caller's team's; else 1003. */
  async require(caller: CurrentUser, id: number): Promise<AlarmGroupRow> {
    const group = await this.groups.find(caller.teamId, id);
    if (!group) throw new AppError(ErrorCode.E1003_NO_DATA);
    return group;
  }

  async add(caller: CurrentUser, name: string): Promise<AlarmGroup> {
    const group = await this.unique(() =>
      this.db.transaction().execute(async (trx) => {
        if (await this.groups.nameTaken(caller.teamId, name, undefined, trx))
          throw new AppError(ErrorCode.E1085_ALARM_GROUP_NAME_EXISTS);
        return this.groups.insert(caller.teamId, name, trx);
      }),
    );
    return { id: group.id, name: group.name, rule_count: 0 };
  }

  async rename(caller: CurrentUser, id: number, name: string): Promise<AlarmGroup> {
    await this.require(caller, id);
    await this.unique(() =>
      this.db.transaction().execute(async (trx) => {
        if (await this.groups.nameTaken(caller.teamId, name, id, trx))
          throw new AppError(ErrorCode.E1085_ALARM_GROUP_NAME_EXISTS);
        await this.groups.rename(caller.teamId, id, name, trx);
      }),
    );
    const renamed = (await this.groups.list(caller.teamId)).find((g) => g.id === id);
    return { id, name, rule_count: renamed?.rule_count ?? 0 };
  }

  async delete(caller: CurrentUser, id: number): Promise<void> {
    await this.require(caller, id);
    const templates = await this.db
      .transaction()
      .execute((trx) => this.groups.delete(caller.teamId, id, trx));
    await this.changes.announce(caller.teamId, templates, []);
  }

  private unique<T>(write: () => Promise<T>): Promise<T> {
    return onUniqueViolation(write, () => new AppError(ErrorCode.E1085_ALARM_GROUP_NAME_EXISTS));
  }
}
