import type { RefObject } from 'react';
import type { TFunction } from 'i18next';
import { ErrorCode, TunnelCloseCode, type RemoteOpenBody, type RemoteSession } from '@hmi/domain';
import { ApiError, isApiError } from '../../shared/http/http-errors.ts';
import { remoteApi } from './remote.api.ts';
import { trafficRefusalOf, type TrafficRefusal } from './remote-refusal.ts';
import { loadRfb, openTunnelSocket, tunnelSocketUrl, type RfbClient } from './tunnel-connection.ts';
import {
  endOfClose,
  minVersionOf,
  sessionLimitOf,
  type RemoteEnd,
  type RemotePhase,
} from './remote-session-outcome.ts';

export type OpenExtra = Pick<RemoteOpenBody, 'confirm_12g' | 'takeover'>;

interface OpenDeps {
  deviceId: number | undefined;
  viewOnly: boolean;
  screen: RefObject<HTMLDivElement | null>;
  t: TFunction<'remote'>;
  report(e: unknown): void;
  clear(): void;
  detach(): void;
}

/** The refs of useRemoteSession: the open's number, who ended it, the scale, clipboard and screen client. */
interface OpenRefs {
  generation: { current: number };
  ownEnd: { current: RemoteEnd | undefined };
  scaleRef: { current: boolean };
  clipboardRef: { current: (text: string) => void };
  rfbRef: { current: RfbClient | undefined };
}

interface OpenSetters {
  setPhase(phase: RemotePhase): void;
  setRefusal(refusal: TrafficRefusal | undefined): void;
  setSession(session: RemoteSession): void;
  setEnd(end: RemoteEnd | undefined): void;
  setOwnFailure(failure: string | undefined): void;
}

/**
 * useRemoteSession's open: POST /remote/open (the 12G prompt, version and cap refusals), then
 * the tunnel socket and noVNC on the screen. The answers of an older open are dropped.
 */
export async function openRemoteSession(
  deps: OpenDeps,
  refs: OpenRefs,
  set: OpenSetters,
  extra: OpenExtra,
): Promise<void> {
  if (deps.deviceId === undefined) return;
  const gen = ++refs.generation.current;
  deps.detach();
  deps.clear();
  set.setOwnFailure(undefined);
  set.setRefusal(undefined);
  set.setEnd(undefined);
  refs.ownEnd.current = undefined;
  set.setPhase('opening');
  let opened: RemoteSession;
  try {
    opened = await remoteApi.open({
      device_id: deps.deviceId,
      ...(deps.viewOnly ? { view_only: true } : {}),
      ...extra,
    });
  } catch (e) {
    if (gen !== refs.generation.current) return;
    if (isApiError(e) && e.code === ErrorCode.E1047_TRAFFIC_12G_CONFIRM) {
      set.setPhase('confirm12g');
      return;
    }
    const min = minVersionOf(e);
    const cap = sessionLimitOf(e);
    if (min !== undefined) set.setOwnFailure(deps.t('fail.version', { version: min }));
    else if (cap) set.setOwnFailure(deps.t(`fail.limit.${cap.limit}`, { max: cap.max }));
    else deps.report(e);
    set.setRefusal(trafficRefusalOf(e));
    set.setPhase('failed');
    return;
  }
  if (gen !== refs.generation.current) {
    void remoteApi.close(opened.session_id).catch(() => undefined);
    return;
  }
  set.setSession(opened);
  set.setPhase('connecting');
  let Rfb;
  try {
    Rfb = await loadRfb();
  } catch (e) {
    if (gen === refs.generation.current) {
      deps.report(e);
      set.setPhase('failed');
    }
    return;
  }
  const target = deps.screen.current;
  if (gen !== refs.generation.current || !target) return;
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
    deps.report(e);
    set.setPhase('failed');
    void remoteApi.close(opened.session_id).catch(() => undefined);
    return;
  }
  rfb.viewOnly = opened.mode === 'view';
  rfb.scaleViewport = refs.scaleRef.current;
  rfb.focusOnClick = opened.mode === 'operate';
  rfb.addEventListener('connect', () => {
    if (gen === refs.generation.current) set.setPhase('connected');
  });
  rfb.addEventListener('disconnect', () => {
    if (gen !== refs.generation.current) return;
    refs.rfbRef.current = undefined;
    if (closed?.code === TunnelCloseCode.BadToken) {
      deps.report(new ApiError('E_INVALID_OR_EXPIRED_TOKEN', closed.reason, undefined, false));
      set.setPhase('failed');
      return;
    }
    set.setEnd(refs.ownEnd.current ?? endOfClose(closed?.code, closed?.reason));
    set.setPhase('ended');
  });
  rfb.addEventListener('clipboard', (ev) => refs.clipboardRef.current(ev.detail.text));
  refs.rfbRef.current = rfb;
}
