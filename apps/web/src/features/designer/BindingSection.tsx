import { useEffect } from 'react';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ScreenLimits,
  screenBindingTransform,
  type ScreenBindingTransform,
  type ScreenTagRef,
  type ScreenWidget,
} from '@hmi/domain';
import { BindingPicker } from './BindingPicker.tsx';
import type { EditorAction } from './editor-state.ts';
import { compact } from './props-form.ts';
import { useDesignerData } from './use-designer-data.ts';

/*
 * The tag the selected widget shows (and an input or switch writes), and how its raw value is
 * shown: `value * scale + offset`, to `decimals` places, in `format` (`{value}` is the number).
 * A transform of nothing but empty fields is left out of the document.
 */

interface Props {
  widget: ScreenWidget;
  dispatch(action: EditorAction): void;
}

/** The transform of the form's fields, or undefined when every field is empty. */
export function transformOf(values: Record<string, unknown>): ScreenBindingTransform | undefined | null {
  const raw = compact({ ...values, format: values.format === '' ? undefined : values.format }) as Record<
    string,
    unknown
  >;
  if (Object.keys(raw).length === 0) return undefined;
  const parsed = screenBindingTransform.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function BindingSection({ widget, dispatch }: Props) {
  const { t } = useTranslation('designer');
  const { readOnly } = useDesignerData();
  const [form] = Form.useForm();
  const binding = widget.binding;
  useEffect(() => {
    form.setFieldsValue({ scale: null, offset: null, decimals: null, format: '', ...binding?.transform });
  }, [binding?.transform, form]);

  const setRef = (ref: ScreenTagRef | undefined) =>
    dispatch({
      type: 'binding',
      id: widget.id,
      binding: ref ? { ...ref, ...(binding?.transform ? { transform: binding.transform } : {}) } : null,
    });
  const onTransform = (changed: Record<string, unknown>, all: Record<string, unknown>) => {
    if (!binding) return;
    const transform = transformOf(all);
    if (transform === null) return;
    const { transform: _old, ...ref } = binding;
    dispatch({
      type: 'binding',
      id: widget.id,
      binding: transform ? { ...ref, transform } : ref,
      merge: `${widget.id}:transform:${Object.keys(changed)[0] ?? ''}`,
    });
  };

  return (
    <div className="designer-binding-section" data-testid="designer-binding-section">
      <div className="designer-field-label">{t('binding.title')}</div>
      <BindingPicker value={binding} onChange={setRef} testId="designer-binding" />
      <Form
        form={form}
        layout="vertical"
        size="small"
        disabled={readOnly || !binding}
        onValuesChange={onTransform}
        className="designer-transform"
        data-testid="designer-transform"
      >
        <div className="designer-row">
          <Form.Item name="scale" label={t('transform.scale')}>
            <InputNumber className="designer-number" />
          </Form.Item>
          <Form.Item name="offset" label={t('transform.offset')}>
            <InputNumber className="designer-number" />
          </Form.Item>
          <Form.Item name="decimals" label={t('transform.decimals')}>
            <InputNumber min={0} max={ScreenLimits.decimalsMax} precision={0} className="designer-number" />
          </Form.Item>
        </div>
        <Form.Item name="format" label={t('transform.format')} extra={t('transform.formatHint')}>
          <Input maxLength={ScreenLimits.formatMax} placeholder="{value} °C" />
        </Form.Item>
      </Form>
    </div>
  );
}
