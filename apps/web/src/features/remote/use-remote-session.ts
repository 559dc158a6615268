import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ErrorCode,
  remoteEndReasons,
  TunnelCloseCode,
  type RemoteEndReason,
  type RemoteOpenBody,
  type RemoteSession,
} from '@hmi/domain';
import { ApiError, isApiError } from '../../shared/http/http-errors.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { remoteApi } from './remote.api.ts';
import { trafficRefusalOf, type TrafficRefusal } from './remote-refusal.ts';
import { loadRfb, openTunnelSocket, tunnelSocketUrl, type RfbClient } from './tunnel-connection.ts';

/**
 * idle: waiting for the user to start the session (the start confirmation); opening: POST
 * /remote/open in flight; confirm12g: the month passed 12 GB (1047) and waits for
 * the user's answer; connecting: the tunnel socket and RFB handshake; connected: the screen
 * shows; ended: the session closed (see endReason); failed: it could not open (see failure).
 */
export type RemotePhase = 'idle' | 'opening' | 'confirm12g' | 'connecting' | 'connected' | 'ended' | 'failed';
/** Why a session ended: the server's reason (close code 4000), or 'lost' (the socket dropped). */
export type RemoteEnd = RemoteEndReason | 'lost';

type OpenExtra = Pick<RemoteOpenBody, 'confirm_12g' | 'takeover'>;

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

interface Options {
  deviceId: number | undefined;
  /** Ask for a view-only session (the user has hmi-check 48 only). */
  viewOnly: boolean;
  /** Where noVNC puts its canvas. */
  screen: RefObject<HTMLDivElement | null>;
  /** Scale the remote screen to fit the container. */
  scale: boolean;
  /** Text the HMI put on its clipboard. */
  onClipboard(text: string): void;
  /** False: wait (phase idle) until the user confirms the start; the session opens once true. */
  enabled?: boolean;
}

/**
 * One remote session of the screen: opens it (the 12G prompt in between when needed), joins its
 * tunnel with noVNC (view only when the session is), and says how it ended. Reconnect opens a
 * new session; end closes it; takeover (the team's main account) ends the current operator's.
 */
