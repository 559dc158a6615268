import type { ReactNode } from 'react';
import { Button, Card, Popconfirm, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, HolderOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  /** The card's device (or one of them) left the caller's scope. */
  noAccess: boolean;
  onEdit(): void;
  onRemove(): void;
  children: ReactNode;
  testId: string;
}

/** A board card: a title bar to drag by, edit and remove; "no access" in place of the content when out of scope. */
export function BoardCardFrame({ title, noAccess, onEdit, onRemove, children, testId }: Props) {
  const { t } = useTranslation('board');
  return (
    <Card
      size="small"
      className="board-card"
      data-testid={testId}
      title={
        <span className="board-card-drag board-card-title">
          <HolderOutlined style={{ marginRight: 6, opacity: 0.5 }} />
          {title}
        </span>
      }
      extra={
        <Space size={0} className="board-card-actions">
          <Tooltip title={t('card.edit')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('card.edit')}
              onClick={onEdit}
              data-testid="board-card-edit"
            />
          </Tooltip>
          <Popconfirm title={t('card.removeConfirm')} onConfirm={onRemove} okText={t('card.remove')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('card.remove')}
              data-testid="board-card-remove"
            />
          </Popconfirm>
        </Space>
      }
    >
      {noAccess ? (
        <div className="board-no-access" data-testid="board-no-access">
          <LockOutlined style={{ marginRight: 6 }} />
          {t('card.noAccess')}
        </div>
      ) : (
        children
      )}
    </Card>
  );
}
