import { ErrorCode, type DiacomDeviceList, type TunnelStatus } from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { OperatePolicy } from '../zone/index.ts';
import type { RemoteRepo } from './remote.repo.ts';
import type { TunnelStatusBoard } from './tunnel-status.ts';

/**
 * The DIACom switch (SPEC 1): per user. When on, the companion app (the user's token and
 * `X-Client-Id: DIACOM_CLIENT_ID`) lists the devices the user may open a remote screen of
 * (data scope, hmi 6 or hmi-check 48) and opens sessions (client 'diacom'); when off it gets an
 * empty list, and opening answers 1002.
 */
export class DiacomService {
  constructor(
    private readonly repo: RemoteRepo,
    private readonly status: TunnelStatusBoard,
  ) {}

  async setSwitch(caller: CurrentUser, enabled: boolean): Promise<{ enabled: boolean }> {
    await this.repo.setDiacom(caller.id, enabled);
    return { enabled };
  }

  async devices(caller: CurrentUser, fromApp: boolean): Promise<DiacomDeviceList> {
    if (!fromApp) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    const user = await this.repo.userName(caller.id);
    const mayOpen = OperatePolicy.holds(caller, 'remoteView');
    if (!user || user.diacom !== 1 || !mayOpen) return { list: [] };
    const devices = await this.repo.listDevices(caller.scope);
    const statuses = new Map<number, TunnelStatus>(
      (
        await this.status.of(
          caller.teamId,
          devices.map((d) => d.id),
        )
      ).map((s) => [s.device_id, s]),
    );
    return {
      list: devices.map((d) => ({
        device_id: d.id,
        sn: d.sn,
        name: d.name,
        online: d.online,
        vnc: d.vnc,
        firmware: d.firmware,
        tunnel_state: statuses.get(d.id)?.state ?? 'idle',
        operator_name: statuses.get(d.id)?.operator_name ?? null,
      })),
    };
  }
}
