import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Card, Grid, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, type DeviceListItem, type LabelRef } from '@hmi/domain';
import { DeviceTable, type DeviceAction } from '../../features/device/DeviceTable.tsx';
import { DeviceFilterBar } from '../../features/device/DeviceFilterBar.tsx';
import { ColumnSettings } from '../../features/device/ColumnSettings.tsx';
import { DeviceEmptyState } from '../../features/device/DeviceEmptyState.tsx';
import { DeviceFormDialog } from '../../features/device/DeviceFormDialog.tsx';
import { MoveDevicesDialog } from '../../features/device/MoveDevicesDialog.tsx';
import { DeviceLabelsDialog } from '../../features/device/DeviceLabelsDialog.tsx';
import { AssignTemplateDialog } from '../../features/device/AssignTemplateDialog.tsx';
import { LabelManagerDrawer } from '../../features/label/LabelManagerDrawer.tsx';
import { useDeviceList } from '../../features/device/use-device-queries.ts';
import { useLiveDeviceRefresh } from '../../features/device/use-live-device-refresh.ts';
import { useConfirmUnbind } from '../../features/device/use-confirm-unbind.ts';
import { DeviceBulkBar } from '../../features/device/DeviceBulkBar.tsx';
import { DeviceListHead } from '../../features/device/DeviceListHead.tsx';
import { useDeviceListParams } from '../../features/device/use-device-list-params.ts';
import { activeFilterCount, toListQuery } from '../../features/device/device-list-params.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { REMOTE_VIEW_RULE } from '../../features/remote/remote-rights.ts';
import {
  allowedColumns,
  desktopColumns,
  phoneColumns,
  wideColumns,
  type DeviceColumnKey,
} from '../../features/device/device-columns.ts';
import '../../shared/styles/page-list.css';

interface Target {
  ids: number[];
  current?: number | null;
  labels?: readonly LabelRef[];
}

/** /device/devicelist: the team's devices, with binding, filters and bulk actions. */
export function DeviceListPage() {
  const { t } = useTranslation('device');
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  const can = usePermission();
  const canBind = can(Perm.DeviceBind);
  const canEdit = can(Perm.DeviceEdit);
  const canDelete = can(Perm.DeviceDelete);
  const canMonitor = can(Perm.DeviceMonitor);
  const canRemote = can(REMOTE_VIEW_RULE);
  const columnRights = useMemo(() => ({ zone: can(Perm.SafeZoneView) }), [can]);

  const [params, update] = useDeviceListParams();
  const query = useMemo(() => toListQuery(params), [params]);
  const list = useDeviceList(query);
  const onScreen = useMemo(() => list.data?.list.map((d) => d.id) ?? [], [list.data]);
  const liveTunnels = useLiveDeviceRefresh(onScreen);

  const [chosenColumns, setChosenColumns] = useState<DeviceColumnKey[]>();
  const shown = chosenColumns ?? (compact ? phoneColumns : screens.xxl ? wideColumns : desktopColumns);
  const columns = useMemo(() => allowedColumns(shown, columnRights), [shown, columnRights]);
  const [selected, setSelected] = useState<number[]>([]);
  const [form, setForm] = useState<{ device?: DeviceListItem | undefined }>();
  const [move, setMove] = useState<Target>();
  const [labels, setLabels] = useState<Target>();
  const [template, setTemplate] = useState<Target>();
  const [labelDrawer, setLabelDrawer] = useState(false);
  const { confirmUnbind, holder: modalHolder } = useConfirmUnbind(setSelected);
  const [search, setSearch] = useSearchParams();

  // ?bind=1 (the overview's quick action) opens the bind dialog once.
  useEffect(() => {
    if (search.get('bind') !== '1') return;
    if (canBind) setForm({});
    const next = new URLSearchParams(search);
    next.delete('bind');
    setSearch(next, { replace: true });
  }, [search, setSearch, canBind]);

  const onAction = useCallback(
    (action: DeviceAction, d: DeviceListItem) => {
      if (action === 'edit') setForm({ device: d });
      else if (action === 'move') setMove({ ids: [d.id], current: d.group_id });
      else if (action === 'labels') setLabels({ ids: [d.id], labels: d.labels });
      else if (action === 'template') setTemplate({ ids: [d.id], current: d.template_id });
      else confirmUnbind([d.id], d.name);
    },
    [confirmUnbind],
  );

  const reply = list.data;
  const filtered = activeFilterCount(params) > 0 || Boolean(params.search);
  const noDevicesAtAll = reply !== undefined && reply.total === 0 && !filtered;
  const closeBulk = (done: boolean) => done && setSelected([]);

  return (
    <div className="device-page" data-testid="device-list-page">
      {modalHolder}
      <DeviceListHead canBind={canBind} onBind={() => setForm({})} onLabels={() => setLabelDrawer(true)} />

      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <DeviceFilterBar
          params={params}
          onChange={update}
          compact={compact}
          extra={
            <ColumnSettings
              value={columns}
              onChange={setChosenColumns}
              onReset={() => setChosenColumns(undefined)}
              rights={columnRights}
            />
          }
        />
        <DeviceBulkBar
          selected={selected}
          canEdit={canEdit}
          canDelete={canDelete}
          onMove={() => setMove({ ids: selected })}
          onLabels={() => setLabels({ ids: selected })}
          onTemplate={() => setTemplate({ ids: selected })}
          onUnbind={() => confirmUnbind(selected)}
          onClear={() => setSelected([])}
        />
        {list.isError && !reply ? <Alert type="error" showIcon title={t('list.loadFailed')} /> : null}
        <DeviceTable
          reply={reply}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          params={params}
          columns={columns}
          compact={compact}
          canEdit={canEdit}
          canDelete={canDelete}
          canMonitor={canMonitor}
          canRemote={canRemote}
          liveTunnels={liveTunnels}
          selected={selected}
          onSelect={setSelected}
          onAction={onAction}
          onChange={update}
          empty={
            noDevicesAtAll ? (
              <DeviceEmptyState canBind={canBind} onBind={() => setForm({})} />
            ) : (
              <div className="device-no-match" data-testid="device-no-match">
                {t('list.noMatch')}
              </div>
            )
          }
        />
        <Typography.Text type="secondary" className="device-live-note">
          {t('list.liveNote')}
        </Typography.Text>
      </Card>

      <DeviceFormDialog open={form !== undefined} device={form?.device} onClose={() => setForm(undefined)} />
      <MoveDevicesDialog
        ids={move?.ids}
        current={move?.current ?? null}
        onClose={(done) => {
          if (move && move.ids === selected) closeBulk(done);
          setMove(undefined);
        }}
      />
      <DeviceLabelsDialog
        ids={labels?.ids}
        current={labels?.labels}
        onManage={() => setLabelDrawer(true)}
        onClose={(done) => {
          if (labels && labels.ids === selected) closeBulk(done);
          setLabels(undefined);
        }}
      />
      <AssignTemplateDialog
        ids={template?.ids}
        current={template?.current ?? null}
        onClose={(done) => {
          if (template && template.ids === selected) closeBulk(done);
          setTemplate(undefined);
        }}
      />
      <LabelManagerDrawer open={labelDrawer} onClose={() => setLabelDrawer(false)} canEdit={canEdit} />
    </div>
  );
}
