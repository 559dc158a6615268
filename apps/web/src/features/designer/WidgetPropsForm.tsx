import { useCallback, useEffect, useRef } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScreenWidget } from '@hmi/domain';
import type { EditorAction } from './editor-state.ts';
import { PropsCommitContext } from './form-controls.tsx';
import { PropsFields } from './PropsFields.tsx';
import { checkProps, fieldNames, issueKey, propsToForm } from './props-form.ts';

/*
 * The form of the selected widget's props. Every change is checked by the type's props schema:
 * valid props go to the editor at once (typing in one field is one undo step), invalid ones stay
 * in the form with the issue under the field (min above max, a lamp in ranges mode without a
 * range). An undo or another change of the widget shows in the form.
 */

interface Props {
  widget: ScreenWidget;
  dispatch(action: EditorAction): void;
}

export function WidgetPropsForm({ widget, dispatch }: Props) {
  const { t } = useTranslation('designer');
  const [form] = Form.useForm();
  const widgetRef = useRef(widget);
  widgetRef.current = widget;

  useEffect(() => {
    form.setFieldsValue(propsToForm(widget));
    // The props object changes only when the editor took a new value for them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [widget.props, form]);

  const commit = useCallback(
    (field: string) => {
      const w = widgetRef.current;
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      const describe = (issue: Parameters<typeof issueKey>[0]) => {
        const [key, params] = issueKey(issue);
        return t(key, params);
      };
      const result = checkProps(w.type, values, field, describe);
      if ('issues' in result) return form.setFields(result.issues);
      form.setFields(fieldNames(values).map((name) => ({ name, errors: [] })));
      if (JSON.stringify(result.props) === JSON.stringify(w.props)) return;
      dispatch({ type: 'props', id: w.id, props: result.props, merge: `${w.id}:props:${field}` });
    },
    [form, dispatch, t],
  );

  return (
    <PropsCommitContext.Provider value={commit}>
      <Form
        form={form}
        layout="vertical"
        size="small"
        initialValues={propsToForm(widget)}
        onValuesChange={(changed: Record<string, unknown>) => commit(Object.keys(changed)[0] ?? 'props')}
        data-testid="designer-props-form"
      >
        <PropsFields widget={widget} />
      </Form>
    </PropsCommitContext.Provider>
  );
}
