import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Modal, type ButtonProps } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { Perm } from '@hmi/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { remoteApi, remoteKeys } from './remote.api.ts';
import { useRemoteSession } from './use-remote-session.ts';
import { RemoteStatusLine } from './RemoteStatusLine.tsx';
import { RemoteToolbar } from './RemoteToolbar.tsx';
import { ClipboardPanel } from './ClipboardPanel.tsx';
import { useBillingAccess } from '../billing/index.ts';
import { refusalLink } from './remote-refusal.ts';
import { RemoteRefusal } from './RemoteRefusal.tsx';
import { RemoteStartDialog } from './RemoteStartDialog.tsx';
import { remoteStartPreference } from './remote-start.ts';
import './remote.css';

/** The status line asks for the session's bytes this often (GET /remote/session). */
export const BYTES_POLL_MS = 5_000;
const TICK_MS = 1_000;

interface Props {
  deviceId: number;
  /** The user may only watch (hmi-check 48 without hmi 6). */
  viewOnly: boolean;
  /** The team's main account: may take over from another operator. */
  isMain: boolean;
}

/** A device's screen in the browser (noVNC over the session's tunnel), with its tools and status. */
export function RemoteScreen({ deviceId, viewOnly, isMain }: Props) {
  const { t } = useTranslation('remote');
  const frame = useRef<HTMLDivElement>(null);
  const screen = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  const [clipboardOpen, setClipboardOpen] = useState(false);
  const [received, setReceived] = useState<string>();
  const onClipboard = useCallback((text: string) => setReceived(text), []);
  // Billing shown (not region cn): a session costs traffic, so it starts once confirmed.
  const can = useBillingAccess();
  const billed = can('always');
  const [started, setStarted] = useState(() => !remoteStartPreference.askFirst());
  const [asking, setAsking] = useState(true);
  const remote = useRemoteSession({
    deviceId,
    viewOnly,
    screen,
    scale,
    onClipboard,
    enabled: started || !billed,
  });
  const { phase, session } = remote;
  const live = phase === 'connecting' || phase === 'connected';

  const record = useQuery({
    queryKey: remoteKeys.session(session?.session_id ?? 0),
    queryFn: ({ signal }) => remoteApi.session(session?.session_id ?? 0, signal),
    enabled: session !== undefined,
    refetchInterval: live ? BYTES_POLL_MS : false,
  });
  // Once ended, the final count.
  const { refetch } = record;
  useEffect(() => {
    if (phase === 'ended' && session) void refetch();
  }, [phase, session, refetch]);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [live]);

  useEffect(() => {
    const onChange = () =>
      setFullscreen(document.fullscreenElement === frame.current && frame.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.();
  };

  const current = record.data && record.data.session_id === session?.session_id ? record.data : undefined;
  const operating = session?.mode === 'operate';
  return (
    <div className="remote" data-testid="remote-screen">
      <div className="remote-bar">
        <RemoteStatusLine
          phase={phase}
          mode={session?.mode}
          operatorName={session?.operator_name}
          end={remote.end}
          failure={remote.failure}
          bytes={current ? { up: current.bytes_up, down: current.bytes_down } : undefined}
          timeLeftMs={session ? session.started_at + session.max_duration_ms - now : undefined}
        />
        <RemoteToolbar
          live={live}
          busy={phase === 'opening'}
          fullscreen={fullscreen}
          scale={scale}
          clipboardOpen={clipboardOpen}
          canTakeover={isMain && phase === 'connected' && session?.mode === 'view' && !!session.operator_name}
          onFullscreen={toggleFullscreen}
          onScale={setScale}
          onClipboard={() => setClipboardOpen((o) => !o)}
          onReconnect={() => void remote.reconnect()}
          onEnd={() => void remote.close()}
          onTakeover={() => void remote.takeover()}
        />
      </div>
      {clipboardOpen ? (
        <ClipboardPanel
          received={received}
          canSend={operating && phase === 'connected'}
          onSend={remote.sendClipboard}
        />
      ) : null}
      {remote.refusal ? (
        <RemoteRefusal
          refusal={remote.refusal}
          deviceId={deviceId}
          link={refusalLink(remote.refusal, can)}
          onAskAgain={() => void remote.reconnect()}
        />
      ) : null}
      {phase === 'idle' ? (
        <div className="remote-idle">
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            onClick={() => setAsking(true)}
            data-testid="remote-start"
          >
            {t('start.ok')}
          </Button>
        </div>
      ) : null}
      <RemoteStartDialog
        open={phase === 'idle' && asking}
        deviceId={deviceId}
        showTraffic={can(Perm.AccountView)}
        onStart={(dontAsk) => {
          if (dontAsk) remoteStartPreference.set(false);
          setStarted(true);
        }}
        onCancel={() => setAsking(false)}
      />
      <div ref={frame} className="remote-frame">
        <div
          ref={screen}
          className={scale ? 'remote-canvas remote-canvas-fit' : 'remote-canvas'}
          data-testid="remote-canvas"
          data-view-only={session ? String(session.mode === 'view') : undefined}
        />
      </div>
      <Modal
        open={phase === 'confirm12g'}
        title={t('confirm12g.title')}
        okText={t('confirm12g.ok')}
        cancelText={t('common:cancel')}
        onOk={() => remote.answer12g(true)}
        onCancel={() => remote.answer12g(false)}
        okButtonProps={{ 'data-testid': 'remote-12g-confirm' } as ButtonProps}
        destroyOnHidden
      >
        <p data-testid="remote-12g-text">{t('confirm12g.text')}</p>
      </Modal>
    </div>
  );
}
