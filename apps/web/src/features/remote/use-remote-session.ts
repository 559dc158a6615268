import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteSession } from '@hmi/domain';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { remoteApi } from './remote.api.ts';
import type { TrafficRefusal } from './remote-refusal.ts';
import type { RfbClient } from './tunnel-connection.ts';
import { openRemoteSession, type OpenExtra } from './open-remote-session.ts';
import type { RemoteEnd, RemotePhase } from './remote-session-outcome.ts';

export {
  endOfClose,
  minVersionOf,
  sessionLimitOf,
  type RemoteEnd,
  type RemotePhase,
} from './remote-session-outcome.ts';

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
    (extra: OpenExtra = {}) =>
      openRemoteSession(
        { deviceId, viewOnly, screen, t, report, clear, detach },
        { generation, ownEnd, scaleRef, clipboardRef, rfbRef },
        { setPhase, setRefusal, setSession, setEnd, setOwnFailure },
        extra,
      ),
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
