import { ErrorCode } from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import type { DeviceConfigPublisher } from '../device-connection/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { TemplateService } from '../device/index.ts';

/** What a write of rules reports: its result, and whether any rule actually changed. */
export interface RuleWrite<T> {
  result: T;
  changed: boolean;
}

/**
 * The one way rules of templates change. The write runs in one transaction that first locks the
 * templates' rows (PostgreSQL; SQLite runs one transaction at a time), so the 300-rule limit and
 * name checks inside it hold under concurrent edits. When something changed, the templates'
 * versions go up and their devices' configs are bumped in the same transaction (sync state 0),
 * exactly as a template edit does; after the commit the devices get their new config (with the
 * `alarms`) and the bus says 'alarm.rules' for each template, so alarm engines reload.
 * A unique-name race is answered with `uniqueCode` (1088 for rules, 1085 for groups).
 */
export class AlarmRuleChanges {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly templates: TemplateService,
    private readonly publisher: DeviceConfigPublisher,
    private readonly bus: Bus,
  ) {}

  async run<T>(
    teamId: number,
    templateIds: readonly number[],
    write: (trx: Transaction<Database>) => Promise<RuleWrite<T>>,
    uniqueCode: number = ErrorCode.E1088_ALARM_NAME_EXISTS,
  ): Promise<T> {
    const ids = [...new Set(templateIds)].sort((a, b) => a - b);
    const outcome = await onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          if (this.engine === 'postgres') await this.templates.lock(ids, trx);
          const { result, changed } = await write(trx);
          const devices = changed ? await this.templates.rulesChanged(teamId, ids, trx) : [];
          return { result, changed, devices };
        }),
      () => new AppError(uniqueCode),
    );
    if (outcome.changed) await this.announce(teamId, ids, outcome.devices);
    return outcome.result;
  }

  /** After a commit: the devices' new configs, and 'alarm.rules' for the engines. */
  async announce(teamId: number, templateIds: readonly number[], devices: readonly number[]): Promise<void> {
    await this.publisher.publish(devices);
    for (const templateId of templateIds) this.bus.publish('alarm.rules', { teamId, templateId });
  }
}
