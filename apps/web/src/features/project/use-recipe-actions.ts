import { useState } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ErrorCode,
  RecipeLimits,
  type ProjectDetail,
  type Recipe,
  type RecipeImportErrors,
} from '@hmi/domain';
import { successToast, toasts } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { fieldErrorsOf } from '../../shared/feedback/place-failure.ts';
import { isApiError } from '../../shared/http/http-errors.ts';
import { checkImportFile, importRowsOf, useIssueText } from '../alarm/index.ts';
import { save } from '../history/index.ts';
import { recipeApi } from './recipe.api.ts';
import { useDeleteRecipe, useImportRecipes } from './use-recipes.ts';
import type { RecipeTarget } from './RecipeEditorDrawer.tsx';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** File names keep letters of any script, digits, dot, dash and underscore (as the alarm rule export). */
const safeStem = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80) || 'project';

/** A refused import: the file's name and every bad row (1006 `data.rows`). */
export interface RefusedImport {
  fileName: string;
  rows: RecipeImportErrors['rows'];
}

/**
 * The recipe section's actions: the editor and apply dialog targets, deleting (confirmed first),
 * the xlsx export (downloaded through the client, as the alarm rule export) and the import (all or
 * nothing: a 1006 with rows opens the row table, a fault of the whole file is a toast).
 */
export function useRecipeActions(project: ProjectDetail) {
  const { t } = useTranslation('project');
  const issueText = useIssueText();
  const [modal, holder] = Modal.useModal();
  const [editing, setEditing] = useState<RecipeTarget>();
  const [applying, setApplying] = useState<Recipe>();
  const [exporting, setExporting] = useState(false);
  const [refused, setRefused] = useState<RefusedImport>();
  const remove = useDeleteRecipe();
  const importing = useImportRecipes();

  const confirmDelete = (recipe: Recipe) =>
    void modal.confirm({
      title: t('recipe.deleteTitle', { name: recipe.name }),
      content: t('recipe.deleteText'),
      okText: t('recipe.delete'),
      okButtonProps: { danger: true, 'data-testid': 'recipe-delete-confirm' } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: () =>
        remove.mutateAsync(recipe.id).then(() => successToast(t('recipe.deleted', { name: recipe.name }))),
    });

  const exportFile = async () => {
    setExporting(true);
    try {
      save(
        await recipeApi.exportFile(project.id),
        XLSX,
        `${safeStem(project.name)}-${t('recipe.fileName')}.xlsx`,
      );
    } catch (e) {
      toastFailure(e);
    } finally {
      setExporting(false);
    }
  };

  const importFile = (file: File) => {
    const problem = checkImportFile(file, RecipeLimits.maxImportBytes);
    if (problem) {
      toasts.error(issueText(problem));
      return;
    }
    importing.mutate(
      { projectId: project.id, file },
      {
        onSuccess: (r) =>
          successToast(t('recipe.import.done', { count: r.items, created: r.created, updated: r.updated })),
        onError: (e) => {
          const bad = isApiError(e) && e.code === ErrorCode.E1006_BAD_PARAMETER;
          const rows = bad ? importRowsOf(e.data) : undefined;
          // A fault of the whole file (not a workbook, a formula, too many rows...) names itself in `errors`.
          const fault = bad ? fieldErrorsOf(e.data)[0] : undefined;
          if (rows && rows.length > 0) setRefused({ fileName: file.name, rows });
          else if (fault) toasts.error(issueText(fault));
          else toastFailure(e);
        },
      },
    );
  };

  return {
    holder,
    editing,
    openAdd: () => setEditing('new'),
    open: (recipe: Recipe) => setEditing(recipe),
    closeEditor: () => setEditing(undefined),
    applying,
    openApply: (recipe: Recipe) => setApplying(recipe),
    closeApply: () => setApplying(undefined),
    confirmDelete,
    exportFile: () => void exportFile(),
    exporting,
    importFile,
    importing: importing.isPending,
    refused,
    clearRefused: () => setRefused(undefined),
  };
}
