import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Badge, Button, Card, Grid, Modal, Result, Space, Tag, type ButtonProps } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  LiveLimits,
  Limits,
  MenuPath,
  OnlineState,
  Perm,
  SyncState,
  termKey,
  type MonitorTag,
} from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useLiveDevice } from '../../features/live/use-live-device.ts';
import { MonitorTable } from '../../features/monitor/MonitorTable.tsx';
import { PointFormDialog, type PointFormMode } from '../../features/monitor/PointFormDialog.tsx';
import { WriteTagDialog } from '../../features/monitor/WriteTagDialog.tsx';
import { useMonitorList, useMonitorMutations } from '../../features/monitor/use-monitor.ts';
import '../../features/monitor/monitor.css';

/** Re-render this often so quality turns stale without new data. */
const QUALITY_TICK_MS = 5_000;

/** /device/monitor?id=N: a device's tags with live values, writes and its monitor points. */
export function DeviceMonitorPage() {
  const { t } = useTranslation(['monitor', 'live']);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const can = usePermission();
  const compact = Grid.useBreakpoint().md === false;
  const raw = Number(search.get('id'));
  const deviceId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const allowed = can(Perm.DeviceMonitor);

  const list = useMonitorList(allowed ? deviceId : undefined);
  const reply = list.data;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(LiveLimits.pageSizeMax);
  const live = useLiveDevice(allowed && reply ? deviceId : undefined, page, pageSize, (act) => {
    if (act.act === 'sync') void list.refetch();
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), QUALITY_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const [form, setForm] = useState<{ mode: PointFormMode; point?: MonitorTag }>();
  const [writing, setWriting] = useState<MonitorTag>();
  const [selected, setSelected] = useState<number[]>([]);
  const { remove } = useMonitorMutations(deviceId ?? 0);
  const [modal, modalHolder] = Modal.useModal();

  const online = (live.online ?? reply?.online ?? 0) === 1;
  const syncState = live.syncState ?? reply?.sync_state ?? 0;
  const tags = useMemo(() => reply?.tags ?? [], [reply]);
  const takenNames = useMemo(
    () => tags.filter((x) => x.point_id !== form?.point?.point_id || !form?.point).map((x) => x.name),
    [tags, form],
  );

  const confirmDelete = useCallback(
    (ids: number[], name?: string) => {
      void modal.confirm({
        title: name ? t('delete.titleOne', { name }) : t('delete.titleMany', { count: ids.length }),
        content: t('delete.text'),
        okText: t('delete.submit'),
        okButtonProps: { danger: true, 'data-testid': 'delete-confirm' } as ButtonProps,
        cancelText: t('common:cancel'),
        onOk: () =>
          remove.mutateAsync(ids).then((r) => {
            successToast(t('delete.done', { count: r.count }));
            setSelected((s) => s.filter((id) => !ids.includes(id)));
          }, toastFailure),
      });
    },
    [modal, remove, t],
  );

  const back = (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      className="monitor-back"
      onClick={() => void navigate(MenuPath.DeviceList)}
    >
      {t('back')}
    </Button>
  );

  if (!allowed) return <Result status="403" title={t('errors:1002')} extra={back} />;
  if (deviceId === undefined || list.isError) {
    return <Result status="404" title={t('deviceMissing')} extra={back} data-testid="monitor-missing" />;
  }

  const full = reply !== undefined && reply.tag_count >= reply.tag_limit;
  const liveAlert = liveNotice(live.status);

  return (
    <div className="monitor-page" data-testid="monitor-page">
      {modalHolder}
      <div className="monitor-head">
        <div>
          {back}
          <h1 className="monitor-title">
            {t('title')}
            {reply ? ` · ${reply.device_name}` : ''}
          </h1>
          {reply && (
            <div className="monitor-facts">
              <Badge
                status={online ? 'success' : 'default'}
                text={t(termKey('onlineState', online ? OnlineState.Online : OnlineState.Offline))}
                data-testid="monitor-online"
                data-online={online ? 1 : 0}
              />
              <Tag color={syncState === 1 ? 'success' : 'warning'} data-testid="monitor-sync">
                {t(
                  termKey('syncState', syncState === SyncState.Synced ? SyncState.Synced : SyncState.Pending),
                )}
              </Tag>
              <span>
                {t('summary', {
                  template: reply.template_name ?? t('noTemplate'),
                  count: reply.tag_count,
                  limit: reply.tag_limit,
                })}
              </span>
              <Badge
                status={live.status === 'open' ? 'processing' : 'default'}
                text={t(
                  `live:status.${live.status === 'open' ? 'open' : live.status === 'connecting' ? 'connecting' : 'closed'}`,
                )}
                data-testid="monitor-live"
                data-status={live.status}
              />
            </div>
          )}
        </div>
        <Space wrap className="monitor-head-actions">
          {selected.length > 0 && !compact && (
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)}>
              {t('action.deleteSelected', { count: selected.length })}
            </Button>
          )}
          <Button
            icon={<UnorderedListOutlined />}
            disabled={!reply || reply.tag_count + Limits.batchCountMin > reply.tag_limit}
            onClick={() => setForm({ mode: 'batch' })}
            data-testid="monitor-batch"
          >
            {t('action.batchAdd')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!reply || full}
            onClick={() => setForm({ mode: 'add' })}
            data-testid="monitor-add"
          >
            {t('action.add')}
          </Button>
        </Space>
      </div>

      {liveAlert && (
        <Alert
          type={liveAlert.type}
          showIcon
          data-testid="monitor-live-alert"
          title={t(`live:status.${liveAlert.key}`, {
            attempt: live.attempt,
            max: Limits.reconnectMaxAttempts,
          })}
          action={
            live.status === 'reconnecting' ? undefined : (
              <Button size="small" onClick={live.reconnect} data-testid="monitor-reconnect">
                {t('live:reconnect')}
              </Button>
            )
          }
        />
      )}
      {full && <Alert type="warning" showIcon title={t('errors:E_MONITOR_TAG_NUM_LIMIT')} />}

      <Card className="monitor-card">
        <MonitorTable
          deviceId={deviceId}
          tags={tags}
          values={live.values}
          online={online}
          now={now}
          loading={list.isLoading}
          compact={compact}
          page={page}
          pageSize={pageSize}
          onPage={(p, size) => {
            setPage(size === pageSize ? p : 0);
            setPageSize(size);
          }}
          selected={selected}
          onSelect={setSelected}
          onWrite={setWriting}
          onEdit={(point) => setForm({ mode: 'edit', point })}
          onDelete={(point) => point.point_id && confirmDelete([point.point_id], point.name)}
        />
      </Card>

      {form && deviceId && (
        <PointFormDialog
          deviceId={deviceId}
          mode={form.mode}
          point={form.point}
          takenNames={takenNames}
          onClose={() => setForm(undefined)}
        />
      )}
      {writing && deviceId && (
        <WriteTagDialog
          deviceId={deviceId}
          tag={writing}
          values={live.values}
          onClose={() => setWriting(undefined)}
        />
      )}
    </div>
  );
}

function liveNotice(status: string): { type: 'info' | 'warning' | 'error'; key: string } | undefined {
  if (status === 'reconnecting') return { type: 'warning', key: 'reconnecting' };
  if (status === 'failed') return { type: 'error', key: 'failed' };
  if (status === 'gatherTimeout') return { type: 'warning', key: 'gatherTimeout' };
  return undefined;
}
