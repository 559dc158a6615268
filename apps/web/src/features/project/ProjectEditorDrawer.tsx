import { useEffect, useRef, useState } from 'react';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type ProjectDetail } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { EditorDrawer } from '../../shared/lists/EditorDrawer.tsx';
import { useProjectDetail } from './use-projects.ts';
import { useAddProject, useSaveProject } from './use-project-mutations.ts';
import { ProjectForm, type ProjectValues } from './ProjectForm.tsx';
import { ProjectFailure } from './ProjectFailure.tsx';
import { editedDevices, visiblePicks } from './project-devices.ts';
import './project.css';

/** 1092 under the name; a 1006 names the field (the allowance refusal names the name). */
const PLACES = {
  fieldOf: { [ErrorCode.E1092_PROJECT_EXISTS]: 'name' },
  fields: ['name', 'description'],
};

interface Props {
  /** undefined = closed, 'new' = create, a number = that project. */
  target: number | 'new' | undefined;
  canEdit: boolean;
  onClose(): void;
  /** A project was created (the page opens its detail to add screens). */
  onCreated?(project: ProjectDetail): void;
}

/**
 * Create or edit a multi-device project: name, description and the devices its screens may bind.
 * Read-only without the edit permission (42) and for a locked project (1052). Devices of the
 * project the user does not see are not listed and stay; taking out a device a screen binds is
 * refused (1091) with the screens to change in the designer.
 */
export function ProjectEditorDrawer({ target, canEdit, onClose, onCreated }: Props) {
  const { t } = useTranslation('project');
  const [form] = Form.useForm<ProjectValues>();
  const id = typeof target === 'number' ? target : undefined;
  const detail = useProjectDetail(id);
  const add = useAddProject();
  const save = useSaveProject();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);
  const [error, setError] = useState<unknown>();
  const creating = target === 'new';
  const loaded = id !== undefined && detail.data?.id === id ? detail.data : undefined;
  const locked = loaded?.locked ?? false;
  const readOnly = !creating && (!canEdit || locked);
  const picks = Form.useWatch('devices', form);
  const hidden = loaded ? loaded.devices.filter((d) => !d.visible).length : 0;

  const reset = () => {
    clear();
    setError(undefined);
  };
  // Filled once per opening: a refetch (after a save that failed half-way) keeps the user's edits.
  const filled = useRef<number>(undefined);
  useEffect(() => {
    if (target === undefined) return;
    clear();
    setError(undefined);
    filled.current = undefined;
    form.resetFields();
  }, [target, form, clear]);
  useEffect(() => {
    if (!loaded || filled.current === loaded.id) return;
    filled.current = loaded.id;
    form.setFieldsValue({
      name: loaded.name,
      description: loaded.description,
      devices: visiblePicks(loaded),
    });
  }, [loaded, form]);

  const failed = (e: unknown) => {
    setError(e);
    report(e);
  };
  const submit = async () => {
    const v = await form.validateFields();
    reset();
    const name = v.name.trim();
    const description = v.description?.trim() ?? '';
    const picked = (v.devices ?? []).map((d) => d.id);
    const done = (key: string) => () => {
      successToast(t(key, { name }));
      onClose();
    };
    if (id !== undefined && loaded) {
      const deviceIds = editedDevices(loaded, picked);
      save.mutate(
        { id, name, description, ...(deviceIds ? { deviceIds } : {}) },
        { onSuccess: done('saved'), onError: failed },
      );
    } else if (creating)
      add.mutate(
        { name, description, device_ids: picked },
        {
          onSuccess: (project) => {
            done('created')();
            onCreated?.(project);
          },
          onError: failed,
        },
      );
  };

  const title = creating ? t('editor.newTitle') : readOnly ? t('editor.viewTitle') : t('editor.editTitle');
  // A 1091 names devices taken out of the form: their names come from the stored project.
  const names = new Map(
    [...(loaded ? visiblePicks(loaded) : []), ...(picks ?? [])].map((d) => [d.id, d.name]),
  );

  return (
    <EditorDrawer
      open={target !== undefined}
      onClose={onClose}
      title={title}
      width={560}
      wideFrom="md"
      testId="project-editor"
      readOnly={readOnly}
      loading={id !== undefined && detail.isPending}
      failed={
        detail.isError && id !== undefined ? (
          <Alert type="error" showIcon title={t('notFound')} data-testid="project-load-failed" />
        ) : undefined
      }
      note={
        failure ? (
          <ProjectFailure
            text={failure}
            error={error}
            deviceName={(d) => names.get(d)}
            testId="project-error"
          />
        ) : undefined
      }
      noteLayout="above"
      save={{
        text: creating ? t('editor.create') : t('common:save'),
        onClick: () => void submit().catch(() => undefined),
        pending: add.isPending || save.isPending,
        testId: 'project-save',
      }}
    >
      <>
        {locked ? (
          <Alert
            type="warning"
            showIcon
            title={t('locked.notice')}
            description={t('locked.tooltip')}
            className="project-locked-notice"
            data-testid="project-locked-notice"
          />
        ) : null}
        <ProjectForm form={form} readOnly={readOnly} hiddenDevices={hidden} onValuesChange={reset} />
      </>
    </EditorDrawer>
  );
}
