import { useEffect, useMemo, useRef } from 'react';
import { Responsive, useContainerWidth, type Layout } from 'react-grid-layout';
import {
  BoardBreakpointWidth,
  BoardColumns,
  boardBreakpoints,
  type BoardBreakpoint,
  type BoardCard,
  type BoardLayouts,
  type BoardReply,
} from '@hmi/domain';
import { BoardCardFrame } from './BoardCardFrame.tsx';
import { IndicatorCardBody } from './IndicatorCardBody.tsx';
import { TrendCardBody } from './TrendCardBody.tsx';
import { completeLayouts, ROW_HEIGHT, toStoredLayouts } from './board-layout.ts';
import { cardTitle, type BoardIndex } from './board-index.ts';
import type { BoardLive } from './use-board-live.ts';
import 'react-grid-layout/css/styles.css';
import './board.css';

interface Props {
  board: BoardReply;
  index: BoardIndex;
  live: BoardLive;
  onLayouts(layouts: BoardLayouts): void;
  onEdit(card: BoardCard): void;
  onRemove(card: BoardCard): void;
  /** The ids of the cards in the viewport, as they change (their tags stream). */
  onVisible(ids: ReadonlySet<string>): void;
}

/** The breakpoint of a width (the widest whose minimum it reaches). */
export const breakpointOf = (width: number): BoardBreakpoint =>
  boardBreakpoints.find((bp) => width >= BoardBreakpointWidth[bp]) ?? 'xs';

/**
 * The cards on a responsive grid (react-grid-layout): dragged by their title bar, resized from
 * their corner; a move or resize saves the layout of the current breakpoint only. On a phone
 * (one column) the cards stack.
 */
export function BoardGrid({ board, index, live, onLayouts, onEdit, onRemove, onVisible }: Props) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layouts = useMemo(() => completeLayouts(board.cards, board.layouts), [board.cards, board.layouts]);
  useVisibleCards(containerRef, mounted, board.cards, onVisible);
  const bp = breakpointOf(width);
  const save = (layout: Layout) => onLayouts({ ...board.layouts, ...toStoredLayouts({ [bp]: layout }) });

  return (
    <div ref={containerRef} data-testid="board-grid" data-breakpoint={bp}>
      {mounted ? (
        <Responsive
          width={width}
          layouts={layouts}
          breakpoints={BoardBreakpointWidth}
          cols={BoardColumns}
          rowHeight={ROW_HEIGHT}
          margin={[12, 12]}
          containerPadding={[0, 0]}
          dragConfig={{ enabled: bp !== 'xs', handle: '.board-card-drag' }}
          resizeConfig={{ enabled: bp !== 'xs' }}
          onDragStop={save}
          onResizeStop={save}
        >
          {board.cards.map((card) => (
            <div key={card.id} data-card-id={card.id}>
              <BoardCardFrame
                title={cardTitle(card, index)}
                noAccess={!index.inScope(card)}
                onEdit={() => onEdit(card)}
                onRemove={() => onRemove(card)}
                testId={`board-card-${card.kind}`}
              >
                {card.kind === 'indicator' ? (
                  <IndicatorCardBody
                    card={card}
                    tag={index.tag(card.device_id, card.tag_id)!}
                    online={
                      (live.online.get(card.device_id) ?? index.device(card.device_id)?.online ?? 0) === 1
                    }
                    live={live}
                  />
                ) : (
                  <TrendCardBody card={card} tags={board.tags} deviceName={index.deviceName} live={live} />
                )}
              </BoardCardFrame>
            </div>
          ))}
        </Responsive>
      ) : null}
    </div>
  );
}

/** Which cards are in the viewport (one IntersectionObserver for the grid). */
function useVisibleCards(
  container: React.RefObject<HTMLDivElement | null>,
  mounted: boolean,
  cards: readonly BoardCard[],
  onVisible: (ids: ReadonlySet<string>) => void,
): void {
  const callback = useRef(onVisible);
  callback.current = onVisible;
  const key = cards.map((c) => c.id).join(',');
  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === 'undefined') {
      callback.current(new Set(key ? key.split(',') : []));
      return;
    }
    const seen = new Map<string, boolean>();
    const observer = new IntersectionObserver((entries) => {
      for (const e of entries) {
        const id = (e.target as HTMLElement).dataset.cardId;
        if (id) seen.set(id, e.isIntersecting);
      }
      callback.current(new Set([...seen].filter(([, v]) => v).map(([id]) => id)));
    });
    root.querySelectorAll<HTMLElement>('[data-card-id]').forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [container, key, mounted]);
}
