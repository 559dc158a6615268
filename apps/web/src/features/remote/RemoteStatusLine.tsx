import { Badge } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes, type RemoteMode } from '@hmi/domain';
import type { RemoteEnd, RemotePhase } from './use-remote-session.ts';

export interface RemoteStatusProps {
  phase: RemotePhase;
  /** The session's mode once opened. */
  mode?: RemoteMode | undefined;
  /** Who operates the device while this session only watches. */
  operatorName?: string | null | undefined;
  end?: RemoteEnd | undefined;
  /** The translated reason the session could not open. */
  failure?: string | undefined;
  /** Bytes of the session so far (GET /remote/session). */
  bytes?: { up: number; down: number } | undefined;
  /** Until the session's maximum duration, ms. */
  timeLeftMs?: number | undefined;
}

/** 75 s -> '1:15', 3 725 s -> '1:02:05'. */
export function clockOf(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const badgeOf = (phase: RemotePhase, view: boolean) =>
  phase === 'connected'
    ? view
      ? 'warning'
      : 'success'
    : phase === 'failed'
      ? 'error'
      : phase === 'ended' || phase === 'idle'
        ? 'default'
        : 'processing';

/** The remote screen's status line: state, bytes both ways, time left. Wraps on a phone. */
export function RemoteStatusLine(p: RemoteStatusProps) {
  const { t } = useTranslation('remote');
  const view = p.mode === 'view';
  let text: string;
  if (p.phase === 'connected') {
    text = view
      ? p.operatorName
        ? t('status.viewBy', { name: p.operatorName })
        : t('status.view')
      : t('status.connected');
  } else if (p.phase === 'ended') {
    text = t('status.ended', { reason: t(`end.${p.end ?? 'lost'}`) });
  } else if (p.phase === 'failed') {
    text = t('status.failed', { reason: p.failure ?? '' });
  } else if (p.phase === 'confirm12g') {
    text = t('status.confirm12g');
  } else if (p.phase === 'idle') {
    text = t('status.idle');
  } else {
    text = t('status.connecting');
  }
  const live = p.phase === 'connecting' || p.phase === 'connected';
  return (
    <div className="remote-status" data-testid="remote-status" data-phase={p.phase} data-mode={p.mode}>
      <Badge status={badgeOf(p.phase, view)} text={<span data-testid="remote-status-text">{text}</span>} />
      {p.bytes && p.phase !== 'failed' ? (
        <span className="remote-status-item" data-testid="remote-bytes" title={t('status.bytes')}>
          <ArrowUpOutlined aria-label={t('status.up')} /> {formatBytes(p.bytes.up)}{' '}
          <ArrowDownOutlined aria-label={t('status.down')} /> {formatBytes(p.bytes.down)}
        </span>
      ) : null}
      {live && p.timeLeftMs !== undefined ? (
        <span className="remote-status-item" data-testid="remote-time-left">
          <ClockCircleOutlined /> {t('status.timeLeft', { time: clockOf(p.timeLeftMs) })}
        </span>
      ) : null}
    </div>
  );
}
