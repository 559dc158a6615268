import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Grid, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LiveLimits, Perm, type MonitorTag } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useLiveDevice } from '../../features/live/use-live-device.ts';
import type { PointFormMode } from '../../features/monitor/PointFormDialog.tsx';
import { useMonitorList, useMonitorMutations } from '../../features/monitor/use-monitor.ts';

/** Re-render this often so quality turns stale without new data. */
const QUALITY_TICK_MS = 5_000;

/**
 * The monitor screen's state: the device from the address, its tag list and live values (the
 * table's page), the clock that ages qualities, the open dialog, the selection and deletion.
 */
export function useDeviceMonitorState() {
  const { t } = useTranslation(['monitor', 'live']);
  const [search] = useSearchParams();
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

  const onPage = (p: number, size: number) => {
    setPage(size === pageSize ? p : 0);
    setPageSize(size);
  };

  return {
    compact,
    deviceId,
    allowed,
    list,
    reply,
    page,
    pageSize,
    onPage,
    live,
    now,
    form,
    setForm,
    writing,
    setWriting,
    selected,
    setSelected,
    modalHolder,
    online,
    syncState,
    tags,
    takenNames,
    confirmDelete,
  };
}

export type DeviceMonitorState = ReturnType<typeof useDeviceMonitorState>;
