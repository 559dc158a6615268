import { ErrorCode, remoteEndReasons, TunnelCloseCode, type RemoteEndReason } from '@hmi/domain';
import { isApiError } from '../../shared/http/http-errors.ts';

// The phases of a remote session screen and what a refusal or a tunnel close says.

/**
 * idle: waiting for the user to start the session (the start confirmation); opening: POST
 * /remote/open in flight; confirm12g: the month passed 12 GB (1047) and waits for
 * the user's answer; connecting: the tunnel socket and RFB handshake; connected: the screen
 * shows; ended: the session closed (see endReason); failed: it could not open (see failure).
 */
export type RemotePhase = 'idle' | 'opening' | 'confirm12g' | 'connecting' | 'connected' | 'ended' | 'failed';
/** Why a session ended: the server's reason (close code 4000), or 'lost' (the socket dropped). */
export type RemoteEnd = RemoteEndReason | 'lost';

/** The end reason a tunnel socket's close carries (code 4000 and a known reason), else 'lost'. */
export function endOfClose(code: number | undefined, reason: string | undefined): RemoteEnd {
  if (code === TunnelCloseCode.Ended && (remoteEndReasons as readonly string[]).includes(reason ?? ''))
    return reason as RemoteEndReason;
  return 'lost';
}

/**
 * The minimum firmware a version refusal names, if any: the server answers 1006 with the field
 * failure `validation.remote.hmiVersion` and its `ip` parameter (SPEC 9 "HMI version must be at
 * least {ip}").
 */
export function minVersionOf(e: unknown): string | undefined {
  if (!isApiError(e) || typeof e.data !== 'object' || e.data === null) return undefined;
  const fields = (e.data as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return undefined;
  for (const f of fields as { message?: unknown; params?: { ip?: unknown } }[]) {
    const v = f?.message === 'validation.remote.hmiVersion' ? f.params?.ip : undefined;
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return undefined;
}

/** The remote-session cap a refusal names (1036 with data.limit and data.max), if any. */
export function sessionLimitOf(e: unknown): { limit: 'device' | 'user' | 'team'; max: number } | undefined {
  if (!isApiError(e) || e.code !== ErrorCode.E1036_TOO_FREQUENT) return undefined;
  if (typeof e.data !== 'object' || e.data === null) return undefined;
  const { limit, max } = e.data as { limit?: unknown; max?: unknown };
  if ((limit === 'device' || limit === 'user' || limit === 'team') && typeof max === 'number')
    return { limit, max };
  return undefined;
}
