import { BoardLimits } from '../api/board.api.ts';
import { invalid, VALID, type ValidationResult } from './validation-result.ts';

/** The cards of a board have distinct ids (they key the layout). */
export function validateBoardCardIds(cards: readonly { id: string }[]): ValidationResult {
  const seen = new Set<string>();
  for (const c of cards) {
    if (seen.has(c.id)) return invalid('validation.board.duplicateCard', { id: c.id });
    seen.add(c.id);
  }
  return VALID;
}

/** Whether one more favourite device may be starred next to `count` existing ones. */
export function validateFavouriteAdd(count: number): ValidationResult {
  return count < BoardLimits.favouritesMax
    ? VALID
    : invalid('validation.board.favouritesFull', { max: BoardLimits.favouritesMax });
}
