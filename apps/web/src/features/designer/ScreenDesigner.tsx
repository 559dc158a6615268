import { useMemo, type ReactNode } from 'react';
import { Alert, Result, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@hmi/domain';
import { failureText } from '../../shared/feedback/toast-failure.ts';
import { isApiError } from '../../shared/http/http-errors.ts';
import { ConflictDialog, LeaveGuard } from './DesignerDialogs.tsx';
import { DesignerWorkspace } from './DesignerWorkspace.tsx';
import { DesignerContext, useProject, type DesignerData } from './use-designer-data.ts';
import { useScreenEditor } from './use-screen-editor.ts';
import './designer.css';

/*
 * The screen designer of one screen (`?screen=<id>`): loads the screen and its project, then the
 * workspace. Read-only without project edit (42) or while the project is locked (1052, a Cloud
 * Application allowance ran out): everything shows, nothing changes. Unsaved changes are
 * guarded on leaving; a save another editor beat opens the conflict dialog.
 */

interface Props {
  screenId: number;
  canEdit: boolean;
  /** The page's way back (to the screen's project, once known), drawn in the head. */
  back(projectId: number | undefined): ReactNode;
}

export function ScreenDesigner({ screenId, canEdit, back: backTo }: Props) {
  const { t } = useTranslation('designer');
  const ed = useScreenEditor(screenId);
  const project = useProject(ed.loaded?.projectId);
  const back = backTo(ed.loaded?.projectId);
  const locked = project.data?.locked === true;
  const readOnly = !canEdit || locked;
  const data = useMemo<DesignerData | null>(
    () =>
      project.data && ed.loaded
        ? {
            projectId: project.data.id,
            screenId,
            devices: project.data.devices,
            screens: project.data.screens,
            readOnly,
          }
        : null,
    [project.data, ed.loaded, screenId, readOnly],
  );

  if (ed.screen.isError) {
    const e = ed.screen.error;
    const missing = isApiError(e) && e.code === ErrorCode.E1003_NO_DATA;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('missing') : failureText(e)}
        extra={back}
        data-testid="designer-failed"
      />
    );
  }
  if (ed.unreadable)
    return <Result status="error" title={t('unreadable')} subTitle={ed.unreadable.summary} extra={back} />;
  if (!data || !ed.loaded) return <Spin className="designer-loading" data-testid="designer-loading" />;

  return (
    <DesignerContext value={data}>
      <div className="designer" data-testid="designer">
        <div className="designer-head">
          {back}
          <h1 className="designer-title">
            <span className="designer-project">{project.data?.name}</span>
            <span className="designer-screen-name" data-testid="designer-screen-name">
              {ed.loaded.name}
            </span>
          </h1>
          {ed.dirty ? <Tag color="orange">{t('save.unsaved')}</Tag> : null}
          <span className="designer-version" data-testid="designer-version">
            {t('version', { version: ed.loaded.version })}
          </span>
        </div>
        {readOnly ? (
          <Alert
            type="warning"
            showIcon
            banner
            message={t(locked ? 'readOnly.locked' : 'readOnly.permission')}
          />
        ) : null}
        <DesignerWorkspace
          state={ed.state}
          dispatch={ed.dispatch}
          project={project.data!}
          screenId={screenId}
          readOnly={readOnly}
          dirty={ed.dirty}
          saving={ed.saving}
          onSave={() => void ed.save()}
        />
        <ConflictDialog version={ed.conflict} onReload={ed.reloadTheirs} onKeep={ed.keepEditing} />
        <LeaveGuard dirty={ed.dirty && !readOnly} />
      </div>
    </DesignerContext>
  );
}
