import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, errorMessages, Perm, validationMessages } from '@hmi/domain';
import { ApiError } from '../../shared/http/http-errors.ts';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { RecipeEditorDrawer, type RecipeTarget } from './RecipeEditorDrawer.tsx';
import {
  $,
  all,
  aProject,
  aRecipe,
  click,
  en,
  explainOf,
  initTexts,
  mount,
  openSelect,
  pick,
  settle,
  type,
  unmount,
} from './recipe-test-helpers.tsx';

/*
 * The recipe editor: the name is checked with the domain's rule before any call (a reserved name
 * in any case is refused naming the word), a row offers only the device's writable tags and a
 * value input of the tag's type, and the server's refusals go under the field they name.
 */
const api = vi.hoisted(() => ({ add: vi.fn(), edit: vi.fn() }));
vi.mock('./recipe.api.ts', () => ({
  recipeApi: api,
  recipeKeys: { list: (id: number) => ['project', 'recipes', id] },
}));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn(), toasts: { error: vi.fn() } }));

const EDIT = [Perm.ProjectView, Perm.ProjectEdit, Perm.DeviceMonitor];
const reserved = (word: string) =>
  validationMessages['en-us']['validation.recipe.reserved']!.replace('{{word}}', word);

async function open(target: RecipeTarget = 'new', readOnly = false) {
  await mount(
    <RecipeEditorDrawer project={aProject()} target={target} readOnly={readOnly} onClose={() => undefined} />,
    EDIT,
  );
}
const nameInput = () => $('recipe-name')!;
const row = (i: number) => all('recipe-item')[i]!;
const save = () => click($('recipe-save')!);

/** Fills row `i` with a device, a tag and (for a number) a value. */
async function fillRow(i: number, device: string, tag: string, value?: string) {
  await pick($('recipe-item-device', row(i))!, device);
  await pick($('recipe-item-tag', row(i))!, tag);
  if (value !== undefined) await type($('recipe-item-number', row(i))!, value);
}

beforeAll(initTexts);
beforeEach(() => {
  stubLayoutApis();
  api.add.mockReset();
  api.edit.mockReset();
});
afterEach(async () => {
  await unmount();
  vi.unstubAllGlobals();
});

