import { useCallback, useMemo, useState } from 'react';
import { Button, Skeleton, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BoardLimits, Perm, type BoardCard, type BoardLayouts, type BoardTagRef } from '@hmi/domain';
import {
  BoardGrid,
  boardIndex,
  BoardSuggestion,
  CardEditor,
  cardRefs,
  FavouritesPanel,
  newCardId,
  useBoard,
  useBoardLive,
  useSaveBoard,
} from '../../features/board/index.ts';
import { useFavourites } from '../../features/favourite/index.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import '../../shared/styles/page-list.css';

/** /operations/dashboard (permission 1): the user's own board of indicator and trend cards, and their favourite devices. */
export function DashboardPage() {
  const { t } = useTranslation('board');
  const can = usePermission();
  const showFavourites = can(Perm.DeviceView);
  const board = useBoard();
  const save = useSaveBoard();
  const favourites = useFavourites(showFavourites);
  const [editing, setEditing] = useState<{ card: BoardCard | undefined } | null>(null);
  const [visible, setVisible] = useState<ReadonlySet<string>>(new Set());

  const data = board.data;
  const cards = useMemo(() => data?.cards ?? [], [data]);
  const index = useMemo(() => boardIndex(data ?? { devices: [], tags: [] }), [data]);

  // The tags that stream: those of the cards on screen (indicators and trends), and the
  // favourites' first tags.
  const pairs = useMemo<BoardTagRef[]>(() => {
    const fromCards = cards.filter((c) => visible.has(c.id) && index.inScope(c)).flatMap(cardRefs);
    const fromFavourites = (favourites.data?.list ?? []).flatMap((f) =>
      f.last.map((v) => ({ device_id: f.device_id, tag_id: v.tag_id })),
    );
    return [...fromCards, ...fromFavourites];
  }, [cards, visible, index, favourites.data]);
  const live = useBoardLive(pairs);

  const commit = useCallback(
    (nextCards: BoardCard[], layouts: BoardLayouts) => save.mutate({ cards: nextCards, layouts }),
    [save],
  );
  const full = cards.length >= BoardLimits.maxCards;

  return (
    <div className="device-page board-page" data-testid="board-page">
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub" data-testid="board-count">
            {t('count', { n: cards.length, max: BoardLimits.maxCards })}
          </Typography.Text>
        </div>
        <Tooltip title={full ? t('full', { max: BoardLimits.maxCards }) : undefined}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={full || !data}
            onClick={() => setEditing({ card: undefined })}
            data-testid="board-add"
          >
            {t('add')}
          </Button>
        </Tooltip>
      </div>
      <div className={showFavourites ? 'board-layout' : undefined}>
        <div style={{ minWidth: 0 }}>
          {board.isPending ? (
            <Skeleton active />
          ) : cards.length === 0 ? (
            <BoardSuggestion
              saving={save.isPending}
              onAccept={(suggested) => commit(suggested.cards, suggested.layouts)}
            />
          ) : data ? (
            <BoardGrid
              board={data}
              index={index}
              live={live}
              onVisible={setVisible}
              onLayouts={(layouts) => commit(cards, layouts)}
              onEdit={(card) => setEditing({ card })}
              onRemove={(card) =>
                commit(
                  cards.filter((c) => c.id !== card.id),
                  data.layouts,
                )
              }
            />
          ) : null}
        </div>
        {showFavourites ? <FavouritesPanel live={live} /> : null}
      </div>
      <CardEditor
        open={editing !== null}
        card={editing?.card}
        cards={cards}
        newId={newCardId(cards)}
        deviceName={index.deviceName}
        tagName={(d, tg) => index.tag(d, tg)?.name}
        onCancel={() => setEditing(null)}
        onSave={(card) => {
          const exists = cards.some((c) => c.id === card.id);
          commit(
            exists ? cards.map((c) => (c.id === card.id ? card : c)) : [...cards, card],
            data?.layouts ?? {},
          );
          setEditing(null);
        }}
      />
    </div>
  );
}
