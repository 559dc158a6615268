import { RESERVED_RECIPE_NAMES } from '../constants/reserved-names.constants.ts';
import { validateSingleLineText } from './free-text.validation.ts';
import { charLength, invalid, VALID } from './validation-result.ts';
import type { ValidationResult } from './validation-result.ts';
import { stringSchemaOf } from './zod-glue.ts';

/** Longest recipe name (a project's recipes are named like its screens). */
export const RECIPE_NAME_MAX = 64;

const RESERVED = new Map<string, string>(RESERVED_RECIPE_NAMES.map((w) => [w.toUpperCase(), w]));

/** The reserved recipe name `name` equals, case-insensitively and trimmed (as the spec writes it), or undefined. */
export function reservedRecipeNameOf(name: string): string | undefined {
  return RESERVED.get(name.trim().toUpperCase());
}

/**
 * Recipe name rule (SPEC section 3, reserved recipe names): required; one line of free text; at
 * most RECIPE_NAME_MAX characters; not one of the names the HMI runtime keeps for its own recipe
 * registers (RCPNO, RCPG, ENRCPNO, ENRCPNONAME, ENRCPG, ENRCPGNAME) in any case, in which case the
 * failure names the word as the spec writes it (`params.word`), like the device name's keyword
 * message.
 */
export function validateRecipeName(name: string): ValidationResult {
  if (name.trim().length === 0) return invalid('validation.recipe.required');
  const text = validateSingleLineText(name);
  if (!text.ok) return text;
  if (charLength(name) > RECIPE_NAME_MAX)
    return invalid('validation.recipe.length', { max: RECIPE_NAME_MAX });
  const word = reservedRecipeNameOf(name);
  return word === undefined ? VALID : invalid('validation.recipe.reserved', { word });
}

export const recipeNameSchema = stringSchemaOf(validateRecipeName);

/** Most recipes of one project. */
export const RECIPES_PER_PROJECT_MAX = 100;

/** Whether a project with `count` recipes may take `adding` more (`validation.recipe.limit`). */
export function validateRecipeCount(count: number, adding = 1): ValidationResult {
  return count + adding <= RECIPES_PER_PROJECT_MAX
    ? VALID
    : invalid('validation.recipe.limit', { max: RECIPES_PER_PROJECT_MAX });
}
