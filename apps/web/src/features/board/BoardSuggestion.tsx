import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { BulbOutlined, DashboardOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BoardReply } from '@hmi/domain';
import { boardApi, boardKeys } from './board.api.ts';
import { boardIndex, cardTitle } from './board-index.ts';
import './board.css';

interface Props {
  /** Saves the suggested cards and layouts as the user's board. */
  onAccept(suggestion: Pick<BoardReply, 'cards' | 'layouts'>): void;
  saving: boolean;
}

/**
 * The empty board: what a board is for, and, when the team has devices with number tags, a
 * board suggested from them (GET /board/suggestion) that one click saves as the user's board.
 */
export function BoardSuggestion({ onAccept, saving }: Props) {
  const { t } = useTranslation('board');
  const suggestion = useQuery({ queryKey: boardKeys.suggestion, queryFn: boardApi.suggestion });
  const data = suggestion.data;
  const index = useMemo(() => boardIndex(data ?? { devices: [], tags: [] }), [data]);
  const empty = <span data-testid="board-empty">{t('empty')}</span>;

  if (suggestion.isPending) return <Skeleton active />;
  if (!data || data.cards.length === 0) return <Empty description={empty} />;
  return (
    <Card className="board-suggestion" data-testid="board-suggestion">
      <div className="board-suggestion-head">
        <BulbOutlined className="board-suggestion-icon" />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('suggest.title')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('suggest.text', { count: data.cards.length, devices: data.devices.length })}
          </Typography.Text>
        </div>
      </div>
      <ul className="board-suggestion-list" data-testid="board-suggestion-cards">
        {data.cards.map((card) => (
          <li key={card.id} data-kind={card.kind}>
            {card.kind === 'indicator' ? <DashboardOutlined /> : <LineChartOutlined />}
            <span className="board-suggestion-name">{cardTitle(card, index)}</span>
            <Tag bordered={false}>{t(`kind.${card.kind}`)}</Tag>
          </li>
        ))}
      </ul>
      <div className="board-suggestion-actions">
        <Button
          type="primary"
          loading={saving}
          onClick={() => onAccept({ cards: data.cards, layouts: data.layouts })}
          data-testid="board-suggestion-accept"
        >
          {t('suggest.accept')}
        </Button>
        <Typography.Text type="secondary">{empty}</Typography.Text>
      </div>
    </Card>
  );
}
