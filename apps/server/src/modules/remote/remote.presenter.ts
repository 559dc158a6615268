import type { RemoteSessionRecord } from '@hmi/domain';
import type { SessionRow } from './remote.repo.ts';
import type { TunnelHub } from './tunnel-hub.ts';

/** A session's record, with the bytes not yet flushed when this server holds the tunnel. */
export function presentSessionRecord(
  hub: Pick<TunnelHub, 'tunnelOfSession'>,
  r: SessionRow,
): RemoteSessionRecord {
  const live = hub.tunnelOfSession(r.id);
  const extra = live
    ? { up: live.up - live.flushedUp, down: live.down - live.flushedDown }
    : { up: 0, down: 0 };
  return {
    session_id: r.id,
    device_id: r.device_id,
    user_id: r.user_id ?? 0,
    user_name: r.user_name,
    mode: r.mode,
    target: r.target,
    client: r.client,
    started_at: r.started_at,
    ended_at: r.ended_at,
    bytes_up: r.bytes_up + extra.up,
    bytes_down: r.bytes_down + extra.down,
    end_reason: (r.end_reason as RemoteSessionRecord['end_reason']) ?? null,
  };
}
