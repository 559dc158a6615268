import { randomBytes } from 'node:crypto';
import {
  CommandResultCode,
  ErrorCode,
  ReadWriteType,
  StringErrorCode,
  TagDataType,
  tagDataTypeName,
  validateAlarmValue,
  type SettagBody,
  type SettagReply,
  type TagValue,
  type TagWriteLogReply,
  type TagWriteOutcome,
} from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { Bus } from '../../plugins/bus.ts';
import { CommandOfflineError, CommandTimeoutError, type CommandTracker } from '../commands/index.ts';
import {
  decodeStoredValue,
  encodeTagValue,
  type LastValueReads,
  type StoredValue,
  type TagWriteLog,
} from '../history-store/index.ts';
import type { SettagRepo } from './settag.repo.ts';
import type { OperateAct, OperatePolicy } from '../zone/index.ts';

/**
 * Writing a tag from the console (SPEC data monitor): checks scope, online and sync state, the
 * tag's read/write type and the value against the tag's data type, sends `cmd` op settag, waits
 * for the device's answer, and logs the write with its outcome (see settag.api.ts for the codes).
 */
export class SettagService {
  constructor(
    private readonly repo: SettagRepo,
    private readonly lastValues: LastValueReads,
    private readonly writes: TagWriteLog,
    private readonly commands: CommandTracker,
    private readonly bus: Bus,
    private readonly timeoutMs: number,
    /** Who may write a tag of a device (the zone module's OperatePolicy). */
    private readonly operate: OperatePolicy,
    /** 1052 when the device's template is locked (billing's DeviceQuotaService). */
    private readonly templates: { assertUsable(teamId: number, templateId: number | null): Promise<void> } = {
      assertUsable: async () => undefined,
    },
  ) {}

  /** `act`: the data monitor's write (47) or a project screen's (device edit 4 or hmi 6). */
  async write(caller: CurrentUser, body: SettagBody, act: OperateAct = 'writeTag'): Promise<SettagReply> {
    const device = await this.repo.device(caller.scope, body.id);
    if (!device || device.team_id === null) throw new AppError(ErrorCode.E1003_NO_DATA);
    // Operating needs the device's security zone in the caller's role (no zone: anyone may).
    if (!(await this.operate.may(caller, device, act))) {
      throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    }
    await this.templates.assertUsable(device.team_id, device.template_id);
    if (device.online !== 1)
      throw new AppError(ErrorCode.E1038_DEVICE_OFFLINE, null, StringErrorCode.E_DEV_OFFLINE);
    if (device.sync_state !== 1) throw new AppError(ErrorCode.E2002_SETTAG_TEMPLATE_NOT_SYNCED);
    const tag = await this.repo.tag(device.id, body.tag_id);
    if (!tag) throw new AppError(ErrorCode.E1003_NO_DATA);
    if (tag.rw === ReadWriteType.Read) {
      throw new AppError(ErrorCode.E1006_BAD_PARAMETER, {
        where: 'body',
        fields: [{ path: 'tag_id', message: 'validation.settag.readOnly', params: {} }],
      });
    }
    const { wire, stored } = checkValue(tag.data_type, body.value);
    const last = await this.lastValues.ofTag(device.id, tag.id);
    const now = Date.now();
    const commandId = randomBytes(9).toString('base64url');
    const writeId = await this.writes.insert({
      team_id: device.team_id,
      device_id: device.id,
      tag_id: tag.id,
      tag_name: tag.name,
      user_id: caller.id,
      command_id: commandId,
      old_num: last?.num ?? null,
      old_txt: last?.txt ?? null,
      new_num: stored.num,
      new_txt: stored.txt,
      outcome: 'pending',
      code: null,
      created_at: now,
      finished_at: null,
    });
    const value = decodeStoredValue(stored.num, stored.txt);
    const finish = async (outcome: TagWriteOutcome, code: number | null) => {
      const at = Date.now();
      await this.writes.finish(writeId, outcome, code, at);
      this.bus.publish('device.act', {
        teamId: device.team_id!,
        act: {
          act: 'settag',
          device_id: device.id,
          ts: at,
          tag_id: tag.id,
          value,
          ok: outcome === 'ok',
          ...(outcome === 'ok' ? {} : { code: code ?? outcome }),
          write_id: writeId,
        },
      });
      return at;
    };

    let resp;
    try {
      resp = await this.commands.send(
        device.sn,
        { op: 'settag', args: { tagId: tag.id, value: wire } },
        this.timeoutMs,
      );
    } catch (err) {
      if (err instanceof CommandTimeoutError) {
        await finish('timeout', null);
        throw new AppError(ErrorCode.E2003_NETWORK, { write_id: writeId }, StringErrorCode.ETIMEDOUT);
      }
      if (err instanceof CommandOfflineError) {
        await finish('offline', null);
        throw new AppError(
          ErrorCode.E1038_DEVICE_OFFLINE,
          { write_id: writeId },
          StringErrorCode.E_DEV_OFFLINE,
        );
      }
      await finish('error', null);
      throw err;
    }
    if (!resp.ok) {
      const deviceCode = resp.code ?? CommandResultCode.Failed;
      await finish('refused', deviceCode);
      const data = { write_id: writeId, device_code: deviceCode, result: resp.result ?? null };
      if (deviceCode === CommandResultCode.TemplateNotSynced)
        throw new AppError(ErrorCode.E2002_SETTAG_TEMPLATE_NOT_SYNCED, data);
      if (
        deviceCode === CommandResultCode.BadArgs ||
        deviceCode === CommandResultCode.UnknownTag ||
        deviceCode === CommandResultCode.ReadOnlyTag
      )
        throw new AppError(ErrorCode.E1006_BAD_PARAMETER, data);
      throw new AppError(ErrorCode.E1007_SERVER, data, 'The device could not write the tag');
    }
    const at = await finish('ok', null);
    return {
      write_id: writeId,
      device_id: device.id,
      tag_id: tag.id,
      value,
      old_value: last ? decodeStoredValue(last.num, last.txt) : null,
      ...(resp.result !== undefined ? { result: resp.result } : {}),
      at,
    };
  }

