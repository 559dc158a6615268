import {
  BindType,
  ErrorCode,
  validateDeviceName,
  validateLabelSelection,
  type DeviceBindBodyParsed,
  type DeviceDetail,
  type DeviceEditBody,
  type DeviceLabelsBodyParsed,
  type DeviceListQueryParsed,
  type DeviceListReply,
  type DeviceOverview,
} from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceConfigPublisher } from '../device-connection/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import { assertValid } from '../../lib/validate.ts';
import { noCreatorGrants, type CreatorGrants } from '../../lib/creator-grants.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { DataScope } from '../../lib/data-scope.ts';
import type { Bus } from '../../plugins/bus.ts';
import { verifyDeviceSecret } from '../../plugins/mqtt/device-secret.ts';
import { subtreeIds, type DeviceGroupService } from '../device-group/index.ts';
import type { LabelService } from '../label/index.ts';
import type { TemplateService } from './template.service.ts';
import type { BindThrottle } from './bind-throttle.ts';
import type { BindingWall } from './binding-wall.ts';
import { groupPathIndex, presentDevice, presentDeviceDetail } from './device.presenter.ts';
import type { DeviceRepo } from './device.repo.ts';

const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * What other modules hold of a team's devices (the project module's screens and device sets):
 * unbinding asks first (a device a configuration still uses is refused, 1091) and then lets
 * them drop the devices, in the same transaction.
 */
export interface DeviceReferences {
  assertUnreferenced(teamId: number, deviceIds: readonly number[], db: Transaction<Database>): Promise<void>;
  released(deviceIds: readonly number[], db: Transaction<Database>): Promise<void>;
}

const noReferences: DeviceReferences = {
  assertUnreferenced: async () => undefined,
  released: async () => undefined,
};

/**
 * Devices of a team: bind by SN + PIN, edit, move, labels, template, unbind, list and
 * overview. Every device id must be in the caller's team and device data permissions (1003);
 * group and template ids likewise (1027, 1029); label ids must be the team's (1003).
 */