describe('RecipeEditorDrawer', { timeout: 30_000 }, () => {
  it.each(['RCPNO', 'rcpg', 'EnRcpNo', 'enrcpnoname', ' ENRCPG ', 'enRCPgName'])(
    'refuses the reserved name %j and names the word, with no call',
    async (name) => {
      await open();
      await fillRow(0, 'Filler', 'Speed', '10');
      await type(nameInput(), name);
      await save();
      const word = name.trim().toUpperCase();
      expect(explainOf(nameInput())).toBe(reserved(word));
      expect(api.add).not.toHaveBeenCalled();
    },
  );

  it('takes a name that only contains a reserved word, and sends the typed items', async () => {
    api.add.mockResolvedValue(aRecipe());
    await open();
    await type(nameInput(), 'RCPNO_cola');
    await fillRow(0, 'Filler', 'Speed', '120');
    await click($('recipe-item-add')!);
    await fillRow(1, 'Capper', 'Run');
    await click($('recipe-item-bool', row(1))!);
    await save();
    expect(explainOf(nameInput())).toBe('');
    expect(api.add).toHaveBeenCalledWith({
      project_id: 7,
      name: 'RCPNO_cola',
      description: '',
      items: [
        { device_id: 11, tag_id: 1, value: 120 },
        { device_id: 12, tag_id: 3, value: true },
      ],
    });
  });

  it('offers only the devices the user sees and only their writable tags', async () => {
    await open();
    const devices = await openSelect($('recipe-item-device', row(0))!);
    expect(devices.map((o) => o.textContent)).toEqual(['Filler', 'Capper']);
    await click(devices[0]!);
    const tags = await openSelect($('recipe-item-tag', row(0))!);
    const names = tags.map((o) => o.querySelector('.recipe-tag-option > span')?.textContent);
    // Count is read-only (rw 0): not offered; Run is write-only (rw 1): offered.
    expect(names).toEqual(['Speed', 'Run', 'Label']);
  });

  it('types the value by the tag: a switch for BOOL, a number box, text for STRING', async () => {
    await open();
    await fillRow(0, 'Filler', 'Run');
    expect($('recipe-item-bool', row(0))).not.toBeNull();
    await pick($('recipe-item-tag', row(0))!, 'Label');
    expect($('recipe-item-text', row(0))).not.toBeNull();
    await pick($('recipe-item-tag', row(0))!, 'Speed');
    const number = $('recipe-item-number', row(0))!;
    await type(number, '3000000000');
    await type(nameInput(), 'Cola');
    await save();
    // INT32 tops out at 2147483647: refused before any call, with the server's text.
    expect(explainOf(number)).toBe(
      validationMessages['en-us']['validation.recipeItem.value']!.replace('{{type}}', 'INT32'),
    );
    expect(api.add).not.toHaveBeenCalled();
  });

  it('refuses the same tag of the same device twice', async () => {
    await open();
    await type(nameInput(), 'Cola');
    await fillRow(0, 'Filler', 'Speed', '1');
    await click($('recipe-item-add')!);
    await fillRow(1, 'Filler', 'Speed', '2');
    await save();
    expect(explainOf($('recipe-item-tag', row(1))!)).toBe(
      validationMessages['en-us']['validation.recipeItem.duplicate'],
    );
    expect(api.add).not.toHaveBeenCalled();
  });

  it('shows a taken name (1086) under the name', async () => {
    api.edit.mockRejectedValue(new ApiError(ErrorCode.E1086_NAME_EXISTS, 'exists', null, false));
    await open(aRecipe());
    await settle();
    expect((nameInput() as HTMLInputElement).value).toBe('Cola_1L');
    await save();
    expect(api.edit.mock.calls[0]![0]).toMatchObject({ id: 5, name: 'Cola_1L' });
    expect(explainOf(nameInput())).toBe(errorMessages['en-us']['1086']);
    expect($('recipe-error')).toBeNull();
  });

  it('puts each item error of a 1006 under its row and a 1089 under the device', async () => {
    api.edit.mockRejectedValueOnce(
      new ApiError(
        ErrorCode.E1006_BAD_PARAMETER,
        'bad',
        {
          where: 'body',
          fields: [
            { path: 'items.0.tag_id', message: 'validation.recipeItem.readOnly', params: {} },
            { path: 'items.1.value', message: 'validation.recipeItem.value', params: { type: 'BOOL' } },
          ],
        },
        false,
      ),
    );
    await open(aRecipe());
    await save();
    const v = validationMessages['en-us'];
    expect(explainOf($('recipe-item-tag', row(0))!)).toBe(v['validation.recipeItem.readOnly']);
    expect(explainOf($('recipe-item-bool', row(1))!)).toBe(
      v['validation.recipeItem.value']!.replace('{{type}}', 'BOOL'),
    );

    api.edit.mockRejectedValueOnce(
      new ApiError(ErrorCode.E1089_DEVICE_NOT_IN_PROJECT, 'not in project', { device_ids: [12] }, false),
    );
    await save();
    expect(explainOf($('recipe-item-device', row(1))!)).toBe(errorMessages['en-us']['1089']);
    expect(explainOf($('recipe-item-device', row(0))!)).toBe('');
  });

  it('opens read-only without a footer', async () => {
    await open(aRecipe(), true);
    expect($('recipe-save')).toBeNull();
    expect(nameInput().hasAttribute('disabled')).toBe(true);
    expect($('recipe-item-add')).toBeNull();
    expect(all('recipe-item-remove')).toHaveLength(0);
    expect(en.project.recipe.viewTitle).toBe('Recipe');
  });
});
