import type { ReactNode } from 'react';
import { Button, Grid, Space, Switch, Tooltip, type ButtonProps } from 'antd';
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

/** One tool: icon and text; on a phone the icon alone, named by its tooltip and aria-label. */
function Tool({
  text,
  compact,
  ...button
}: ButtonProps & { text: string; compact: boolean; icon: ReactNode }) {
  if (!compact) return <Button {...button}>{text}</Button>;
  return (
    <Tooltip title={text}>
      <Button {...button} aria-label={text} />
    </Tooltip>
  );
}

/** Tools of the remote screen: full screen, scaling, clipboard, reconnect, takeover, end. */
export function RemoteToolbar(p: Props) {
  const { t } = useTranslation('remote');
  // A phone shows the tools as icons so that the screen starts higher.
  const compact = Grid.useBreakpoint().md === false;
  const fullscreenText = p.fullscreen ? t('tool.exitFullscreen') : t('tool.fullscreen');
  return (
    <Space wrap size={8} className="remote-toolbar">
      <Tooltip title={fullscreenText}>
        <Button
          icon={p.fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={p.onFullscreen}
          aria-label={fullscreenText}
          data-testid="remote-fullscreen"
        />
      </Tooltip>
      <label className="remote-scale">
        <Switch size="small" checked={p.scale} onChange={p.onScale} data-testid="remote-scale" />
        <span>{t('tool.scale')}</span>
      </label>
      <Tool
        compact={compact}
        text={t('tool.clipboard')}
        icon={<CopyOutlined />}
        type={p.clipboardOpen ? 'primary' : 'default'}
        ghost={p.clipboardOpen}
        onClick={p.onClipboard}
        data-testid="remote-clipboard"
      />
      <Tool
        compact={compact}
        text={t('tool.reconnect')}
        icon={<ReloadOutlined />}
        onClick={p.onReconnect}
        disabled={p.busy}
        data-testid="remote-reconnect"
      />
      {p.canTakeover ? (
        <Tool
          compact={compact}
          text={t('tool.takeover')}
          icon={<SwapOutlined />}
          onClick={p.onTakeover}
          disabled={p.busy}
          data-testid="remote-takeover"
        />
      ) : null}
      {p.live ? (
        <Tool
          compact={compact}
          text={t('tool.end')}
          danger
          icon={<DisconnectOutlined />}
          onClick={p.onEnd}
          data-testid="remote-end"
        />
      ) : null}
    </Space>
  );
}
