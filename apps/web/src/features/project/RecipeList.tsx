import { Alert, Button, Dropdown, Empty, Grid, Skeleton, Space, Typography, Upload } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  ThunderboltOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type ProjectDetail, type Recipe } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { ImportErrorsDialog } from '../alarm/index.ts';
import { LockedButton } from './LockedButton.tsx';
import { useRecipes } from './use-recipes.ts';
import { useRecipeActions } from './use-recipe-actions.ts';
import { applyScope } from './recipe-items.ts';
import { RecipeEditorDrawer } from './RecipeEditorDrawer.tsx';
import { RecipeApplyDialog } from './RecipeApplyDialog.tsx';
import './recipe.css';

/** The import sheet's columns (the server's keys) in the user's language. */
const COLUMNS = ['recipe', 'description', 'device', 'tag', 'value'];

interface RowProps {
  recipe: Recipe;
  locked: boolean;
  canEdit: boolean;
  canApply: boolean;
  onOpen(): void;
  onApply(): void;
  onDelete(): void;
}

/** One recipe: its name (opens it), description and size; apply, edit and delete by permission. */
function RecipeRow({ recipe: r, locked, canEdit, canApply, onOpen, onApply, onDelete }: RowProps) {
  const { t } = useTranslation('project');
  const scope = applyScope(r);
  const empty = r.items.length + r.hidden_items === 0;
  return (
    <li className="project-row" data-testid="project-recipe" data-recipe={r.id}>
      <div className="project-row-main">
        <Typography.Link className="project-row-name" onClick={onOpen} data-testid="recipe-open">
          {r.name}
        </Typography.Link>
        {r.description ? (
          <span className="project-row-sub recipe-row-description">{r.description}</span>
        ) : null}
        <span className="project-row-sub" data-testid="recipe-size">
          {t('recipe.size', {
            values: t('recipe.apply.values', { count: scope.values }),
            devices: t('recipe.apply.devices', { count: scope.devices }),
          })}
          {r.hidden_items > 0 ? ` · ${t('recipe.hiddenShort', { count: r.hidden_items })}` : ''}
        </span>
      </div>
      <div className="project-row-actions">
        {canApply ? (
          <LockedButton
            locked={locked}
            size="small"
            icon={<ThunderboltOutlined />}
            disabled={empty}
            onClick={onApply}
            data-testid="recipe-apply-open"
          >
            {t('recipe.apply.action')}
          </LockedButton>
        ) : null}
        {canEdit && locked ? (
          <LockedButton
            locked
            size="small"
            type="text"
            icon={<MoreOutlined />}
            aria-label={t('action.more')}
          />
        ) : canEdit ? (
          <Dropdown
            trigger={['click']}
            placement="bottomRight"
            menu={{
              items: [
                { key: 'edit', icon: <EditOutlined />, label: t('recipe.edit') },
                { key: 'delete', icon: <DeleteOutlined />, label: t('recipe.delete'), danger: true },
              ],
              onClick: ({ key }) => (key === 'edit' ? onOpen() : onDelete()),
            }}
          >
            <Button
              size="small"
              type="text"
              icon={<MoreOutlined />}
              aria-label={t('action.more')}
              data-testid="recipe-more"
            />
          </Dropdown>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The project's recipes (view 39): named sets of tag values for its devices. Edit 42 adds, edits,
 * deletes and imports them; applying needs the right to operate devices (device edit 4 or hmi 6);
 * the export is open to every viewer. A locked project (1052) keeps viewing and exporting and
 * turns the rest off with the lock's reason. The server checks every right again.
 */
export function RecipeList({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('project');
  const compact = Grid.useBreakpoint().sm === false;
  const can = usePermission();
  const canEdit = can(Perm.ProjectEdit);
  const canApply = can([Perm.DeviceEdit, Perm.DeviceHmi]);
  const { locked } = project;
  const list = useRecipes(project.id);
  const a = useRecipeActions(project);
  const recipes = list.data?.list ?? [];
  const full = list.data !== undefined && recipes.length >= list.data.max;

  return (
    <section className="project-section" data-testid="project-recipes">
      {a.holder}
      <div className="project-section-head recipe-section-head">
        <Typography.Title level={5} className="project-section-title">
          {t('recipe.title', { count: recipes.length })}
        </Typography.Title>
        <Space size={6} wrap className="recipe-head-actions">
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={a.exporting}
            disabled={recipes.length === 0}
            onClick={a.exportFile}
            aria-label={t('recipe.export')}
            data-testid="recipe-export"
          >
            {compact ? null : t('recipe.export')}
          </Button>
          {canEdit ? (
            <Upload
              accept=".xls,.xlsx"
              showUploadList={false}
              disabled={locked || a.importing}
              beforeUpload={(file) => {
                a.importFile(file);
                return false;
              }}
            >
              <LockedButton
                locked={locked}
                size="small"
                icon={<UploadOutlined />}
                loading={a.importing}
                aria-label={t('recipe.import.action')}
                data-testid="recipe-import"
              >
                {compact ? null : t('recipe.import.action')}
              </LockedButton>
            </Upload>
          ) : null}
          {canEdit ? (
            <LockedButton
              locked={locked}
              tip={full ? t('recipe.full', { max: list.data?.max }) : undefined}
              size="small"
              icon={<PlusOutlined />}
              disabled={full || list.isPending}
              onClick={a.openAdd}
              data-testid="recipe-add"
            >
              {t('recipe.add')}
            </LockedButton>
          ) : null}
        </Space>
      </div>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.isError ? (
        <Alert type="error" showIcon title={t('recipe.loadFailed')} data-testid="recipe-load-failed" />
      ) : recipes.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={canEdit ? t('recipe.emptyEdit') : t('recipe.empty')}
        />
      ) : (
        <ul className="project-rows">
          {recipes.map((r) => (
            <RecipeRow
              key={r.id}
              recipe={r}
              locked={locked}
              canEdit={canEdit}
              canApply={canApply}
              onOpen={() => a.open(r)}
              onApply={() => a.openApply(r)}
              onDelete={() => a.confirmDelete(r)}
            />
          ))}
        </ul>
      )}
      <RecipeEditorDrawer
        project={project}
        target={a.editing}
        readOnly={a.editing !== 'new' && (!canEdit || locked)}
        onClose={a.closeEditor}
      />
      {a.applying ? <RecipeApplyDialog project={project} recipe={a.applying} onClose={a.closeApply} /> : null}
      {a.refused ? (
        <ImportErrorsDialog
          fileName={a.refused.fileName}
          rows={a.refused.rows}
          onClose={a.clearRefused}
          columnText={(f) => (COLUMNS.includes(f) ? t(`recipe.column.${f}`) : f)}
        />
      ) : null}
    </section>
  );
}
