import {
  ArrowLeftOutlined,
  EyeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LockOutlined,
} from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { Badge, Button, Select, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail } from '@hmi/domain';
import { liveTab, useLiveTabState } from '../../features/live/index.ts';

interface Props {
  /** The project in the project list (a back link); none for a share viewer. */
  projectId?: number;
  detail: (Pick<ProjectDetail, 'name' | 'screens'> & { locked?: boolean }) | undefined;
  /** A share viewer: a "view only" tag, no way back into the console. */
  viewOnly?: boolean;
  screenId: number | undefined;
  onScreen(id: number): void;
}

const connectionBadge = {
  open: 'success',
  connecting: 'processing',
  reconnecting: 'warning',
  failed: 'error',
  closed: 'default',
} as const;

/** The live socket's state as a dot and a word; a failed socket offers to connect again. */
function ConnectionState() {
  const { t } = useTranslation('scada');
  const state = useLiveTabState();
  return (
    <span className="scada-connection" data-testid="scada-connection" data-status={state.status}>
      <Badge
        status={connectionBadge[state.status]}
        text={t(`runtime.connection.${state.status}`, { attempt: state.attempt })}
      />
      {state.status === 'failed' ? (
        <Button size="small" type="link" onClick={() => liveTab().reconnect()}>
          {t('runtime.reconnect')}
        </Button>
      ) : null}
    </span>
  );
}

/** Full screen on and off (a wall screen's browser chrome goes away). */
function FullscreenToggle() {
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;
  const toggle = () =>
    void (on ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
      () => undefined,
    );
  return (
    <Button
      type="text"
      size="small"
      icon={on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
    />
  );
}

/**
 * The runtime's slim header: back to the project in the project list, the project's name, its
 * screens (a select: it fits a phone as well as a wall screen), a lock when the project is
 * read-only (a share viewer's "view only"), and the live connection's state.
 */
export function ScadaHeader({ projectId, detail, screenId, onScreen, viewOnly = false }: Props) {
  const { t } = useTranslation('scada');
  return (
    <header className="scada-runtime-head">
      {projectId !== undefined ? (
        <Link
          to={`/device/projectlist?projectid=${projectId}`}
          className="scada-back"
          data-testid="scada-back"
        >
          <ArrowLeftOutlined /> <span className="scada-back-text">{t('runtime.back')}</span>
        </Link>
      ) : null}
      <span className="scada-project-name" title={detail?.name} data-testid="scada-project-name">
        {detail?.name}
      </span>
      {detail && detail.screens.length > 0 ? (
        <Select
          className="scada-screen-select"
          size="small"
          aria-label={t('runtime.screen')}
          value={screenId}
          options={detail.screens.map((s) => ({ value: s.id, label: s.name }))}
          onChange={onScreen}
          popupMatchSelectWidth={false}
          data-testid="scada-screen-select"
        />
      ) : null}
      {detail?.locked ? (
        <Tooltip title={t('runtime.locked')}>
          <Tag icon={<LockOutlined />} color="warning" className="scada-locked" />
        </Tooltip>
      ) : null}
      {viewOnly ? (
        <Tag icon={<EyeOutlined />} className="scada-view-only" data-testid="scada-view-only">
          {t('share.viewOnly')}
        </Tag>
      ) : null}
      <span className="scada-head-end">
        <ConnectionState />
        <FullscreenToggle />
      </span>
    </header>
  );
}
