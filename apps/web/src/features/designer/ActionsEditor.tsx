import { useCallback, useEffect, useRef } from 'react';
import { Button, Card, Form, Input, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ScreenLimits, screenActionKinds, type ScreenActionKind, type ScreenWidget } from '@hmi/domain';
import { BindingPicker } from './BindingPicker.tsx';
import type { EditorAction } from './editor-state.ts';
import { ScreenSelect } from './form-controls.tsx';
import { actionsToForm, checkActions } from './actions-form.ts';
import { issueKey } from './props-form.ts';
import { useDesignerData, useRecipes } from './use-designer-data.ts';

/*
 * What a button does when pressed on the running screen, in order: write a value, toggle a
 * bit, hold a value while pressed (momentary), open another screen, apply a recipe. Each change
 * is checked against the action schema before it reaches the editor.
 */

interface Props {
  widget: ScreenWidget;
  dispatch(action: EditorAction): void;
}

function ValueItem({ at, name, label }: { at: number; name: string; label: string }) {
  const { t } = useTranslation('designer');
  return (
    <Form.Item
      name={[at, name]}
      label={label}
      extra={t('field.writeValueHint')}
      rules={[{ required: true, message: '' }]}
    >
      <Input maxLength={ScreenLimits.valueTextMax} data-testid={`designer-action-${at}-${name}`} />
    </Form.Item>
  );
}

function KindFields({ at, kind }: { at: number; kind: ScreenActionKind | undefined }) {
  const { t } = useTranslation('designer');
  const { projectId } = useDesignerData();
  const recipes = useRecipes(projectId);
  const binding = (
    <Form.Item name={[at, 'binding']} label={t('action.tag')} rules={[{ required: true, message: '' }]}>
      <BindingPicker testId={`designer-action-${at}-binding`} />
    </Form.Item>
  );
  switch (kind) {
    case 'set':
      return (
        <>
          {binding}
          <ValueItem at={at} name="value" label={t('action.value')} />
        </>
      );
    case 'toggle':
      return binding;
    case 'momentary':
      return (
        <>
          {binding}
          <ValueItem at={at} name="pressValue" label={t('action.pressValue')} />
          <ValueItem at={at} name="releaseValue" label={t('action.releaseValue')} />
        </>
      );
    case 'goto':
      return (
        <Form.Item
          name={[at, 'screenId']}
          label={t('field.screen')}
          rules={[{ required: true, message: '' }]}
        >
          <ScreenSelect />
        </Form.Item>
      );
    case 'recipe':
      return (
        <Form.Item
          name={[at, 'recipeId']}
          label={t('action.recipe')}
          rules={[{ required: true, message: '' }]}
        >
          <Select<number>
            placeholder={t('action.recipe')}
            notFoundContent={t('action.noRecipes')}
            options={recipes.map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      );
    default:
      return null;
  }
}

export function ActionsEditor({ widget, dispatch }: Props) {
  const { t } = useTranslation('designer');
  const { readOnly } = useDesignerData();
  const [form] = Form.useForm();
  const widgetRef = useRef(widget);
  widgetRef.current = widget;
  useEffect(() => {
    form.setFieldsValue({ actions: actionsToForm(widget.actions) });
  }, [widget.actions, form]);

  const commit = useCallback(() => {
    const w = widgetRef.current;
    const rows = (form.getFieldValue('actions') ?? []) as Record<string, unknown>[];
    const result = checkActions(rows, (issue) => {
      const [key, params] = issueKey(issue);
      return t(key, params);
    });
    if ('issues' in result) return form.setFields(result.issues);
    if (JSON.stringify(result.actions) === JSON.stringify(w.actions ?? [])) return;
    dispatch({ type: 'actions', id: w.id, actions: result.actions, merge: `${w.id}:actions` });
  }, [form, dispatch, t]);

  return (
    <Form
      form={form}
      layout="vertical"
      size="small"
      disabled={readOnly}
      onValuesChange={commit}
      data-testid="designer-actions"
    >
      <Form.List name="actions">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Card
                key={f.key}
                size="small"
                className="designer-action"
                title={t('action.step', { n: f.name + 1 })}
                extra={
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('action.remove')}
                    onClick={() => {
                      remove(f.name);
                      commit();
                    }}
                  />
                }
              >
                <Form.Item name={[f.name, 'kind']} label={t('action.kind')}>
                  <Select<ScreenActionKind>
                    options={screenActionKinds.map((k) => ({ value: k, label: t(`action.kinds.${k}`) }))}
                    data-testid={`designer-action-${f.name}-kind`}
                  />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => <KindFields at={f.name} kind={form.getFieldValue(['actions', f.name, 'kind'])} />}
                </Form.Item>
              </Card>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={fields.length >= ScreenLimits.actionsMax}
              onClick={() => add({ kind: 'set', value: '1' })}
              data-testid="designer-action-add"
            >
              {t('action.add')}
            </Button>
          </>
        )}
      </Form.List>
    </Form>
  );
}
