import { Link } from 'react-router';
import { Alert, Card, Empty, Grid, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuPath, Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { AlarmGroupsDrawer } from '../../features/alarm/AlarmGroupsDrawer.tsx';
import { AlarmRuleDialog } from '../../features/alarm/AlarmRuleDialog.tsx';
import { AlarmRuleTable } from '../../features/alarm/AlarmRuleTable.tsx';
import { ImportErrorsDialog } from '../../features/alarm/ImportErrorsDialog.tsx';
import { otherRuleNames } from './alarm-rules-params.ts';
import { AlarmRulesFilters, AlarmRulesHeadActions } from './AlarmRulesToolbar.tsx';
import { useAlarmRulesPage } from './use-alarm-rules-page.ts';
import '../../shared/styles/page-list.css';
import '../../features/alarm/alarm.css';

/**
 * /alarm/alarmRules: the alarm rules of one single-device template (`?templateid=` picks it,
 * else the first), with groups, add/edit, bulk delete, xlsx import and export.
 */
export function AlarmRulesPage() {
  const { t } = useTranslation('alarm');
  const compact = Grid.useBreakpoint().md === false;
  const can = usePermission();
  const allowed = can(Perm.DeviceAlarm);
  const s = useAlarmRulesPage(allowed);
  const { reply, template, editing, files } = s;

  if (!allowed) return <Result status="403" title={t('errors:1002')} />;

  const noTemplates = s.templates.isSuccess && s.templates.list.length === 0;

  return (
    <div className="device-page alarm-page" data-testid="alarm-rules-page">
      {s.modalHolder}
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('rules.title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub" data-testid="alarm-rule-usage">
            {reply ? t('rules.usage', { count: reply.count, max: reply.max }) : '\u00a0'}
          </Typography.Text>
        </div>
        <AlarmRulesHeadActions s={s} compact={compact} />
      </div>

      {s.missing ? (
        <Alert
          type="warning"
          showIcon
          title={t('rules.templateMissing')}
          data-testid="alarm-template-missing"
        />
      ) : null}

      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <AlarmRulesFilters s={s} />
        {noTemplates ? (
          <Empty description={t('rules.noTemplates')} data-testid="alarm-no-templates">
            <Link to={MenuPath.TemplateList}>{t('rules.toTemplates')}</Link>
          </Empty>
        ) : (
          <AlarmRuleTable
            rules={s.visible}
            tagTypes={s.tagTypes}
            loading={s.rules.isLoading || s.templates.isPending}
            compact={compact}
            selected={s.selected}
            onSelect={s.setSelected}
            onEdit={s.onEdit}
            onDelete={s.onDelete}
            empty={
              <div className="alarm-empty">
                {reply && reply.count > 0 ? t('rules.noMatch') : t('rules.empty')}
              </div>
            }
          />
        )}
      </Card>

      {editing && template ? (
        <AlarmRuleDialog
          templateId={template.id}
          tags={s.tags}
          rule={editing.rule}
          otherNames={otherRuleNames(reply?.list ?? [], editing.rule?.id)}
          defaultGroup={s.groupId}
          onClose={() => s.setEditing(undefined)}
        />
      ) : null}
      <AlarmGroupsDrawer open={s.groupsOpen} onClose={() => s.setGroupsOpen(false)} />
      {files.refused ? (
        <ImportErrorsDialog
          fileName={files.refused.fileName}
          rows={files.refused.rows}
          onClose={files.clearRefused}
        />
      ) : null}
    </div>
  );
}
