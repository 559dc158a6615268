import { Button, Space, Switch, Tooltip } from 'antd';
import {
  CopyOutlined,
  DisconnectOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ReloadOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  live: boolean;
  busy: boolean;
  fullscreen: boolean;
  scale: boolean;
  clipboardOpen: boolean;
  /** Someone else operates and the user is the team's main account. */
  canTakeover: boolean;
  onFullscreen(): void;
  onScale(scale: boolean): void;
  onClipboard(): void;
  onReconnect(): void;
  onEnd(): void;
  onTakeover(): void;
}

/** Tools of the remote screen: full screen, scaling, clipboard, reconnect, takeover, end. */
export function RemoteToolbar(p: Props) {
  const { t } = useTranslation('remote');
  return (
    <Space wrap size={8} className="remote-toolbar">
      <Tooltip title={p.fullscreen ? t('tool.exitFullscreen') : t('tool.fullscreen')}>
        <Button
          icon={p.fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={p.onFullscreen}
          aria-label={p.fullscreen ? t('tool.exitFullscreen') : t('tool.fullscreen')}
          data-testid="remote-fullscreen"
        />
      </Tooltip>
      <span className="remote-scale">
        <Switch size="small" checked={p.scale} onChange={p.onScale} data-testid="remote-scale" />
        <span>{t('tool.scale')}</span>
      </span>
      <Button
        icon={<CopyOutlined />}
        type={p.clipboardOpen ? 'primary' : 'default'}
        ghost={p.clipboardOpen}
        onClick={p.onClipboard}
        data-testid="remote-clipboard"
      >
        {t('tool.clipboard')}
      </Button>
      <Button
        icon={<ReloadOutlined />}
        onClick={p.onReconnect}
        disabled={p.busy}
        data-testid="remote-reconnect"
      >
        {t('tool.reconnect')}
      </Button>
      {p.canTakeover ? (
        <Button
          icon={<SwapOutlined />}
          onClick={p.onTakeover}
          disabled={p.busy}
          data-testid="remote-takeover"
        >
          {t('tool.takeover')}
        </Button>
      ) : null}
      {p.live ? (
        <Button danger icon={<DisconnectOutlined />} onClick={p.onEnd} data-testid="remote-end">
          {t('tool.end')}
        </Button>
      ) : null}
    </Space>
  );
}
