/** Public entry of features/board: the data board's pieces the dashboard page composes. */
export { BoardGrid } from './BoardGrid.tsx';
export { BoardSuggestion } from './BoardSuggestion.tsx';
export { CardEditor } from './CardEditor.tsx';
export { FavouritesPanel } from './FavouritesPanel.tsx';
export { boardIndex, cardTitle } from './board-index.ts';
export { cardRefs, newCardId } from './board-layout.ts';
export { useBoard, useSaveBoard } from './use-board.ts';
export { useBoardLive } from './use-board-live.ts';
