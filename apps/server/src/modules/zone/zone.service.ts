import {
  ErrorCode,
  Limits,
  StringErrorCode,
  validateZoneName,
  type DeviceZonesReply,
  type ZoneAssignBody,
  type ZoneAssignReply,
  type ZoneItem,
  type ZoneListReply,
} from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Zone } from '../../db/tables/team-access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { Bus } from '../../plugins/bus.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import { assertValid } from '../../lib/validate.ts';
import { assertWithin } from '../role/index.ts';
import type { ZoneRepo } from './zone.repo.ts';
import { presentZone } from './zone.presenter.ts';

const tooMany = () =>
  new AppError(
    ErrorCode.E1065_ZONE_LIMIT,
    { max: Limits.securityZoneMax },
    StringErrorCode.E_SAFEAREAS_MORE_THAN_LIMIT,
  );

/**
 * Security zones (see zone.api.ts): named operating areas of a team, at most 20 (1065), names of
 * letters and digits unique in the team (1066); a zone held by a role cannot be deleted (1067).
 * A device is in at most one zone. A sub-account moves only devices it sees (1003), and only
 * between zones it holds (1002): otherwise it could take a device out of a zone to operate it; for
 * the same reason it renames and deletes only zones it holds (1002). A zone a sub-account holds is
 * held by its role, so deleting it stays 1067 until the main account frees it.
 */
export class ZoneService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly zones: ZoneRepo,
    /** Devices assigned to a zone: 'device.scope' (remote sessions on them are checked again). */
    private readonly bus: Bus | null = null,
  ) {}

  async list(caller: CurrentUser): Promise<ZoneListReply> {
    const [zones, devices, roles] = await Promise.all([
      this.zones.listTeam(caller.teamId),
      this.zones.deviceCounts(caller.scope),
      this.zones.roleCounts(caller.teamId),
    ]);
    return {
      list: zones.map((z) => presentZone(z, devices.get(z.id) ?? 0, roles.get(z.id) ?? 0)),
      max: Limits.securityZoneMax,
    };
  }

  /** The zone of the caller's team, else 1003. */
  async require(caller: CurrentUser, id: number): Promise<Zone> {
    const zone = await this.zones.find(caller.teamId, id);
    if (!zone) throw new AppError(ErrorCode.E1003_NO_DATA);
    return zone;
  }

  /**
   * The zone of the caller's team (1003) that a sub-account holds (1002): renaming or deleting a
   * zone it does not hold would unlock that zone's devices for it (no wider than yourself).
   */
  private async requireHeld(caller: CurrentUser, id: number): Promise<Zone> {
    const zone = await this.require(caller, id);
    assertWithin(caller, { zones: [zone.id] });
    return zone;
  }

  async add(caller: CurrentUser, name: string): Promise<ZoneItem> {
    assertValid('name', validateZoneName(name));
    await this.assertNameFree(caller.teamId, name);
    const zone = await this.unique(() =>
      this.db.transaction().execute(async (trx) => {
        if ((await this.zones.count(caller.teamId, trx)) >= Limits.securityZoneMax) throw tooMany();
        return this.zones.insert(caller.teamId, name, trx);
      }),
    );
    return presentZone(zone, 0, 0);
  }

  async edit(caller: CurrentUser, id: number, name: string): Promise<ZoneItem> {
    await this.requireHeld(caller, id);
    assertValid('name', validateZoneName(name));
    await this.assertNameFree(caller.teamId, name, id);
    const zone = await this.unique(() => this.zones.rename(id, name));
    const [devices, roles] = await Promise.all([
      this.zones.deviceCounts(caller.scope),
      this.zones.roleCounts(caller.teamId),
    ]);
    return presentZone(zone, devices.get(id) ?? 0, roles.get(id) ?? 0);
  }

  async delete(caller: CurrentUser, id: number): Promise<void> {
    await this.requireHeld(caller, id);
    await this.db.transaction().execute(async (trx) => {
      if (((await this.zones.roleCounts(caller.teamId, trx)).get(id) ?? 0) > 0) {
        throw new AppError(ErrorCode.E1067_ZONE_IN_USE);
      }
      await this.zones.delete(id, trx);
    });
  }

  async assign(caller: CurrentUser, body: ZoneAssignBody): Promise<ZoneAssignReply> {
    const ids = [...new Set(body.device_ids)];
    if (body.zone_id !== null) await this.require(caller, body.zone_id);
    const visible = await this.zones.devicesInScope(caller.scope, ids);
    if (ids.some((id) => !visible.has(id))) throw new AppError(ErrorCode.E1003_NO_DATA);
    if (caller.scope.zones !== null) {
      const current = await this.zones.zonesOfDevices(caller.teamId, ids);
      assertWithin(caller, {
        zones: [...current.map((c) => c.zone_id), ...(body.zone_id === null ? [] : [body.zone_id])],
      });
    }
    await this.db.transaction().execute((trx) => this.zones.assign(caller.teamId, body.zone_id, ids, trx));
    this.bus?.publish('device.scope', { teamId: caller.teamId, deviceIds: ids });
    return { updated: ids.length };
  }

  /** The zones of the caller's devices among `ids` (a page of the device list). */
  async deviceZones(caller: CurrentUser, ids: number[]): Promise<DeviceZonesReply> {
    const visible = await this.zones.devicesInScope(caller.scope, ids);
    const rows = await this.zones.zonesOfDevices(
      caller.teamId,
      ids.filter((id) => visible.has(id)),
    );
    return { list: rows };
  }

  private async assertNameFree(teamId: number, name: string, exceptId?: number): Promise<void> {
    if (await this.zones.nameTaken(teamId, name, exceptId))
      throw new AppError(ErrorCode.E1066_ZONE_NAME_EXISTS);
  }

  private unique<T>(write: () => Promise<T>): Promise<T> {
    return onUniqueViolation(write, () => new AppError(ErrorCode.E1066_ZONE_NAME_EXISTS));
  }
}