  /** The write log of a device in the caller's scope, newest first. */
  async log(
    caller: CurrentUser,
    deviceId: number,
    page: number,
    pageSize: number,
  ): Promise<TagWriteLogReply> {
    const device = await this.repo.device(caller.scope, deviceId);
    if (!device) throw new AppError(ErrorCode.E1003_NO_DATA);
    const { rows, total } = await this.writes.log(deviceId, (page - 1) * pageSize, pageSize);
    return {
      list: rows.map((r) => ({
        id: r.id,
        device_id: r.device_id,
        tag_id: r.tag_id,
        tag_name: r.tag_name,
        user_id: r.user_id,
        user_name: r.user_name ?? r.user_email ?? '',
        old_value: decodeStoredValue(r.old_num, r.old_txt),
        new_value: decodeStoredValue(r.new_num, r.new_txt),
        outcome: r.outcome === 'pending' ? 'error' : r.outcome,
        code: r.code,
        created_at: r.created_at,
        finished_at: r.finished_at,
      })),
      total,
      page,
      page_size: pageSize,
    };
  }
}

/**
 * The value of a write against the tag's data type (SPEC section 5 ranges, as for alarm
 * values): what goes on the wire (BOOL true/false, integers as numbers or exact decimal strings
 * beyond 2^53, reals as numbers, strings) and how it is stored.
 */
export function checkValue(
  dataType: number,
  input: boolean | number | string,
): { wire: TagValue; stored: StoredValue } {
  const outOfRange = (params: Record<string, unknown>) =>
    new AppError(
      ErrorCode.E1006_BAD_PARAMETER,
      {
        where: 'body',
        fields: [{ path: 'value', message: StringErrorCode.E_VALUE_OUT_OF_VALID_RANGE, params }],
      },
      StringErrorCode.E_VALUE_OUT_OF_VALID_RANGE,
    );
  const type = tagDataTypeName(dataType) ?? String(dataType);
  let wire: TagValue;
  if (dataType === TagDataType.STRING) {
    if (typeof input !== 'string') throw outOfRange({ type });
    wire = input;
  } else if (dataType === TagDataType.BOOL && typeof input === 'boolean') {
    wire = input;
  } else {
    if (typeof input === 'boolean') throw outOfRange({ type });
    const check = validateAlarmValue(input, dataType);
    if (!check.ok) throw outOfRange({ type, ...check.params });
    if (dataType === TagDataType.BOOL) wire = Number(input) === 1;
    else if (dataType === TagDataType.REAL || dataType === TagDataType.LREAL) wire = Number(input);
    else {
      const n = BigInt(typeof input === 'string' ? input.trim() : input);
      wire = Number.isSafeInteger(Number(n)) ? Number(n) : n.toString();
    }
  }
  const stored = encodeTagValue(dataType, wire);
  if ('error' in stored) throw outOfRange({ type });
  return { wire, stored };
}
