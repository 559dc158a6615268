import { useMemo } from 'react';
import { Alert, Button, Grid, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OnlineState, type ProjectDetail, type Recipe } from '@hmi/domain';
import { failureText } from '../../shared/feedback/toast-failure.ts';
import { useApplyRecipe } from './use-recipes.ts';
import { useRecipeTagMap } from './use-recipe-tags.ts';
import { applyScope } from './recipe-items.ts';
import { resultColumns, type ResultLine } from './recipe-apply-columns.tsx';
import './recipe.css';

interface Props {
  project: ProjectDetail;
  recipe: Recipe;
  onClose(): void;
}

/** What the confirmation says before anything is written: how much, where, and what will fail. */
function ApplyConfirm({ project, recipe }: Omit<Props, 'onClose'>) {
  const { t } = useTranslation('project');
  const scope = applyScope(recipe);
  const targets = new Set(recipe.items.map((i) => i.device_id));
  const offline = project.devices.filter(
    (d) => d.visible && targets.has(d.id) && d.online !== OnlineState.Online,
  );
  const inProject = new Set(project.devices.map((d) => d.id));
  const gone = recipe.items.filter((i) => !inProject.has(i.device_id)).length;
  return (
    <div className="recipe-apply-confirm" data-testid="recipe-apply-confirm">
      <Typography.Paragraph>
        {t('recipe.apply.confirm', {
          values: t('recipe.apply.values', { count: scope.values }),
          devices: t('recipe.apply.devices', { count: scope.devices }),
        })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('recipe.apply.how')}</Typography.Paragraph>
      {offline.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('recipe.apply.offline', {
            names: offline.map((d) => d.name).join(', '),
            count: offline.length,
          })}
          data-testid="recipe-apply-offline"
        />
      ) : null}
      {gone > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('recipe.apply.gone', { count: gone })}
          data-testid="recipe-apply-gone"
        />
      ) : null}
      {recipe.hidden_items > 0 ? (
        <Typography.Paragraph type="secondary" className="recipe-apply-hidden">
          {t('recipe.apply.hidden', { count: recipe.hidden_items })}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}

/**
 * Applying a recipe: a confirmation ("write N values to M devices"), then the server writes every
 * item through the tag write path and answers one result per item, shown as a table (device, tag,
 * value, written or the refusal) that stays until the user closes it. A refusal of the whole call
 * (no operate right 1002, a locked project 1052) stays in the dialog too.
 */
export function RecipeApplyDialog({ project, recipe, onClose }: Props) {
  const { t } = useTranslation('project');
  const compact = Grid.useBreakpoint().sm === false;
  const apply = useApplyRecipe();
  const reply = apply.data;
  const deviceIds = useMemo(() => [...new Set((reply?.results ?? []).map((r) => r.device_id))], [reply]);
  const tags = useRecipeTagMap(deviceIds);
  const deviceName = (id: number) => {
    const d = project.devices.find((x) => x.id === id);
    if (!d) return t('references.device', { id });
    return d.visible ? d.name : t('detail.hidden');
  };
  const lines: ResultLine[] = (reply?.results ?? []).map((r, i) => ({ ...r, key: i }));
  const refused = apply.isError ? failureText(apply.error) : undefined;
  const running = apply.isPending;

  const footer = reply ? (
    <Button type="primary" onClick={onClose} data-testid="recipe-apply-close">
      {t('recipe.apply.close')}
    </Button>
  ) : (
    <>
      <Button onClick={onClose} disabled={running}>
        {t('common:cancel')}
      </Button>
      <Button
        type="primary"
        loading={running}
        disabled={recipe.items.length + recipe.hidden_items === 0}
        onClick={() => apply.mutate(recipe.id)}
        data-testid="recipe-apply-submit"
      >
        {refused ? t('recipe.apply.retry') : t('recipe.apply.submit')}
      </Button>
    </>
  );

  return (
    <Modal
      open
      title={t('recipe.apply.title', { name: recipe.name })}
      onCancel={onClose}
      closable={!running}
      keyboard={!running}
      mask={{ closable: false }}
      footer={footer}
      width={reply ? 760 : 480}
      data-testid="recipe-apply"
    >
      {reply ? (
        <div className="recipe-apply-results" data-testid="recipe-apply-results">
          <Alert
            type={reply.failed === 0 ? 'success' : reply.written === 0 ? 'error' : 'warning'}
            showIcon
            title={t('recipe.apply.summary', {
              written: reply.written,
              failed: reply.failed,
              count: reply.results.length,
            })}
            data-testid="recipe-apply-summary"
          />
          <Table<ResultLine>
            rowKey="key"
            size="small"
            dataSource={lines}
            columns={resultColumns(t, { device: deviceName, tags }, compact)}
            pagination={lines.length > 50 ? { pageSize: 50, size: 'small', showSizeChanger: false } : false}
            {...(compact ? {} : { scroll: { x: 520 } })}
            data-testid="recipe-apply-table"
          />
        </div>
      ) : (
        <div className="recipe-apply-body">
          <ApplyConfirm project={project} recipe={recipe} />
          {running ? (
            <Alert
              type="info"
              showIcon
              title={t('recipe.apply.running')}
              data-testid="recipe-apply-running"
            />
          ) : null}
          {refused ? <Alert type="error" showIcon title={refused} data-testid="recipe-apply-error" /> : null}
        </div>
      )}
    </Modal>
  );
}
