import { describe, expect, it } from 'vitest';
import { RESERVED_RECIPE_NAMES } from '../constants/reserved-names.constants.ts';
import {
  RECIPE_NAME_MAX,
  RECIPES_PER_PROJECT_MAX,
  recipeNameSchema,
  reservedRecipeNameOf,
  validateRecipeCount,
  validateRecipeName,
} from './recipe.validation.ts';

/** Every upper/lower case spelling of a word (2^n for n letters). */
function caseVariants(word: string): string[] {
  let out = [''];
  for (const c of word) out = out.flatMap((v) => [...new Set([v + c.toLowerCase(), v + c.toUpperCase()])]);
  return out;
}

describe('validateRecipeName', () => {
  it.each([
    ['Summer batch', null],
    ['配方一', null],
    ['RCPNO1', null],
    ['MY_RCPG', null],
    ['', 'validation.recipe.required'],
    ['   ', 'validation.recipe.required'],
    ['a\nb', 'validation.text.singleLine'],
    ['a\u0007', 'validation.text.controlChars'],
    ['x'.repeat(RECIPE_NAME_MAX), null],
    ['x'.repeat(RECIPE_NAME_MAX + 1), 'validation.recipe.length'],
  ])('%j -> %s', (name, key) => {
    const r = validateRecipeName(name);
    expect(r.ok ? null : r.key).toBe(key);
  });

  it.each(RESERVED_RECIPE_NAMES.map((w) => [w]))(
    '%s is reserved in every case variant, named as the spec writes it',
    (word) => {
      for (const variant of caseVariants(word)) {
        expect(reservedRecipeNameOf(variant)).toBe(word);
        expect(validateRecipeName(variant)).toEqual({
          ok: false,
          key: 'validation.recipe.reserved',
          params: { word },
        });
        expect(validateRecipeName(` ${variant} `).ok).toBe(false);
      }
    },
  );

  it('the schema reports the key and the word', () => {
    const r = recipeNameSchema.safeParse('enRcpGName');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      message: 'validation.recipe.reserved',
      params: { word: 'ENRCPGNAME' },
    });
  });
});

describe('validateRecipeCount', () => {
  it('allows up to the limit', () => {
    expect(validateRecipeCount(RECIPES_PER_PROJECT_MAX - 1).ok).toBe(true);
    expect(validateRecipeCount(RECIPES_PER_PROJECT_MAX)).toEqual({
      ok: false,
      key: 'validation.recipe.limit',
      params: { max: RECIPES_PER_PROJECT_MAX },
    });
    expect(validateRecipeCount(10, RECIPES_PER_PROJECT_MAX - 10).ok).toBe(true);
    expect(validateRecipeCount(10, RECIPES_PER_PROJECT_MAX - 9).ok).toBe(false);
  });
});
