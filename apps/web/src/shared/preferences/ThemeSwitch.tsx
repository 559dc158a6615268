import { Button, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from './theme-mode-context.ts';

/** Light/dark toggle, stored under THEME. */
export function ThemeSwitch({ className }: { className?: string }) {
  const { mode, setMode } = useThemeMode();
  const { t } = useTranslation('common');
  const next = mode === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'theme.toDark' : 'theme.toLight');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className={className}
        aria-label={label}
        data-testid="theme-switch"
        data-mode={mode}
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setMode(next)}
      />
    </Tooltip>
  );
}
