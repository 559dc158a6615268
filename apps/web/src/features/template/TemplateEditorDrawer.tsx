import { useEffect, useMemo, useState } from 'react';
import { Alert, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { useUserInfo } from '../../shared/session/use-user-info.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { EditorDrawer } from '../../shared/lists/EditorDrawer.tsx';
import { useTemplateDetail } from './use-templates.ts';
import { useAddTemplate, useEditTemplate } from './use-template-mutations.ts';
import { TagsEditor } from './TagsEditor.tsx';
import { TemplateForm, type TemplateValues } from './TemplateForm.tsx';
import { checkRows, rowsOf, toTagInputs, type TagRow } from './tag-rows.ts';

const PLACES = {
  fieldOf: { [ErrorCode.E1030_TEMPLATE_NAME_EXISTS]: 'name' },
  fields: ['name', 'hmi_model', 'default_value', 'description'],
};

interface Props {
  /** undefined = closed, 'new' = create, a number = that template. */
  target: number | 'new' | undefined;
  canEdit: boolean;
  onClose(): void;
}

/**
 * Create or edit a single-device template with its tags; read-only without the edit permission
 * and for a locked template (beyond the team's allowance: the server refuses edits, 1052).
 */
export function TemplateEditorDrawer({ target, canEdit, onClose }: Props) {
  const { t } = useTranslation('template');
  const [form] = Form.useForm<TemplateValues>();
  const id = typeof target === 'number' ? target : undefined;
  const detail = useTemplateDetail(id);
  const { data: profile } = useUserInfo();
  const add = useAddTemplate();
  const edit = useEditTemplate();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);
  const [rows, setRows] = useState<TagRow[]>([]);
  const [tried, setTried] = useState(false);
  const creating = target === 'new';
  const locked = id !== undefined && detail.data?.id === id && detail.data.locked;
  const readOnly = !creating && (!canEdit || locked);
  const problems = useMemo(() => checkRows(rows), [rows]);
  const centers = useMemo(
    () =>
      (profile?.data_center ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    [profile],
  );

  useEffect(() => {
    if (target === undefined) return;
    clear();
    setTried(false);
    form.resetFields();
    if (target === 'new') {
      setRows([]);
      form.setFieldsValue({ type: 'local', data_center: centers[0] });
    }
  }, [target, form, clear, centers]);

  const loaded = detail.data;
  useEffect(() => {
    if (!loaded || target !== loaded.id) return;
    form.setFieldsValue({
      name: loaded.name,
      type: loaded.type,
      data_center: loaded.data_center,
      hmi_model: loaded.hmi_model,
      default_value: loaded.default_value,
      description: loaded.description,
    });
    setRows(rowsOf(loaded.tags));
  }, [loaded, target, form]);

  const submit = async () => {
    setTried(true);
    const v = await form.validateFields();
    if (problems.size > 0) return;
    clear();
    const body = {
      name: v.name.trim(),
      type: v.type,
      hmi_model: v.hmi_model?.trim() ?? '',
      default_value: v.default_value?.trim() ?? '',
      description: v.description?.trim() ?? '',
      tags: toTagInputs(rows),
    };
    const done = (key: string) => () => {
      successToast(t(key, { name: body.name }));
      onClose();
    };
    if (id !== undefined) edit.mutate({ id, ...body }, { onSuccess: done('saved'), onError: report });
    else
      add.mutate(
        { ...body, ...(v.data_center ? { data_center: v.data_center } : {}) },
        { onSuccess: done('created'), onError: report },
      );
  };

  const title = creating ? t('editor.newTitle') : readOnly ? t('editor.viewTitle') : t('editor.editTitle');
  const loading = id !== undefined && detail.isPending;

  return (
    <EditorDrawer
      open={target !== undefined}
      onClose={onClose}
      title={title}
      width={1040}
      wideFrom="lg"
      testId="template-editor"
      readOnly={readOnly}
      loading={loading}
      failed={
        detail.isError && id !== undefined ? (
          <Alert type="error" showIcon title={t('editor.notFound')} data-testid="template-load-failed" />
        ) : undefined
      }
      note={
        tried && problems.size > 0 ? (
          <Typography.Text type="danger">{t('tags.fixProblems', { count: problems.size })}</Typography.Text>
        ) : undefined
      }
      noteLayout="beside"
      save={{
        text: creating ? t('editor.create') : t('common:save'),
        onClick: () => void submit().catch(() => undefined),
        pending: add.isPending || edit.isPending,
        testId: 'template-save',
      }}
    >
      <>
        {locked ? (
          <Alert
            type="warning"
            showIcon
            title={t('locked.notice')}
            description={t('locked.tooltip')}
            className="template-locked-notice"
            data-testid="template-locked-notice"
          />
        ) : null}
        <TemplateForm
          form={form}
          readOnly={readOnly}
          creating={creating}
          centers={centers}
          onValuesChange={clear}
        />
        {failure ? (
          <Alert
            type="error"
            showIcon
            title={failure}
            className="template-failure"
            data-testid="template-error"
          />
        ) : null}
        <TagsEditor
          rows={rows}
          onChange={setRows}
          problems={problems}
          readOnly={readOnly}
          showProblems={tried}
        />
      </>
    </EditorDrawer>
  );
}
