import {
  ErrorCode,
  invalid,
  numberedNames,
  StringErrorCode,
  steppedAddresses,
  TagDataType,
  validateBatchCount,
  validateMonitorDecimals,
  validateMonitorLength,
  validateMonitorName,
  validateStationNumber,
  type MonitorAddBodyParsed,
  type MonitorBatchAddBodyParsed,
  type MonitorDeleteBody,
  type MonitorEditBodyParsed,
  type MonitorBatchReply,
  type MonitorListReply,
  type MonitorTag,
} from '@hmi/domain';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MonitorPointsTable } from '../../db/tables/monitor.ts';
import type { DeviceConfigPublisher } from '../device-connection/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import { assertValid, validationError } from '../../lib/validate.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { DeviceTag, DeviceTagReads } from '../device/index.ts';
import type { MonitorRepo } from './monitor.repo.ts';
import { presentMonitorTag } from './monitor.presenter.ts';

type Fields = Omit<MonitorAddBodyParsed, 'id'>;
type Device = NonNullable<Awaited<ReturnType<MonitorRepo['device']>>>;

/** Largest value of an integer column on both databases. */
const INT_MAX = 2 ** 31 - 1;

/** A point's number fields, checked with the domain rules of SPEC section 5 (1006 with the key). */
function assertFields(f: Fields): void {
  assertValid('station', validateStationNumber(f.station));
  if (f.station > INT_MAX) assertValid('station', invalid('validation.monitor.stationNumber'));
  const min = f.data_type === TagDataType.STRING ? 1 : 0;
  assertValid('length', validateMonitorLength(f.length, { min }));
  if (f.length > INT_MAX) assertValid('length', invalid('validation.monitor.length', { min }));
  assertValid('decimals', validateMonitorDecimals(f.decimals));
  if (f.component_type === 'bit' && f.data_type !== TagDataType.BOOL) {
    throw new AppError(ErrorCode.E1006_BAD_PARAMETER, {
      where: 'body',
      fields: [{ path: 'component_type', message: 'monitor.bitOnlyBool', params: {} }],
    });
  }
}

const columns = (f: Fields, name: string, address: string) => ({
  name,
  data_type: f.data_type,
  rw: f.rw,
  link: f.link,
  plc_vendor: f.plc_vendor,
  plc_name: f.plc_name,
  station: f.station,
  component_type: f.component_type,
  address,
  length: f.length,
  decimals: f.decimals,
  step: f.step,
  description: f.description,
});

/** How many TAGs a device may have (template tags plus points). */
export interface TagLimits {
  /** Inside `db` when given (a save's transaction: SQLite has one connection). */
  tagLimit(deviceId: number, freeLimit: number, db?: Transaction<Database>): Promise<number>;
}

/**
 * The data monitor of one device (monitor.api.ts): its tags with their config status, and its
 * own monitor points. Every save runs in one transaction that first bumps the device's config
 * version (which also locks the device row, so concurrent saves of one device cannot together
 * pass the TAG limit), then checks names and the limit, writes, and stamps the points saved
 * with the new version; the config is published after the commit.
 */
