import { useTranslation } from 'react-i18next';
import type { MessageItem, MessageKindName } from '@hmi/domain';
import { useMessageColumns } from './message-columns.tsx';
import { PAGE_SIZES } from './message-params.ts';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';

interface Props {
  kind: MessageKindName;
  list: MessageItem[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage(page: number, pageSize: number): void;
  selected: number[];
  onSelect(ids: number[]): void;
  /** Marks these messages read. */
  onRead(ids: number[]): void;
  compact: boolean;
  /** Shown when the list is empty. */
  empty: string;
  /** A message was opened (its row or its title): show its details. */
  onOpen(m: MessageItem): void;
}

/** Clicks on these open nothing: they are the row's own controls (selection, mark read). */
const OWN_CONTROLS = 'button, a, input, label, .ant-table-selection-column';

/**
 * One page of messages: unread rows in bold with a dot; a row opens the message's details
 * (its full text and, for an alarm, the record as it is now); rows can be selected to mark many.
 */
export function MessageTable(props: Props) {
  const { kind, list, total, loading, page, pageSize, onPage, selected, onSelect, onRead, compact, onOpen } =
    props;
  const { t } = useTranslation('message');

  const columns = useMessageColumns({ kind, compact, onRead, onOpen });

  return (
    <PagedTable<MessageItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list}
      loading={loading}
      tableLayout="fixed"
      data-testid="message-table"
      rowClassName={(m) => (m.read ? 'message-row' : 'message-row message-row-unread')}
      onRow={(m) =>
        ({
          'data-read': m.read ? '1' : '0',
          'data-id': m.id,
          onClick: (e: React.MouseEvent<HTMLElement>) => {
            if (!(e.target as HTMLElement).closest(OWN_CONTROLS)) onOpen(m);
          },
        }) as React.HTMLAttributes<HTMLElement>
      }
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(Number)),
        columnWidth: compact ? 36 : 48,
      }}
      locale={{ emptyText: <div className="device-no-match">{props.empty}</div> }}
      compact={compact}
      paging={{
        page,
        pageSize,
        total,
        onChange: onPage,
        sizes: PAGE_SIZES,
        hideOnSinglePage: total <= PAGE_SIZES[0],
        totalText: (n) => t('total', { count: n }),
      }}
    />
  );
}
