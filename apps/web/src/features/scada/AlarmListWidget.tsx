import { useContext, useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ErrorCode, termKey } from '@hmi/domain';
import { isApiError } from '../../shared/http/http-errors.ts';
import { TIME_FORMAT } from '../../shared/format/date-time.ts';
import { ALARM_LIST_DEVICES_MAX, mergeAlarms, sampleAlarms, type AlarmRow } from './alarm-rows.ts';
import { scadaApi, scadaKeys } from './scada.api.ts';
import { ScreenRuntimeContext } from './screen-context.ts';
import type { BodyProps } from './widget-body.ts';

/*
 * The alarm family: the active alarms of the project's devices (alarm or acknowledged, not yet
 * recovered), newest first, read again every 15 s (the alarm screens' fallback rate). Needs the
 * alarm permission (44): without it the widget says so. Designing: three sample rows.
 */

const REFETCH_MS = 15_000;

/** antd's level colours (alarm-levels.ts) as CSS colours for a dot. */
const levelDot: Record<number, string> = {
  1: '#1677ff',
  2: '#13c2c2',
  4: '#faad14',
  8: '#fa8c16',
  16: '#ff4d4f',
};

function useActiveAlarms(run: boolean, rows: number) {
  const runtime = useContext(ScreenRuntimeContext);
  const ids = run && !runtime?.shared ? (runtime?.deviceIds ?? []).slice(0, ALARM_LIST_DEVICES_MAX) : [];
  const queries = useQueries({
    queries: ids.map((id) => ({
      queryKey: scadaKeys.alarms(id, rows),
      queryFn: ({ signal }: { signal: AbortSignal }) => scadaApi.activeAlarms(id, rows, signal),
      refetchInterval: REFETCH_MS,
      retry: false,
    })),
  });
  const denied = queries.some(
    (q) => isApiError(q.error) && q.error.code === ErrorCode.E1002_PERMISSION_DENIED,
  );
  const failed = !denied && queries.length > 0 && queries.every((q) => q.isError);
  const lists = queries.map((q) => q.data?.list);
  return { lists, denied, failed };
}

export function AlarmListBody({ widget, run }: BodyProps<'alarm-list'>) {
  const { t } = useTranslation('scada');
  const rows = widget.props.maxRows;
  const { lists, denied, failed } = useActiveAlarms(run, rows);
  const shared = useContext(ScreenRuntimeContext)?.shared ?? false;
  const listsKey = JSON.stringify(lists.map((l) => l?.map((r) => [r.id, r.state])));
  const shown: AlarmRow[] = useMemo(
    () =>
      run
        ? mergeAlarms(lists, rows)
        : sampleAlarms(Date.now(), (n) => ({
            device: t('widget.sampleDevice', { n }),
            content: t('widget.sampleAlarm', { n }),
          })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [run, rows, listsKey, t],
  );
  const note = shared
    ? t('widget.alarmShared')
    : denied
      ? t('widget.alarmDenied')
      : failed
        ? t('widget.alarmFailed')
        : shown.length === 0
          ? t('widget.alarmNone')
          : null;
  return (
    <div className="scada-alarms" data-testid="scada-alarm-list">
      <div className="scada-alarm-row scada-alarm-head">
        <span>{t('widget.alarmTime')}</span>
        <span>{t('widget.alarmDevice')}</span>
        <span>{t('widget.alarmLevel')}</span>
        <span>{t('widget.alarmContent')}</span>
      </div>
      {note ? <div className="scada-alarm-note">{note}</div> : null}
      {shown.map((r) => (
        <div
          key={r.id}
          className={`scada-alarm-row${r.state === 2 ? ' scada-alarm-acked' : ''}`}
          data-testid="scada-alarm-row"
        >
          <span>{dayjs(r.raised_at).format(TIME_FORMAT)}</span>
          <span title={r.device_name}>{r.device_name}</span>
          <span>
            <i className="scada-alarm-dot" style={{ background: levelDot[r.level] }} />
            {t(termKey('alarmLevel', r.level))}
          </span>
          <span title={r.content}>{r.content}</span>
        </div>
      ))}
    </div>
  );
}
