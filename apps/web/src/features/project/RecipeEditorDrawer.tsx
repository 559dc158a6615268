import { useEffect, useMemo } from 'react';
import { Alert, Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode, RecipeLimits, type ProjectDetail, type Recipe } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure, type FailurePlaces } from '../../shared/feedback/use-placed-failure.ts';
import { errorText } from '../../shared/i18n/i18n.ts';
import { EditorDrawer } from '../../shared/lists/EditorDrawer.tsx';
import { useAddRecipe, useEditRecipe } from './use-recipes.ts';
import {
  formValuesOf,
  itemsOf,
  namePath,
  oneFailurePerField,
  rowsOutsideProject,
  type RecipeFormValues,
} from './recipe-items.ts';
import { RecipeForm } from './RecipeForm.tsx';
import './recipe.css';

/**
 * 1086 under the name; a 1006 under the field it names: the name (a reserved word), the
 * description, or an item's device, tag or value (`items.N.tag_id`: read-only, not the device's,
 * twice; `items.N.value`: does not fit the type). Anything else above the buttons.
 */
const PLACES: FailurePlaces = {
  fieldOf: { [ErrorCode.E1086_NAME_EXISTS]: 'name' },
  fields: [
    'name',
    'description',
    ...Array.from({ length: RecipeLimits.itemsMax }, (_, i) =>
      ['device_id', 'tag_id', 'value'].map((f) => `items.${i}.${f}`),
    ).flat(),
  ],
};

/** The target of the editor: a stored recipe, or 'new'. */
export type RecipeTarget = Recipe | 'new';

interface Props {
  project: ProjectDetail;
  /** undefined = closed. */
  target: RecipeTarget | undefined;
  /** Without edit 42, or on a locked project, the recipe opens read-only. */
  readOnly: boolean;
  onClose(): void;
}

/**
 * The form as the shared failure placing sees it: the server names an item's field by a dotted
 * path (`items.2.value`), the form by a name path (['items', 2, 'value']).
 */
function useDottedPaths(form: FormInstance<RecipeFormValues>): FormInstance {
  return useMemo(() => {
    const plain = form as FormInstance;
    const setFields: FormInstance['setFields'] = (fields) =>
      plain.setFields(fields.map((f) => ({ ...f, name: namePath(f.name as string) })));
    return { ...plain, setFields };
  }, [form]);
}

/**
 * Add, edit or view a project's recipe: name, description and the items (a device of the project,
 * one of its writable tags, the value typed by the tag). The server checks everything again; its
 * refusals go under the field they name (1086 the name, 1089 the rows of a device no longer in the
 * project, 1006 the name or an item's tag or value).
 */
export function RecipeEditorDrawer({ project, target, readOnly, onClose }: Props) {
  const { t } = useTranslation('project');
  const [form] = Form.useForm<RecipeFormValues>();
  const placed = useDottedPaths(form);
  const { failure, report, clear } = usePlacedFailure(placed, PLACES);
  const add = useAddRecipe();
  const edit = useEditRecipe();
  const recipe = target === 'new' ? undefined : target;
  const creating = target === 'new';

  // Filled once per opening: the target is the recipe as the list held it when it was opened, so
  // a refetch of the list while the editor is open keeps the user's edits.
  useEffect(() => {
    if (target === undefined) return;
    clear();
    form.resetFields();
    form.setFieldsValue(formValuesOf(target === 'new' ? undefined : target));
  }, [target, form, clear]);

  const failed = (e: unknown) => {
    const outside = rowsOutsideProject(e, form.getFieldValue('items') as RecipeFormValues['items']);
    if (outside.length > 0) {
      const text = errorText(ErrorCode.E1089_DEVICE_NOT_IN_PROJECT);
      form.setFields(outside.map((i) => ({ name: ['items', i, 'device_id'], errors: [text] })));
      return;
    }
    oneFailurePerField(e).forEach(report);
  };
  const submit = async () => {
    const v = await form.validateFields();
    clear();
    const name = v.name.trim();
    const description = v.description?.trim() ?? '';
    const items = itemsOf(v.items);
    const done = (key: string) => () => {
      successToast(t(key, { name }));
      onClose();
    };
    if (recipe)
      edit.mutate(
        { id: recipe.id, name, description, items },
        { onSuccess: done('recipe.saved'), onError: failed },
      );
    else if (creating)
      add.mutate(
        { project_id: project.id, name, description, items },
        { onSuccess: done('recipe.created'), onError: failed },
      );
  };

  const title = creating ? t('recipe.newTitle') : readOnly ? t('recipe.viewTitle') : t('recipe.editTitle');
  return (
    <EditorDrawer
      open={target !== undefined}
      onClose={onClose}
      title={title}
      width={720}
      wideFrom="md"
      testId="recipe-editor"
      readOnly={readOnly}
      loading={false}
      note={
        failure ? (
          <Alert
            type="error"
            showIcon
            title={failure}
            className="project-failure"
            data-testid="recipe-error"
          />
        ) : undefined
      }
      noteLayout="above"
      save={{
        text: creating ? t('recipe.create') : t('common:save'),
        onClick: () => void submit().catch(() => undefined),
        pending: add.isPending || edit.isPending,
        testId: 'recipe-save',
      }}
    >
      <>
        {project.locked ? (
          <Alert
            type="warning"
            showIcon
            title={t('locked.notice')}
            description={t('locked.tooltip')}
            className="project-locked-notice"
            data-testid="recipe-locked-notice"
          />
        ) : null}
        <RecipeForm
          form={form}
          readOnly={readOnly}
          devices={project.devices.filter((d) => d.visible)}
          hiddenItems={recipe?.hidden_items ?? 0}
          onValuesChange={clear}
        />
      </>
    </EditorDrawer>
  );
}
