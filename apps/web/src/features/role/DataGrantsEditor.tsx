import { useMemo, type ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataGrants } from '@hmi/domain';
import { usePickGroups, usePickProjects, usePickTemplates } from './use-roles.ts';
import type { PickerSource } from './picker-source.ts';
import { GroupPicker } from './GroupPicker.tsx';
import { GrantedDevicesPicker } from './GrantedDevicesPicker.tsx';
import { NamedGrantPicker } from './NamedGrantPicker.tsx';
import './role.css';

interface Props {
  /** Whose grants: a role (undefined id while new) or a member's own. */
  source: PickerSource;
  value: DataGrants;
  onChange(value: DataGrants): void;
  readOnly?: boolean;
}

function Section({
  title,
  hint,
  testId,
  children,
}: {
  title: string;
  hint?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="role-data-section" data-testid={testId}>
      <Typography.Title level={5} className="role-data-title">
        {title}
      </Typography.Title>
      {hint ? (
        <Typography.Paragraph type="secondary" className="role-data-hint">
          {hint}
        </Typography.Paragraph>
      ) : null}
      {children}
    </section>
  );
}

/**
 * The data permission pickers (device groups, devices, templates, projects) of a role or of a
 * member's own grants. Ids granted outside the caller's scope are not listed and kept as they are.
 */
export function DataGrantsEditor({ source, value, onChange, readOnly = false }: Props) {
  const { t } = useTranslation('role');
  const groups = usePickGroups(source);
  const templates = usePickTemplates(source);
  const projects = usePickProjects(source);
  const devices = useMemo(() => new Set(value.devices), [value.devices]);
  const set = <K extends keyof DataGrants>(kind: K, ids: DataGrants[K]) =>
    onChange({ ...value, [kind]: ids });

  return (
    <div className="role-data">
      <Section title={t('data.groups')} hint={t('data.groupsHint')} testId="role-pick-groups">
        <GroupPicker
          groups={groups.data?.list}
          error={groups.error}
          value={value.groups}
          onChange={(ids) => set('groups', ids)}
          readOnly={readOnly}
        />
      </Section>
      <Section title={t('data.devices')} hint={t('data.devicesHint')} testId="role-pick-devices-section">
        <GrantedDevicesPicker
          source={source}
          groups={groups.data?.list}
          grantedGroups={value.groups}
          value={devices}
          onChange={(ids) => set('devices', [...ids])}
          readOnly={readOnly}
        />
      </Section>
      <Section title={t('data.templates')} testId="role-pick-templates">
        <NamedGrantPicker
          items={templates.data?.list}
          error={templates.error}
          emptyText={t('data.noTemplates')}
          testIdPrefix="role-template"
          value={value.templates}
          onChange={(ids) => set('templates', ids)}
          readOnly={readOnly}
        />
      </Section>
      {/* Handing projects out takes projectlist data-pm 41; the server refuses the save without it (1002). */}
      <Section title={t('data.projects')} testId="role-pick-projects">
        <NamedGrantPicker
          items={projects.data?.list}
          error={projects.error}
          emptyText={t('data.noProjects')}
          testIdPrefix="role-project"
          value={value.projects}
          onChange={(ids) => set('projects', ids)}
          readOnly={readOnly}
        />
      </Section>
    </div>
  );
}
