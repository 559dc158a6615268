import { createContext } from 'react';
import { Button, ColorPicker, Form, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ScreenLimits } from '@hmi/domain';
import { useDesignerData } from './use-designer-data.ts';

/*
 * Small controls of the property panel's forms: a colour as #RRGGBB(AA) text, a number field,
 * a screen of the project, and the list of value ranges with a colour each (a lamp in ranges
 * mode, an svg fill mark).
 */

/** Hands the props form's current values to the editor (after a change the form does not report). */
export const PropsCommitContext = createContext<(field: string) => void>(() => undefined);

interface ColorProps {
  value?: string;
  onChange?(hex: string): void;
  testId?: string;
}

/** A colour picker whose value is the document's text form, #RRGGBB or #RRGGBBAA. */
export function ColorField({ value, onChange, testId }: ColorProps) {
  const { readOnly } = useDesignerData();
  return (
    <ColorPicker
      value={value}
      size="small"
      showText
      disabled={readOnly}
      onChangeComplete={(c) => onChange?.(c.toHexString().toUpperCase())}
      data-testid={testId}
    />
  );
}

/** One number of a form (`optional`: may be left empty). */
export function NumberItem(p: {
  name: (string | number)[] | string;
  label: string;
  min?: number;
  max?: number;
  step?: number;
  optional?: boolean;
  testId?: string;
}) {
  const { readOnly } = useDesignerData();
  return (
    <Form.Item name={p.name} label={p.label} rules={p.optional ? [] : [{ required: true, message: '' }]}>
      <InputNumber
        min={p.min}
        max={p.max}
        step={p.step}
        disabled={readOnly}
        className="designer-number"
        data-testid={p.testId}
      />
    </Form.Item>
  );
}

/** A screen of the project (a nav widget's, a goto action's). */
export function ScreenSelect({
  value,
  onChange,
  testId,
}: {
  value?: number;
  onChange?(id: number): void;
  testId?: string;
}) {
  const { t } = useTranslation('designer');
  const { screens, readOnly } = useDesignerData();
  return (
    <Select<number>
      value={value}
      onChange={onChange}
      disabled={readOnly}
      placeholder={t('field.screen')}
      showSearch={{ optionFilterProp: 'label' }}
      options={screens.map((s) => ({ value: s.id, label: s.name }))}
      data-testid={testId}
    />
  );
}

/** Value ranges with a colour each, under `name` (the first range holding a value wins). */
export function RangesList({ name, testId }: { name: (string | number)[] | string; testId: string }) {
  const { t } = useTranslation('designer');
  const { readOnly } = useDesignerData();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div className="designer-ranges" data-testid={testId}>
          {fields.map((f) => (
            <Space key={f.key} align="start" size={4} className="designer-range">
              <Form.Item name={[f.name, 'min']} rules={[{ required: true, message: '' }]}>
                <InputNumber placeholder={t('field.min')} disabled={readOnly} className="designer-number-s" />
              </Form.Item>
              <Form.Item name={[f.name, 'max']} rules={[{ required: true, message: '' }]}>
                <InputNumber placeholder={t('field.max')} disabled={readOnly} className="designer-number-s" />
              </Form.Item>
              <Form.Item name={[f.name, 'color']}>
                <ColorField />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('field.removeRange')}
                disabled={readOnly}
                onClick={() => remove(f.name)}
              />
            </Space>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={readOnly || fields.length >= ScreenLimits.rangesMax}
            onClick={() => add({ min: 0, max: 1, color: '#22C55E' })}
          >
            {t('field.addRange')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
