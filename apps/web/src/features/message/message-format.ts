import { useCallback } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@hmi/domain';
import { CLOCK_FORMAT } from '../../shared/format/date-time.ts';

/** Today's times need no date (the header's list of today's messages). */
export const formatClock = (ms: number): string => dayjs(ms).format(CLOCK_FORMAT);

/**
 * The title a message shows. An alarm message is named by its record (device and rule): its
 * level is a tag beside the title, so the stored title (which names the level for mails and
 * other readers) would say it twice. Other messages, and alarm messages whose record is gone,
 * show their stored title.
 */
export function useMessageTitle(): (m: MessageItem) => string {
  const { t } = useTranslation('message');
  return useCallback(
    (m: MessageItem) =>
      m.kind === 'alarm' && m.alarm
        ? t('alarmTitle', { device: m.alarm.device_name, rule: m.alarm.rule_name })
        : m.title,
    [t],
  );
}
