import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Grid, Space, Typography } from 'antd';
import { CheckOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type MessageItem, type MessageKindName } from '@hmi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { successToast } from '../../shared/feedback/notifier.ts';
import { useAcknowledge } from '../alarm/index.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { messageKeys } from './message.api.ts';
import { useMessageCounts } from '../session/index.ts';
import { MessageFilterBar } from './MessageFilterBar.tsx';
import { MessageTable } from './MessageTable.tsx';
import { MessageDrawer } from './MessageDrawer.tsx';
import { toMessageQuery } from './message-params.ts';
import { useAlarmMessageExport } from './use-alarm-message-export.ts';
import { useMessageList, useSetRead } from './use-messages.ts';
import { useMessageParams } from './use-message-params.ts';
import '../../shared/styles/page-list.css';
import './message.css';

/**
 * A message page of the message centre: filters in the URL, one page of the user's messages of
 * `kind` (notices, alarms or billing), mark read one / selected / all; alarm messages add state
 * and level filters and the xlsx export of AskAlarms.
 */
export function MessageListView({ kind }: { kind: MessageKindName }) {
  const { t } = useTranslation('message');
  const compact = Grid.useBreakpoint().md === false;
  const [params, update] = useMessageParams();
  const query = useMemo(() => toMessageQuery(params, kind), [params, kind]);
  const list = useMessageList(query);
  const counts = useMessageCounts();
  const unread = counts.data?.unread[kind] ?? 0;
  const setRead = useSetRead();
  const exporter = useAlarmMessageExport();
  const [selected, setSelected] = useState<number[]>([]);
  const alarm = kind === 'alarm';
  const canAck = usePermission()(Perm.DeviceAlarm) && alarm;
  const queryClient = useQueryClient();
  // The record's state shows in the messages too (the notify socket also says so).
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: messageKeys.all }),
    [queryClient],
  );
  const { acknowledge, acking } = useAcknowledge(refresh);
  // The opened message as the list shows it now (its record's state changes while it is open).
  const [opened, setOpened] = useState<MessageItem>();
  const shown = opened ? (list.data?.list.find((m) => m.id === opened.id) ?? opened) : undefined;
  const open = useCallback(
    (m: MessageItem) => {
      setOpened(m);
      if (!m.read) setRead.mutate({ ids: [m.id] });
    },
    [setRead],
  );

  // A selection belongs to the rows it was made on.
  const queryKey = JSON.stringify(query);
  useEffect(() => setSelected([]), [queryKey]);

  const markRead = useCallback((ids: number[]) => setRead.mutate({ ids }), [setRead]);
  const markSelected = () =>
    setRead.mutate(
      { ids: selected },
      {
        onSuccess: (r) => {
          setSelected([]);
          successToast(t('action.readDone', { count: r.updated }));
        },
      },
    );
  const markAll = () =>
    setRead.mutate(
      { all: true, kind },
      { onSuccess: (r) => successToast(t('action.readDone', { count: r.updated })) },
    );

  const exportButton = alarm ? (
    <Button
      icon={<DownloadOutlined />}
      loading={exporter.busy}
      onClick={() => void exporter.run(params, t('exportFile'))}
      aria-label={t('action.export')}
      data-testid="message-export"
    >
      {compact ? null : t('action.export')}
    </Button>
  ) : null;

  const reply = list.data;
  const filtered = Boolean(
    params.search || params.read || params.from || params.to || params.state || params.level,
  );

  return (
    <div className="device-page message-page" data-testid={`message-page-${kind}`}>
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t(`title.${kind}`)}</h1>
          <Typography.Text type="secondary" className="device-page-sub" data-testid="message-unread">
            {t('unreadCount', { count: unread })}
          </Typography.Text>
        </div>
        <Space size={8} wrap>
          {exportButton}
          <Button
            icon={<CheckOutlined />}
            disabled={unread === 0}
            loading={setRead.isPending && setRead.variables && 'all' in setRead.variables}
            onClick={markAll}
            data-testid="message-read-all"
          >
            {t('action.markAllRead')}
          </Button>
        </Space>
      </div>
      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <MessageFilterBar kind={kind} params={params} onChange={update} compact={compact} />
        {exporter.failure ? (
          <Alert
            type="error"
            showIcon
            title={exporter.failure}
            closable={{ onClose: exporter.clearFailure }}
            className="message-inline-alert"
            data-testid="message-export-error"
          />
        ) : null}
        {selected.length > 0 ? (
          <div className="message-selection" data-testid="message-selection">
            <span>{t('selected', { count: selected.length })}</span>
            <Space size={8}>
              <Button size="small" type="primary" onClick={markSelected} data-testid="message-read-selected">
                {t('action.markSelectedRead')}
              </Button>
              <Button size="small" onClick={() => setSelected([])}>
                {t('action.clearSelection')}
              </Button>
            </Space>
          </div>
        ) : null}
        <MessageTable
          kind={kind}
          list={reply?.list ?? []}
          total={reply?.total ?? 0}
          loading={list.isPending}
          page={params.page}
          pageSize={params.page_size}
          onPage={(page, pageSize) => update({ page, page_size: pageSize })}
          selected={selected}
          onSelect={setSelected}
          onRead={markRead}
          compact={compact}
          empty={filtered ? t('noMatch') : t(`empty.${kind}`)}
          onOpen={open}
        />
      </Card>
      <MessageDrawer
        message={shown}
        onClose={() => setOpened(undefined)}
        canAck={canAck}
        acking={shown?.alarm ? acking.includes(shown.alarm.id) : false}
        onAck={(recordId, comment) => acknowledge([recordId], comment)}
      />
    </div>
  );
}