export class DeviceService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly devices: DeviceRepo,
    private readonly groups: DeviceGroupService,
    private readonly labels: LabelService,
    private readonly templates: TemplateService,
    private readonly publisher: DeviceConfigPublisher,
    private readonly bindThrottle: BindThrottle,
    private readonly wall: BindingWall,
    private readonly creators: CreatorGrants = noCreatorGrants,
    /** A device moved to another group: 'device.scope' (remote sessions on it are checked again). */
    private readonly bus: Bus | null = null,
    private readonly references: DeviceReferences = noReferences,
  ) {}

  async list(caller: CurrentUser, query: DeviceListQueryParsed): Promise<DeviceListReply> {
    const teamGroups = await this.groups.teamGroups(caller.teamId);
    let groupIds: number[] | undefined;
    if (query.group_id !== undefined) {
      await this.groups.require(caller, query.group_id);
      groupIds = subtreeIds(teamGroups, query.group_id);
    }
    const { rows, total } = await this.devices.page(
      caller.scope,
      {
        search: query.search,
        groupIds,
        labelId: query.label_id,
        online: query.online,
        syncState: query.sync_state,
        alarm: query.alarm,
        model: query.model,
        templateId: query.template_id,
      },
      { sort: query.sort, order: query.order },
      { offset: (query.page - 1) * query.page_size, limit: query.page_size },
    );
    const labels = await this.labels.labelsOf(rows.map((r) => r.id));
    const paths = groupPathIndex(teamGroups);
    return {
      list: rows.map((r) => presentDevice(r, paths, labels.get(r.id) ?? [])),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }

  /** `alarm` counts the caller's devices with an open alarm record (state 1 or 2, not recovered). */
  async overview(caller: CurrentUser): Promise<DeviceOverview> {
    const { total, online, last } = await this.devices.overview(caller.scope);
    const alarm = await this.devices.alarmingCount(caller.scope);
    return { alarm, last, offline: total - online, online, total };
  }

  async detail(caller: CurrentUser, id: number): Promise<DeviceDetail> {
    return this.detailIn(caller.scope, id);
  }

  private async detailIn(scope: DataScope, id: number): Promise<DeviceDetail> {
    const row = await this.devices.findInScope(scope, id);
    if (!row) throw new AppError(ErrorCode.E1003_NO_DATA);
    const [teamGroups, labels] = await Promise.all([
      this.groups.teamGroups(scope.teamId),
      this.labels.labelsOf([id]),
    ]);
    return presentDeviceDetail(row, groupPathIndex(teamGroups), labels.get(id) ?? []);
  }

  /**
   * Binds a registered device to the caller's team. Checks in order: name rule (1006), bind
   * rate of the team and unknown-SN caps of the team and address `ip` (1036), unknown SN (1028),
   * the SN's PIN delay (1036), PIN (1025), already bound (1102), name taken (1034), group (1027),
   * template (1029), labels (1003, at most 10). Publishes the device's config.
   */
  async bind(caller: CurrentUser, body: DeviceBindBodyParsed, ip: string): Promise<DeviceDetail> {
    assertValid('name', validateDeviceName(body.name));
    const labelIds = unique(body.label_ids ?? []);
    assertValid('label_ids', validateLabelSelection(labelIds));
    const snFound = await this.bindThrottle.beforeLookup(caller.teamId, ip);

    const device = await this.devices.findBySn(body.sn);
    if (!device) throw new AppError(ErrorCode.E1028_ILLEGAL_HMI_SN);
    await snFound();
    const pinRight = () => verifyDeviceSecret(body.pin, device.secret_hash);
    if (!(await this.bindThrottle.checkPin(device.sn, pinRight)))
      throw new AppError(ErrorCode.E1025_ILLEGAL_PIN);
    if (device.team_id !== null) throw new AppError(ErrorCode.E1102_HMI_SN_ALREADY_BOUND);
    await this.assertNameFree(caller.teamId, body.name);
    const groupId = body.group_id ?? null;
    const templateId = body.template_id ?? null;
    if (groupId !== null) await this.groups.require(caller, groupId);
    if (templateId !== null) await this.templates.requireUsable(caller, templateId);
    await this.labels.requireTeamLabels(caller, labelIds);

    // A new binding starts empty: the wall purges whatever the device holds (BindingWall).
    const change = { deviceIds: [device.id], sns: [device.sn], teamId: caller.teamId };
    await this.write(() =>
      this.wall.change(change, async (trx) => {
        const bound = await this.devices.bind(
          device.id,
          {
            team_id: caller.teamId,
            name: body.name,
            group_id: groupId,
            template_id: templateId,
            address: body.address ?? '',
            remark: body.remark ?? '',
            bind_type: BindType.SnPin,
            bound_at: Date.now(),
          },
          trx,
        );
        if (!bound) throw new AppError(ErrorCode.E1102_HMI_SN_ALREADY_BOUND);
        if (labelIds.length > 0) await this.labels.setDeviceLabels(new Map([[device.id, labelIds]]), trx);
        await this.publisher.bump([device.id], trx);
      }),
    );
    await this.publisher.publish([device.id]);
    return this.detail(await this.creators.created(caller, 'device', device.id), device.id);
  }

  /** Edits the fields sent; a new template republishes the config. */
  async edit(caller: CurrentUser, body: DeviceEditBody): Promise<DeviceDetail> {
    const device = await this.requireOne(caller, body.id);
    if (body.name !== undefined) {
      assertValid('name', validateDeviceName(body.name));
      await this.assertNameFree(caller.teamId, body.name, device.id);
    }
    if (body.group_id) await this.groups.require(caller, body.group_id);
    if (body.template_id) await this.templates.requireUsable(caller, body.template_id);
    const templateChanged = body.template_id !== undefined && body.template_id !== device.template_id;
    await this.write(() =>
      this.db.transaction().execute(async (trx) => {
        await this.devices.update(
          caller.teamId,
          [device.id],
          {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.address !== undefined ? { address: body.address } : {}),
            ...(body.remark !== undefined ? { remark: body.remark } : {}),
            ...(body.group_id !== undefined ? { group_id: body.group_id } : {}),
            ...(templateChanged ? { template_id: body.template_id ?? null } : {}),
          },
          trx,
        );
        if (templateChanged) await this.publisher.bump([device.id], trx);
      }),
    );
    if (templateChanged) await this.publisher.publish([device.id]);
    if (body.group_id !== undefined && body.group_id !== device.group_id)
      this.bus?.publish('device.scope', { teamId: caller.teamId, deviceIds: [device.id] });
    return this.detail(caller, device.id);
  }

  async move(caller: CurrentUser, ids: readonly number[], groupId: number | null): Promise<number> {
    const devices = await this.requireAll(caller, ids);
    if (groupId !== null) await this.groups.require(caller, groupId);
    await this.devices.update(caller.teamId, devices, { group_id: groupId });
    this.bus?.publish('device.scope', { teamId: caller.teamId, deviceIds: [...devices] });
    return devices.length;
  }

  /** Sets, adds or removes labels; a device over 10 labels is 1006 (validation.label.tooManySelected). */
  async setLabels(caller: CurrentUser, body: DeviceLabelsBodyParsed): Promise<number> {
    const devices = await this.requireAll(caller, body.ids);
    const labelIds = unique(body.label_ids);
    await this.labels.requireTeamLabels(caller, labelIds);
    await this.db.transaction().execute(async (trx) => {
      const current = await this.labels.labelIdsOf(devices, trx);
      const next = new Map<number, number[]>();
      for (const id of devices) {
        const had = current.get(id) ?? [];
        const labels =
          body.mode === 'set'
            ? labelIds
            : body.mode === 'add'
              ? unique([...had, ...labelIds])
              : had.filter((l) => !labelIds.includes(l));
        assertValid('label_ids', validateLabelSelection(labels));
        next.set(id, labels);
      }
      await this.labels.setDeviceLabels(next, trx);
    });
    return devices.length;
  }

  /** Assigns a template (or none) and publishes the devices' config. */
  async assignTemplate(
    caller: CurrentUser,
    ids: readonly number[],
    templateId: number | null,
  ): Promise<number> {
    const devices = await this.requireAll(caller, ids);
    if (templateId !== null) await this.templates.requireUsable(caller, templateId);
    await this.db.transaction().execute(async (trx) => {
      await this.devices.update(caller.teamId, devices, { template_id: templateId }, trx);
      await this.publisher.bump(devices, trx);
    });
    await this.publisher.publish(devices);
    return devices.length;
  }

  /**
   * Unbinds devices: they leave the team (labels, group, template too) and keep their
   * registration; what they recorded during the binding is purged (BindingWall). A device a
   * project screen binds stays (1091); the others leave every project.
   */
  async unbind(caller: CurrentUser, ids: readonly number[]): Promise<number> {
    const wanted = unique(ids);
    const rows = await this.devices.findManyInScope(caller.scope, wanted);
    if (rows.length !== wanted.length) throw new AppError(ErrorCode.E1003_NO_DATA);
    await this.wall.change({ deviceIds: wanted, sns: rows.map((r) => r.sn), teamId: null }, async (trx) => {
      await this.references.assertUnreferenced(caller.teamId, wanted, trx);
      await this.references.released(wanted, trx);
      return this.devices.release(caller.teamId, wanted, trx);
    });
    await this.publisher.clear(rows.map((r) => r.sn));
    return rows.length;
  }

  private async requireOne(caller: CurrentUser, id: number) {
    const row = await this.devices.findInScope(caller.scope, id);
    if (!row) throw new AppError(ErrorCode.E1003_NO_DATA);
    return row;
  }

  /** The ids, deduplicated, when every one is the caller's; else 1003. */
  private async requireAll(caller: CurrentUser, ids: readonly number[], db?: Transaction<Database>) {
    const wanted = unique(ids);
    const rows = await this.devices.findManyInScope(caller.scope, wanted, db);
    if (rows.length !== wanted.length) throw new AppError(ErrorCode.E1003_NO_DATA);
    return wanted;
  }

  private async assertNameFree(teamId: number, name: string, exceptId?: number): Promise<void> {
    if (await this.devices.nameTaken(teamId, name, exceptId))
      throw new AppError(ErrorCode.E1034_DEVICE_NAME_EXISTS);
  }

  /** A racing write that loses on the (team, name) constraint is 1034. */
  private write<T>(run: () => Promise<T>): Promise<T> {
    return onUniqueViolation(run, () => new AppError(ErrorCode.E1034_DEVICE_NAME_EXISTS));
  }
}
