import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { ErrorCode, errorMessages, Perm, validationMessages, type RecipeApplyReply } from '@hmi/domain';
import { ApiError } from '../../shared/http/http-errors.ts';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { RecipeList } from './RecipeList.tsx';
import {
  $,
  all,
  aProject,
  aRecipe,
  click,
  en,
  initTexts,
  mount,
  settle,
  unmount,
} from './recipe-test-helpers.tsx';

/*
 * The recipe section of a project's detail: rows with their size, actions by permission (edit 42;
 * apply with device edit 4 or hmi 6), a locked project's changes and apply off with the lock's
 * reason, applying (confirm, then a result per item that stays until closed, failures with the
 * translated code) and a refused import's rows.
 */
const api = vi.hoisted(() => ({ list: vi.fn(), apply: vi.fn(), importFile: vi.fn(), exportFile: vi.fn() }));
vi.mock('./recipe.api.ts', () => ({
  recipeApi: api,
  recipeKeys: { list: (id: number) => ['project', 'recipes', id] },
}));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn(), toasts: { error: vi.fn() } }));

const VIEW = [Perm.ProjectView, Perm.DeviceMonitor];
const EDIT_APPLY = [...VIEW, Perm.ProjectEdit, Perm.DeviceHmi];

async function show(permissions: number[], locked = false) {
  await mount(<RecipeList project={aProject({ locked })} />, permissions);
}

beforeAll(initTexts);
beforeEach(() => {
  stubLayoutApis();
  for (const f of Object.values(api)) f.mockReset();
  api.list.mockResolvedValue({ list: [aRecipe()], max: 100 });
});
afterEach(async () => {
  await unmount();
  vi.unstubAllGlobals();
});

