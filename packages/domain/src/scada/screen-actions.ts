import { z } from 'zod';
import { screenBinding, screenRefId, writeValue } from './screen-primitives.ts';

/*
 * What a widget does when it is operated on the running screen (/scada): a widget's `actions`
 * run in order on a press (a click or a tap). Writing actions (set, toggle, momentary) write
 * through the device's tag write (settag) and need the widget's security zone when it names one;
 * goto opens another screen of the same project; recipe downloads a recipe to its devices.
 */

/** Writes `value` to the bound tag. */
export const setAction = z.strictObject({
  kind: z.literal('set'),
  binding: screenBinding,
  value: writeValue,
});

/** Writes 1 when the bound tag reads 0 (or false), 0 otherwise. */
export const toggleAction = z.strictObject({
  kind: z.literal('toggle'),
  binding: screenBinding,
});

/** Writes `pressValue` while pressed and `releaseValue` when let go (a jog or a push button). */
export const momentaryAction = z.strictObject({
  kind: z.literal('momentary'),
  binding: screenBinding,
  pressValue: writeValue,
  releaseValue: writeValue,
});

/** Opens another screen (of the same project). */
export const gotoAction = z.strictObject({
  kind: z.literal('goto'),
  screenId: screenRefId,
});

/** Downloads a recipe. */
export const recipeAction = z.strictObject({
  kind: z.literal('recipe'),
  recipeId: screenRefId,
});

export const screenAction = z.discriminatedUnion('kind', [
  setAction,
  toggleAction,
  momentaryAction,
  gotoAction,
  recipeAction,
]);
export type ScreenAction = z.infer<typeof screenAction>;
export type ScreenActionKind = ScreenAction['kind'];
export const screenActionKinds = [
  'set',
  'toggle',
  'momentary',
  'goto',
  'recipe',
] as const satisfies readonly ScreenActionKind[];
