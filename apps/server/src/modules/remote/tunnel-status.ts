import type { RemoteEndReason, TunnelStatus } from '@hmi/domain';
import type { Bus } from '../../plugins/bus.ts';
import type { RemoteRepo, SessionRow } from './remote.repo.ts';

/** An administrator (or the session's user) ended a session: the server holding it closes it. */
export interface RemoteEndEvent {
  sessionId: number;
  reason: RemoteEndReason;
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'remote.end': RemoteEndEvent;
  }
}

/** The status of each device from its open sessions (the database is what every server agrees on). */
export function statusesOf(deviceIds: readonly number[], open: readonly SessionRow[]): TunnelStatus[] {
  return deviceIds.map((id) => {
    const mine = open.filter((s) => s.device_id === id);
    const operator =
      mine.find((s) => s.mode === 'operate' && s.target === 'vnc') ?? mine.find((s) => s.mode === 'operate');
    return {
      device_id: id,
      state: mine.length > 0 ? 'in_use' : 'idle',
      operator_name: operator?.user_name ?? null,
      viewers: mine.filter((s) => s.mode === 'view').length,
    };
  });
}

/**
 * Tunnel status: read from the open session records, and pushed as act 'tunnel' on the device
 * data sockets of every server (bus topic device.act) whenever a session starts or ends.
 */
export class TunnelStatusBoard {
  constructor(
    private readonly repo: RemoteRepo,
    private readonly bus: Bus,
  ) {}

  /** The status of the team's devices (only the team's sessions: another binding's never show). */
  async of(teamId: number, deviceIds: readonly number[]): Promise<TunnelStatus[]> {
    return statusesOf(deviceIds, await this.repo.openOf(teamId, deviceIds));
  }

  async publish(teamId: number, deviceId: number): Promise<void> {
    const [s] = await this.of(teamId, [deviceId]);
    this.bus.publish('device.act', {
      teamId,
      act: {
        act: 'tunnel',
        device_id: deviceId,
        ts: Date.now(),
        tunnel_state: s!.state,
        operator_name: s!.operator_name,
        viewers: s!.viewers,
      },
    });
  }
}
