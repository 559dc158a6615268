import { ApiOutlined, ClockCircleOutlined, LockOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_VALUE } from './format-value.ts';
import type { LiveQuality } from './widget-types.ts';

const icons: Record<Exclude<LiveQuality, 'good'>, ReactNode> = {
  stale: <ClockCircleOutlined />,
  offline: <ApiOutlined />,
  denied: <LockOutlined />,
  none: NO_VALUE,
};

/**
 * The corner mark of a bound widget whose value is not good: a clock (stale, the widget dimmed),
 * a plug (offline, the widget grey), a lock (denied), a dash (no value yet). The widget's outline
 * follows its quality too (scada.css, `scada-q-*`). Its title says it in words.
 */
export function QualityBadge({ quality }: { quality: LiveQuality }) {
  const { t } = useTranslation('scada');
  if (quality === 'good') return null;
  return (
    <span
      className={`scada-quality scada-quality-${quality}`}
      title={t(`quality.${quality}`)}
      aria-label={t(`quality.${quality}`)}
      role="img"
      data-testid="scada-quality"
      data-quality={quality}
    >
      {icons[quality]}
    </span>
  );
}
