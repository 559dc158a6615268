import { useMemo } from 'react';
import { Button, Tooltip, Typography, type TableProps } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AlarmRecordState, type AlarmRecord } from '@hmi/domain';
import { alarmContentColumn } from './alarm-content-column.tsx';
import { AlarmLevelTag } from './AlarmLevelTag.tsx';
import { AlarmStateBadge } from './AlarmStateBadge.tsx';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { formatDateTime } from '../../shared/format/date-time.ts';

const time = (ms: number | null) => (ms === null ? null : formatDateTime(ms));
type Column = NonNullable<TableProps<AlarmRecord>['columns']>[number];

export interface AlarmRecordColumnsArgs {
  compact: boolean;
  /** Acknowledging needs the alarm permission: without it no acknowledge button. */
  canAck: boolean;
  acking: readonly number[];
  onAck(ids: number[]): void;
  /** A row was opened (its name with the keyboard): show its details. */
  onOpen(record: AlarmRecord): void;
}

interface Ctx extends AlarmRecordColumnsArgs {
  t: TFunction<'alarm'>;
  muted: React.ReactNode;
}

/** The columns of the alarm record table: a phone's two, or the desktop's full set. */
export function useAlarmRecordColumns(args: AlarmRecordColumnsArgs): Column[] {
  const { t } = useTranslation('alarm');
  const { compact, canAck, acking, onAck, onOpen } = args;
  return useMemo<Column[]>(() => {
    const ctx: Ctx = {
      t,
      muted: <span className="alarm-muted">—</span>,
      compact,
      canAck,
      acking,
      onAck,
      onOpen,
    };
    return compact ? compactColumns(ctx) : desktopColumns(ctx);
  }, [t, compact, canAck, acking, onAck, onOpen]);
}

function levelAndState({ t, compact }: Ctx): Column {
  return {
    key: 'level',
    title: t('field.level'),
    width: compact ? 92 : 112,
    render: (_v, r) => (
      <div className="alarm-cell-stack">
        <AlarmLevelTag level={r.level} />
        <AlarmStateBadge state={r.state} />
      </div>
    ),
  };
}

/** A phone: what, where and when; the row opens every field and acknowledging. */
function compactColumns(ctx: Ctx): Column[] {
  const { t, onOpen } = ctx;
  return [
    levelAndState(ctx),
    {
      key: 'what',
      title: t('field.content'),
      render: (_v, r) => (
        <div className="alarm-cell-stack">
          <button
            type="button"
            className="alarm-open"
            onClick={() => onOpen(r)}
            data-testid="alarm-record-open"
          >
            <Typography.Text ellipsis>{r.content || r.rule_name}</Typography.Text>
          </button>
          <span className="alarm-sub">
            <DeviceNameLink id={r.device_id} name={r.device_name} /> · {r.tag_name} ={' '}
            <span className="alarm-mono">{r.value}</span>
          </span>
          <span className="alarm-sub alarm-mono">{time(r.raised_at)}</span>
        </div>
      ),
    },
  ];
}

/** 1440 px: every column fits beside the menu (the table's DESKTOP_WIDTH); the rest is in the details. */
function desktopColumns(ctx: Ctx): Column[] {
  return [levelAndState(ctx), ...whereColumns(ctx), ...whatColumns(ctx), ...answerColumns(ctx)];
}

/** When it was raised and recovered, on which device and tag. */
function whereColumns({ t }: Ctx): Column[] {
  return [
    {
      key: 'raised',
      title: t('field.raisedRecovered'),
      width: 156,
      render: (_v, r) => (
        <div className="alarm-cell-stack alarm-mono alarm-small">
          <span>{time(r.raised_at)}</span>
          {r.recovered_at !== null ? (
            <span className="alarm-sub alarm-mono" title={t('field.recoveredAt')}>
              {time(r.recovered_at)}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'device',
      title: t('field.device'),
      width: 136,
      render: (_v, r) => (
        <div className="alarm-cell-stack">
          <span className="alarm-ellipsis" data-testid="alarm-record-device" title={r.device_name}>
            <DeviceNameLink id={r.device_id} name={r.device_name} />
          </span>
          <span className="alarm-sub" title={r.tag_name}>
            {r.tag_name}
          </span>
        </div>
      ),
    },
  ];
}

/** Which rule, its message and the values. */
function whatColumns({ t, muted, onOpen }: Ctx): Column[] {
  return [
    {
      key: 'rule',
      title: t('field.rule'),
      width: 150,
      render: (_v, r) => (
        <div className="alarm-cell-stack">
          <button
            type="button"
            className="alarm-open alarm-ellipsis"
            onClick={() => onOpen(r)}
            title={r.rule_name}
            data-testid="alarm-record-rule"
          >
            {r.rule_name}
          </button>
          {r.group_name ? <span className="alarm-sub">{r.group_name}</span> : null}
        </div>
      ),
    },
    alarmContentColumn<AlarmRecord>(t, muted),
    {
      key: 'value',
      title: t('field.raisedValue'),
      width: 120,
      align: 'right',
      render: (_v, r) => (
        <div className="alarm-cell-stack alarm-cell-end">
          <span className="alarm-mono alarm-ellipsis" title={r.value}>
            {r.value}
          </span>
          <span className="alarm-sub" title={t('field.lastValue')}>
            {t('record.now')}{' '}
            <span className="alarm-mono" data-testid="alarm-record-last">
              {r.last_value}
            </span>
            {r.times > 1 ? <span data-testid="alarm-record-times"> · ×{r.times}</span> : null}
          </span>
        </div>
      ),
    },
  ];
}

/** Who acknowledged it and when, and the acknowledge button. */
function answerColumns({ t, muted, canAck, acking, onAck }: Ctx): Column[] {
  return [
    {
      key: 'acked',
      title: t('field.ackedAt'),
      width: 156,
      render: (_v, r) =>
        r.acked_at === null ? (
          muted
        ) : (
          <div className="alarm-cell-stack">
            <span className="alarm-mono alarm-small">{time(r.acked_at)}</span>
            <span className="alarm-sub" data-testid="alarm-record-responder">
              {r.acked_by ?? ''}
            </span>
            {r.ack_comment ? (
              <span className="alarm-sub alarm-ellipsis" title={r.ack_comment}>
                {r.ack_comment}
              </span>
            ) : null}
          </div>
        ),
    },
    {
      key: 'ack',
      title: t('field.actions'),
      width: 84,
      align: 'center',
      fixed: 'right',
      render: (_v, r) =>
        canAck && r.state === AlarmRecordState.Alarm ? (
          <Tooltip title={t('record.ack')}>
            <Button
              size="small"
              type="text"
              icon={<CheckOutlined />}
              loading={acking.includes(r.id)}
              onClick={() => onAck([r.id])}
              aria-label={t('record.ack')}
              data-testid="alarm-record-ack"
            />
          </Tooltip>
        ) : null,
    },
  ];
}
