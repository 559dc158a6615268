import {
  AlarmLimits,
  ErrorCode,
  type AlarmDeviceStatus,
  type AlarmRecord,
  type AlarmRecordListReply,
} from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { DeviceTagReads } from '../device/index.ts';
import type { AlarmRecordRepo, RecordFilter } from './alarm-record.repo.ts';
import type { AlarmWriter } from './alarm-writer.ts';

/**
 * Alarm records for the console (alarm.api.ts): the list (also the SPEC's alarm message list),
 * acknowledging, the 0/1 alarm status of a device's tags, and the rows of the export. Every read
 * is limited to the caller's team and device data scope; every id given must be inside it (1003).
 */
export class AlarmService {
  constructor(
    private readonly records: AlarmRecordRepo,
    private readonly deviceTags: DeviceTagReads,
    private readonly writer: AlarmWriter,
    private readonly now: () => number = Date.now,
  ) {}

  async list(
    caller: CurrentUser,
    q: RecordFilter & { page: number; page_size: number },
  ): Promise<AlarmRecordListReply> {
    await this.checkIds(caller, q);
    const total = await this.records.count(caller.scope, q);
    const offset = (q.page - 1) * q.page_size;
    const list = offset < total ? await this.records.page(caller.scope, q, offset, q.page_size) : [];
    return { list, total };
  }

  /**
   * Acknowledges records as the caller (open ones -> state 2; recovered ones keep state 4 and get
   * the responder too); records acknowledged before keep their first responder and comment.
   * `comment` (already trimmed by the schema; empty = none) is kept with each record acknowledged
   * now. Every id must be a record of the caller's scope (1003, nothing acknowledged). Publishes
   * 'alarm.event' acked.
   */
  async ack(caller: CurrentUser, ids: readonly number[], comment?: string): Promise<number> {
    const wanted = [...new Set(ids)];
    const found = await this.records.idsInScope(caller.scope, wanted);
    if (found.length !== wanted.length) throw new AppError(ErrorCode.E1003_NO_DATA);
    const by = await this.records.user(caller.id);
    const acked = await this.records.ack(
      wanted,
      { id: caller.id, name: by.name },
      this.now(),
      comment ? comment : null,
    );
    await this.writer.publish(caller.teamId, 'acked', acked);
    return acked.length;
  }

  /** Every tag of a device in scope (1003 otherwise): 1 while it has an open record, else 0. */
  async deviceStatus(caller: CurrentUser, deviceId: number): Promise<AlarmDeviceStatus> {
    const device = await this.records.device(caller.scope, deviceId);
    if (!device || device.team_id === null) throw new AppError(ErrorCode.E1003_NO_DATA);
    const [tags, open] = await Promise.all([
      this.deviceTags.ofDevice(deviceId),
      this.records.openTagIds(deviceId, device.team_id),
    ]);
    const status: AlarmDeviceStatus['tags'] = {};
    for (const t of tags) status[String(t.id)] = open.has(t.id) ? 1 : 0;
    return { device_id: deviceId, tags: status };
  }

  /**
   * The records of an export, newest first: at most AlarmLimits.exportRows (the newest ones),
   * with the total that matched.
   */
  async exportRows(caller: CurrentUser, f: RecordFilter): Promise<{ rows: AlarmRecord[]; total: number }> {
    await this.checkIds(caller, f);
    const total = await this.records.count(caller.scope, f);
    const rows = total > 0 ? await this.records.page(caller.scope, f, 0, AlarmLimits.exportRows) : [];
    return { rows, total };
  }

  /** The caller's interface language (export headers). */
  async langOf(caller: CurrentUser): Promise<string> {
    return (await this.records.user(caller.id)).lang;
  }

  /** A device filter must name a device of the caller's scope, a group filter a group of the team (1003). */
  private async checkIds(caller: CurrentUser, f: RecordFilter): Promise<void> {
    if (f.device_id !== undefined && !(await this.records.device(caller.scope, f.device_id)))
      throw new AppError(ErrorCode.E1003_NO_DATA);
    if (f.group_id !== undefined && !(await this.records.groupOfTeam(caller.teamId, f.group_id)))
      throw new AppError(ErrorCode.E1003_NO_DATA);
  }
}