describe('RecipeList', { timeout: 30_000 }, () => {
  it('lists each recipe with its description and size', async () => {
    await show(VIEW);
    expect(api.list).toHaveBeenCalledWith(7, expect.anything());
    const [row] = all('project-recipe');
    expect(row!.textContent).toContain('Cola_1L');
    expect(row!.textContent).toContain('One litre bottles');
    expect($('recipe-size', row)!.textContent).toBe('2 values on 2 devices');
  });

  it('with view only: export, no changes and no apply', async () => {
    await show(VIEW);
    expect($('recipe-export')).not.toBeNull();
    expect($('recipe-add')).toBeNull();
    expect($('recipe-import')).toBeNull();
    expect($('recipe-more')).toBeNull();
    expect($('recipe-apply-open')).toBeNull();
  });

  it('applies with hmi (6) alone, and edits with 42', async () => {
    await show([...VIEW, Perm.DeviceHmi]);
    expect($('recipe-apply-open')).not.toBeNull();
    expect($('recipe-add')).toBeNull();
    await unmount();
    await show([...VIEW, Perm.ProjectEdit, Perm.DeviceEdit]);
    expect($('recipe-apply-open')).not.toBeNull();
    expect($('recipe-add')).not.toBeNull();
    expect($('recipe-more')).not.toBeNull();
  });

  it('turns changes and apply off on a locked project, with the lock reason', async () => {
    await show(EDIT_APPLY, true);
    for (const id of ['recipe-add', 'recipe-import', 'recipe-apply-open'])
      expect($(id)!.hasAttribute('disabled'), id).toBe(true);
    expect($('recipe-export')!.hasAttribute('disabled')).toBe(false);
    // The lock's tooltip listens on the wrapper of each disabled button.
    const wrapper = $('recipe-apply-open')!.closest('[data-testid="project-locked-action"]') as HTMLElement;
    expect(wrapper).not.toBeNull();
    await act(async () => wrapper.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    await vi.waitFor(() => expect(document.body.textContent).toContain(en.project.locked.action));
  });

  it('confirms, then shows a result per item, failures with their reason, until closed', async () => {
    const reply: RecipeApplyReply = {
      recipe_id: 5,
      results: [
        { device_id: 11, tag_id: 1, ok: true, value: 120 },
        { device_id: 12, tag_id: 3, ok: false, code: ErrorCode.E1038_DEVICE_OFFLINE, value: true },
      ],
      written: 1,
      failed: 1,
    };
    api.apply.mockResolvedValue(reply);
    // A wide screen: the results in four columns.
    stubLayoutApis(true);
    await show(EDIT_APPLY);
    await click($('recipe-apply-open')!);
    // Capper is offline: the confirmation says so before anything is written.
    expect($('recipe-apply-confirm')!.textContent).toContain('Write 2 values to 2 devices?');
    expect($('recipe-apply-offline')!.textContent).toContain('Capper');
    expect($('recipe-apply-gone')).toBeNull();
    expect(api.apply).not.toHaveBeenCalled();

    await click($('recipe-apply-submit')!);
    expect(api.apply).toHaveBeenCalledWith(5);
    expect($('recipe-apply-summary')!.textContent).toBe('1 of 2 values written, 1 failed.');
    const rows = [...$('recipe-apply-table')!.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Filler', 'Speed', '120', 'Written'],
      ['Capper', 'Run', '1', errorMessages['en-us']['1038']],
    ]);
    expect($('recipe-result-failed')!.getAttribute('data-code')).toBe('1038');

    await settle();
    expect($('recipe-apply-results')).not.toBeNull();
    await click($('recipe-apply-close')!);
    await vi.waitFor(() => expect($('recipe-apply-results')).toBeNull());
  });

  it('warns of values on devices no longer in the project, and keeps a refusal (1002) in the dialog', async () => {
    api.list.mockResolvedValue({
      list: [aRecipe({ items: [...aRecipe().items, { device_id: 99, tag_id: 1, value: 1 }] })],
      max: 100,
    });
    api.apply.mockRejectedValue(new ApiError(ErrorCode.E1002_PERMISSION_DENIED, 'denied', null, false));
    await show(EDIT_APPLY);
    await click($('recipe-apply-open')!);
    expect($('recipe-apply-confirm')!.textContent).toContain('Write 3 values to 3 devices?');
    expect($('recipe-apply-gone')!.textContent).toBe(
      en.project.recipe.apply.gone_one.replace('{{count}}', '1'),
    );
    await click($('recipe-apply-submit')!);
    expect($('recipe-apply-error')!.textContent).toBe(errorMessages['en-us']['1002']);
    expect($('recipe-apply-submit')!.textContent).toBe(en.project.recipe.apply.retry);
  });

  it('lists the rows of a refused import with their numbers and columns', async () => {
    api.importFile.mockRejectedValue(
      new ApiError(
        ErrorCode.E1006_BAD_PARAMETER,
        'bad rows',
        {
          rows: [
            {
              row: 4,
              errors: [
                {
                  field: 'tag',
                  key: 'validation.recipeImport.tag',
                  params: { device: 'Filler', tag: 'Spd' },
                },
              ],
            },
            {
              row: 2,
              errors: [{ field: 'recipe', key: 'validation.recipe.reserved', params: { word: 'RCPNO' } }],
            },
          ],
        },
        false,
      ),
    );
    await show(EDIT_APPLY);
    const input = document.querySelector<HTMLInputElement>(
      '[data-testid="project-recipes"] input[type="file"]',
    )!;
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'recipes.xlsx');
    await act(async () => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(api.importFile).toHaveBeenCalledWith(7, file, 'recipes.xlsx');
    const dialog = $('alarm-import-errors')!;
    const lines = [...dialog.querySelectorAll('tbody tr.ant-table-row')].map((r) =>
      [...r.querySelectorAll('td')].map((td) => td.textContent),
    );
    const v = validationMessages['en-us'];
    expect(lines).toEqual([
      ['2', 'Recipe', v['validation.recipe.reserved']!.replace('{{word}}', 'RCPNO')],
      [
        '4',
        'Tag',
        v['validation.recipeImport.tag']!.replace('{{device}}', 'Filler').replace('{{tag}}', 'Spd'),
      ],
    ]);
  });
});
