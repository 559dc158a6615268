import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { termKey, type AlarmLevel } from '@hmi/domain';
import { levelColor } from './alarm-levels.ts';
import './alarm.css';

/** An alarm level as a coloured tag (minor blue ... critical red). */
export function AlarmLevelTag({ level }: { level: AlarmLevel }) {
  const { t } = useTranslation('alarm');
  return (
    <Tag color={levelColor[level]} className="alarm-level" data-level={level}>
      {t(termKey('alarmLevel', level))}
    </Tag>
  );
}