export class MonitorService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: MonitorRepo,
    private readonly deviceTags: DeviceTagReads,
    private readonly publisher: DeviceConfigPublisher,
    /** The device's TAG limit: its TAG allocation, else devices.tag_limit (billing's DeviceQuotaService). */
    private readonly limits: TagLimits = { tagLimit: async (_id, free) => free },
  ) {}

  async list(caller: CurrentUser, deviceId: number): Promise<MonitorListReply> {
    const device = await this.requireDevice(caller, deviceId);
    const [tags, tagLimit] = await Promise.all([
      this.deviceTags.ofDevice(deviceId),
      this.limits.tagLimit(device.id, device.tag_limit),
    ]);
    return {
      device_id: device.id,
      device_name: device.name ?? '',
      template_id: device.template_id,
      template_name: device.template_name,
      online: device.online,
      sync_state: device.sync_state,
      config_version: device.config_version,
      acked_version: device.acked_version,
      tag_limit: tagLimit,
      tag_count: tags.length,
      tags: tags.map((t) => presentMonitorTag(t, device)),
    };
  }

  async add(caller: CurrentUser, body: MonitorAddBodyParsed): Promise<MonitorTag> {
    const { id: deviceId, ...fields } = body;
    const [point] = await this.insert(caller, deviceId, fields, [fields.name.trim()], [fields.address]);
    return point!;
  }

  /** `count` points named name + 1..count at stepped addresses (monitorBatchAddBody). */
  async batchAdd(caller: CurrentUser, body: MonitorBatchAddBodyParsed): Promise<MonitorBatchReply> {
    const { id: deviceId, count, ...fields } = body;
    assertValid('count', validateBatchCount(count));
    const addresses = steppedAddresses(fields.address, count, fields.step);
    if (!addresses) {
      throw new AppError(ErrorCode.E1093_ILLEGAL_ADDRESS, {
        where: 'body',
        fields: [{ path: 'address', message: 'monitor.addressNoNumber', params: {} }],
      });
    }
    const points = await this.insert(caller, deviceId, fields, numberedNames(fields.name, count), addresses);
    return { count: points.length, points };
  }

  async edit(caller: CurrentUser, body: MonitorEditBodyParsed): Promise<MonitorTag> {
    const { id: deviceId, point_id: pointId, ...fields } = body;
    await this.requireDevice(caller, deviceId);
    const name = fields.name.trim();
    assertValid('name', validateMonitorName(name));
    assertFields(fields);
    return this.save(caller, deviceId, async (trx, device, tags) => {
      const current = tags.find((t) => t.point?.id === pointId);
      if (!current) throw new AppError(ErrorCode.E1003_NO_DATA);
      this.assertUniqueNames(
        [name],
        tags.filter((t) => t !== current),
      );
      await this.repo.update(
        pointId,
        { ...columns(fields, name, fields.address), updated_at: Date.now() },
        trx,
      );
      return [pointId];
    }).then((points) => points[0]!);
  }

  async delete(caller: CurrentUser, body: MonitorDeleteBody): Promise<number> {
    const wanted = [...new Set(body.point_ids)];
    let count = 0;
    await this.save(caller, body.id, async (trx, device) => {
      const found = await this.repo.pointIdsOf(device.id, device.team_id!, wanted, trx);
      if (found.length !== wanted.length) throw new AppError(ErrorCode.E1003_NO_DATA);
      count = await this.repo.delete(found, trx);
      return [];
    });
    return count;
  }

  private async insert(
    caller: CurrentUser,
    deviceId: number,
    fields: Fields,
    names: readonly string[],
    addresses: readonly string[],
  ): Promise<MonitorTag[]> {
    await this.requireDevice(caller, deviceId);
    for (const name of names) assertValid('name', validateMonitorName(name));
    assertFields(fields);
    return this.save(caller, deviceId, async (trx, device, tags) => {
      this.assertUniqueNames(names, tags);
      const limit = await this.limits.tagLimit(device.id, device.tag_limit, trx);
      if (tags.length + names.length > limit) {
        throw new AppError(
          ErrorCode.E1100_TAG_COUNT_OVER_LIMIT,
          StringErrorCode.E_MONITOR_TAG_NUM_LIMIT,
          `${StringErrorCode.E_MONITOR_TAG_NUM_LIMIT}: ${tags.length} + ${names.length} > ${limit}`,
        );
      }
      const now = Date.now();
      const rows: Insertable<MonitorPointsTable>[] = names.map((name, i) => ({
        ...columns(fields, name, addresses[i]!),
        device_id: device.id,
        team_id: device.team_id!,
        config_version: 0,
        created_by: caller.id,
        created_at: now,
        updated_at: now,
      }));
      return this.repo.insert(rows, trx);
    });
  }

  /**
   * Runs `write` in a transaction after bumping the device's config, stamps the points it
   * returns with the new version, publishes the config after the commit and returns those points.
   */
  private async save(
    caller: CurrentUser,
    deviceId: number,
    write: (trx: Transaction<Database>, device: Device, tags: DeviceTag[]) => Promise<number[]>,
  ): Promise<MonitorTag[]> {
    let saved: MonitorTag[] = [];
    // Two saves racing for one name: the unique index decides, with the same message.
    await onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          await this.publisher.bump([deviceId], trx);
          const device = await this.repo.device(caller.scope, deviceId, trx);
          if (!device || device.team_id === null) throw new AppError(ErrorCode.E1003_NO_DATA);
          const ids = await write(trx, device, await this.deviceTags.ofDevice(deviceId, trx));
          const version = await this.repo.configVersion(deviceId, trx);
          await this.repo.stamp(ids, version, trx);
          const after = await this.deviceTags.ofDevice(deviceId, trx);
          const wanted = new Set(ids);
          saved = after
            .filter((t) => t.point && wanted.has(t.point.id))
            .map((t) => presentMonitorTag(t, { ...device, config_version: version }));
        }),
      () => validationError('name', invalid('validation.monitor.nameDuplicate')),
    );
    await this.publisher.publish([deviceId]);
    return saved;
  }

  /** 1006 validation.monitor.nameDuplicate when a name is one of the device's tags already. */
  private assertUniqueNames(names: readonly string[], tags: readonly DeviceTag[]): void {
    const taken = tags.map((t) => t.name);
    for (const name of names) assertValid('name', validateMonitorName(name, taken));
  }

  private async requireDevice(caller: CurrentUser, id: number): Promise<Device> {
    const device = await this.repo.device(caller.scope, id);
    if (!device || device.team_id === null) throw new AppError(ErrorCode.E1003_NO_DATA);
    return device;
  }
}