export function useRemoteSession({
  deviceId,
  viewOnly,
  screen,
  scale,
  onClipboard,
  enabled = true,
}: Options) {
  const { t } = useTranslation('remote');
  const [phase, setPhase] = useState<RemotePhase>(enabled ? 'opening' : 'idle');
  const [refusal, setRefusal] = useState<TrafficRefusal>();
  const [session, setSession] = useState<RemoteSession>();
  const [end, setEnd] = useState<RemoteEnd>();
  const [ownFailure, setOwnFailure] = useState<string>();
  const placed = usePlacedFailure();
  const { report, clear } = placed;
  const rfbRef = useRef<RfbClient | undefined>(undefined);
  /** Each open gets a number; the answers of an older one are dropped. */
  const generation = useRef(0);
  /** Set when this screen ended the session itself (end, reconnect, leaving). */
  const ownEnd = useRef<RemoteEnd | undefined>(undefined);
  const scaleRef = useRef(scale);
  const clipboardRef = useRef(onClipboard);
  clipboardRef.current = onClipboard;

  const detach = useCallback(() => {
    const rfb = rfbRef.current;
    rfbRef.current = undefined;
    rfb?.disconnect();
  }, []);

  const open = useCallback(
    async (extra: OpenExtra = {}) => {
      if (deviceId === undefined) return;
      const gen = ++generation.current;
      detach();
      clear();
      setOwnFailure(undefined);
      setRefusal(undefined);
      setEnd(undefined);
      ownEnd.current = undefined;
      setPhase('opening');
      let opened: RemoteSession;
      try {
        opened = await remoteApi.open({
          device_id: deviceId,
          ...(viewOnly ? { view_only: true } : {}),
          ...extra,
        });
      } catch (e) {
        if (gen !== generation.current) return;
        if (isApiError(e) && e.code === ErrorCode.E1047_TRAFFIC_12G_CONFIRM) {
          setPhase('confirm12g');
          return;
        }
        const min = minVersionOf(e);
        const cap = sessionLimitOf(e);
        if (min !== undefined) setOwnFailure(t('fail.version', { version: min }));
        else if (cap) setOwnFailure(t(`fail.limit.${cap.limit}`, { max: cap.max }));
        else report(e);
        setRefusal(trafficRefusalOf(e));
        setPhase('failed');
        return;
      }
      if (gen !== generation.current) {
        void remoteApi.close(opened.session_id).catch(() => undefined);
        return;
      }
      setSession(opened);
      setPhase('connecting');
      let Rfb;
      try {
        Rfb = await loadRfb();
      } catch (e) {
        if (gen === generation.current) {
          report(e);
          setPhase('failed');
        }
        return;
      }
      const target = screen.current;
      if (gen !== generation.current || !target) return;
      let closed: { code: number; reason: string } | undefined;
      let rfb: RfbClient;
      try {
        const socket = openTunnelSocket(tunnelSocketUrl(opened.ws_path));
        // Registered before noVNC's own handler: the close is known when noVNC reports it.
        socket.addEventListener('close', (ev) => {
          closed = { code: ev.code, reason: ev.reason };
        });
        rfb = new Rfb(target, socket, { shared: true });
      } catch (e) {
        // A socket noVNC cannot take (or a bad URL): the session cannot show.
        report(e);
        setPhase('failed');
        void remoteApi.close(opened.session_id).catch(() => undefined);
        return;
      }
      rfb.viewOnly = opened.mode === 'view';
      rfb.scaleViewport = scaleRef.current;
      rfb.focusOnClick = opened.mode === 'operate';
      rfb.addEventListener('connect', () => {
        if (gen === generation.current) setPhase('connected');
      });
      rfb.addEventListener('disconnect', () => {
        if (gen !== generation.current) return;
        rfbRef.current = undefined;
        if (closed?.code === TunnelCloseCode.BadToken) {
          report(new ApiError('E_INVALID_OR_EXPIRED_TOKEN', closed.reason, undefined, false));
          setPhase('failed');
          return;
        }
        setEnd(ownEnd.current ?? endOfClose(closed?.code, closed?.reason));
        setPhase('ended');
      });
      rfb.addEventListener('clipboard', (ev) => clipboardRef.current(ev.detail.text));
      rfbRef.current = rfb;
    },
    [deviceId, viewOnly, detach, clear, report, screen, t],
  );

  // Open once the device is known; leaving the screen drops the tunnel (the server ends it: client).
  useEffect(() => {
    if (!enabled) return;
    void open();
    return () => {
      // A counter, not a node: any answer of the open above is dropped from now on.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      generation.current++;
      detach();
    };
  }, [open, detach, enabled]);

  useEffect(() => {
    scaleRef.current = scale;
    if (rfbRef.current) rfbRef.current.scaleViewport = scale;
  }, [scale]);

  /** Ends the session (POST /remote/close); the tunnel then closes with reason 'closed'. */
  const close = useCallback(async () => {
    if (!session) return;
    ownEnd.current = 'closed';
    try {
      await remoteApi.close(session.session_id);
    } catch (e) {
      toastFailure(e);
    }
    if (rfbRef.current) detach();
    generation.current++;
    setEnd('closed');
    setPhase('ended');
  }, [session, detach]);

  /** A new session (the current one, if still open, is closed first). */
  const reconnect = useCallback(
    async (extra: OpenExtra = {}) => {
      if (session && (phase === 'connecting' || phase === 'connected')) {
        ownEnd.current = 'closed';
        await remoteApi.close(session.session_id).catch(() => undefined);
      }
      await open(extra);
    },
    [session, phase, open],
  );

  const answer12g = useCallback(
    (yes: boolean) => {
      if (yes) {
        void open({ confirm_12g: true });
        return;
      }
      setOwnFailure(t('fail.declined12g'));
      setRefusal('declined12g');
      setPhase('failed');
    },
    [open, t],
  );

  const sendClipboard = useCallback((text: string) => rfbRef.current?.clipboardPasteFrom(text), []);

  return {
    phase,
    session,
    end,
    failure: ownFailure ?? placed.failure,
    /** A traffic refusal: what to do next (RemoteRefusal). */
    refusal: phase === 'failed' ? refusal : undefined,
    reconnect,
    takeover: () => reconnect({ takeover: true }),
    close,
    answer12g,
    sendClipboard,
  };
}
