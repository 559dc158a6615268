import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Form, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { isApiError } from '../../shared/http/http-errors.ts';
import { EditorDrawer } from '../../shared/lists/EditorDrawer.tsx';
import { useRoleDetail } from './use-roles.ts';
import { useSaveRole } from './use-role-mutations.ts';
import { draftOf, roleSaveBody, type RoleDraft } from './grants.ts';
import { PermissionTree } from './PermissionTree.tsx';
import { DataGrantsEditor } from './DataGrantsEditor.tsx';
import { ZonePicker } from './ZonePicker.tsx';
import { RoleNameForm, type RoleNameValues } from './RoleNameForm.tsx';

const PLACES = { fieldOf: { [ErrorCode.E1063_DUPLICATE_ROLE_NAME]: 'name' }, fields: ['name'] };

interface Props {
  /** undefined = closed, 'new' = create, a number = that role. */
  target: number | 'new' | undefined;
  /** Role edit 31; without it the drawer shows the role read-only. */
  canEdit: boolean;
  onClose(): void;
}

/** Create or edit a role: its name, menus and operations, data permissions and security zones. */
export function RoleEditorDrawer({ target, canEdit, onClose }: Props) {
  const { t } = useTranslation('role');
  const [form] = Form.useForm<RoleNameValues>();
  const id = typeof target === 'number' ? target : undefined;
  const detail = useRoleDetail(id);
  const save = useSaveRole();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);
  const [draft, setDraft] = useState<RoleDraft>(() => draftOf());
  const [tab, setTab] = useState('general');
  const creating = target === 'new';
  const readOnly = !creating && !canEdit;
  const source = useMemo(() => ({ kind: 'role' as const, roleId: id }), [id]);
  /** The role whose loaded values are in the form: a refetch (window focus) must not undo edits. */
  const applied = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (target === undefined) return;
    applied.current = undefined;
    clear();
    setTab('general');
    form.resetFields();
    setDraft(draftOf());
  }, [target, form, clear]);

  const loaded = detail.data;
  useEffect(() => {
    if (!loaded || target !== loaded.id || applied.current === loaded.id) return;
    applied.current = loaded.id;
    setDraft(draftOf(loaded));
    form.setFieldsValue({ name: loaded.name });
  }, [loaded, target, form]);

  const change = (next: Partial<RoleDraft>) => {
    clear();
    setDraft((d) => ({ ...d, ...next }));
  };

  const submit = async () => {
    let values: RoleNameValues;
    try {
      values = await form.validateFields();
    } catch {
      setTab('general');
      return;
    }
    clear();
    const name = values.name.trim();
    save.mutate(roleSaveBody(id, { ...draft, name }), {
      onSuccess: () => {
        successToast(t(creating ? 'editor.created' : 'editor.saved', { name }));
        onClose();
      },
      onError: (e) => {
        if (isApiError(e) && e.code === ErrorCode.E1063_DUPLICATE_ROLE_NAME) setTab('general');
        report(e);
      },
    });
  };

  const title = creating ? t('editor.newTitle') : readOnly ? t('editor.viewTitle') : t('editor.editTitle');
  const loading = id !== undefined && detail.isPending;
  const tabLabel = (key: string, text: string) => <span data-testid={`role-tab-${key}`}>{text}</span>;

  return (
    <EditorDrawer
      open={target !== undefined}
      onClose={onClose}
      title={title}
      width={720}
      wideFrom="md"
      testId="role-editor"
      readOnly={readOnly}
      loading={loading}
      failed={
        detail.isError && id !== undefined ? (
          <Alert type="error" showIcon title={t('editor.notFound')} data-testid="role-load-failed" />
        ) : undefined
      }
      note={failure ? <Alert type="error" showIcon title={failure} data-testid="role-error" /> : null}
      noteLayout="above"
      save={{
        text: creating ? t('editor.create') : t('common:save'),
        onClick: () => void submit(),
        pending: save.isPending,
        disabled: loading,
        testId: 'role-save',
      }}
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'general',
            label: tabLabel('general', t('editor.general')),
            forceRender: true,
            children: <RoleNameForm form={form} readOnly={readOnly} onValuesChange={clear} />,
          },
          {
            key: 'permissions',
            label: tabLabel('permissions', t('editor.permissions')),
            children: (
              <div data-testid="role-permissions">
                <PermissionTree
                  value={draft.permissions}
                  onChange={(permissions) => change({ permissions })}
                  readOnly={readOnly}
                />
              </div>
            ),
          },
          {
            key: 'data',
            label: tabLabel('data', t('editor.data')),
            children: (
              <div data-testid="role-data">
                <DataGrantsEditor
                  source={source}
                  value={draft.grants}
                  onChange={(grants) => change({ grants })}
                  readOnly={readOnly}
                />
              </div>
            ),
          },
          {
            key: 'zones',
            label: tabLabel('zones', t('editor.zones')),
            children: (
              <div data-testid="role-zones">
                <ZonePicker value={draft.zones} onChange={(zones) => change({ zones })} readOnly={readOnly} />
              </div>
            ),
          },
        ]}
      />
    </EditorDrawer>
  );
}
