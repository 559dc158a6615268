import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScreenLimits, type ScreenWidget } from '@hmi/domain';
import { AssetField } from './AssetField.tsx';
import { ColorField, NumberItem, RangesList, ScreenSelect } from './form-controls.tsx';
import { MarksList } from './MarksList.tsx';
import { useDesignerData } from './use-designer-data.ts';

/*
 * The form fields of each widget type's props (screen-widget-props.ts): texts, fonts and
 * colours, scales, input bounds, a switch's two values, the picture or drawing, the screen a
 * nav opens. Field names are the props' keys, so the form's values are the props.
 */

function FontAndColor({ color = 'color' }: { color?: string }) {
  const { t } = useTranslation('designer');
  return (
    <>
      <NumberItem
        name="fontSize"
        label={t('field.fontSize')}
        min={ScreenLimits.fontSizeMin}
        max={ScreenLimits.fontSizeMax}
      />
      <Form.Item name={color} label={t('field.color')}>
        <ColorField />
      </Form.Item>
    </>
  );
}

function LineText({ name, label, testId }: { name: string; label: string; testId?: string }) {
  const { readOnly } = useDesignerData();
  return (
    <Form.Item name={name} label={label}>
      <Input maxLength={ScreenLimits.labelMax} disabled={readOnly} data-testid={testId} />
    </Form.Item>
  );
}

function TextProps() {
  const { t } = useTranslation('designer');
  const { readOnly } = useDesignerData();
  return (
    <>
      <Form.Item name="text" label={t('field.text')}>
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={ScreenLimits.textMax}
          disabled={readOnly}
          data-testid="designer-prop-text"
        />
      </Form.Item>
      <FontAndColor />
      <Form.Item name="align" label={t('field.align')}>
        <Radio.Group
          disabled={readOnly}
          optionType="button"
          size="small"
          options={(['left', 'center', 'right'] as const).map((a) => ({
            value: a,
            label: t(`field.alignTo.${a}`),
          }))}
        />
      </Form.Item>
    </>
  );
}

function LampProps() {
  const { t } = useTranslation('designer');
  const { readOnly } = useDesignerData();
  return (
    <>
      <Form.Item name="mode" label={t('field.lampMode')}>
        <Radio.Group
          disabled={readOnly}
          optionType="button"
          size="small"
          options={(['bit', 'ranges'] as const).map((m) => ({ value: m, label: t(`field.lamp.${m}`) }))}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.mode !== b.mode}>
        {({ getFieldValue }) =>
          getFieldValue('mode') === 'ranges' ? (
            <Form.Item label={t('field.ranges')}>
              <RangesList name="ranges" testId="designer-lamp-ranges" />
            </Form.Item>
          ) : (
            <>
              <NumberItem name="bit" label={t('field.bit')} min={0} max={63} optional />
              <Form.Item name="onColor" label={t('field.onColor')}>
                <ColorField />
              </Form.Item>
            </>
          )
        }
      </Form.Item>
      <Form.Item name="offColor" label={t('field.offColor')}>
        <ColorField />
      </Form.Item>
    </>
  );
}

function ScaleProps() {
  const { t } = useTranslation('designer');
  return (
    <>
      <NumberItem name="min" label={t('field.min')} />
      <NumberItem name="max" label={t('field.max')} />
      <Form.Item name="color" label={t('field.color')}>
        <ColorField />
      </Form.Item>
    </>
  );
}

function TrendProps() {
  const { t } = useTranslation('designer');
  const { readOnly } = useDesignerData();
  return (
    <>
      <Form.Item name="seconds" label={t('field.seconds')} rules={[{ required: true, message: '' }]}>
        <Select<number>
          disabled={readOnly}
          options={[60, 300, 600, 1800, 3600, 4 * 3600, 12 * 3600, 86_400].map((s) => ({
            value: s,
            label: s < 3600 ? t('field.minutes', { count: s / 60 }) : t('field.hours', { count: s / 3600 }),
          }))}
        />
      </Form.Item>
      <NumberItem name="min" label={t('field.axisMin')} optional />
      <NumberItem name="max" label={t('field.axisMax')} optional />
      <Form.Item name="color" label={t('field.color')}>
        <ColorField />
      </Form.Item>
    </>
  );
}

function InputBounds({ length }: { length: boolean }) {
  const { t } = useTranslation('designer');
  const bound = length ? { min: 0, max: ScreenLimits.textInputMax } : {};
  return (
    <>
      <NumberItem name="min" label={t(length ? 'field.minLength' : 'field.min')} optional {...bound} />
      <NumberItem name="max" label={t(length ? 'field.maxLength' : 'field.max')} optional {...bound} />
    </>
  );
}

function SwitchProps() {
  const { t } = useTranslation('designer');
  const { readOnly } = useDesignerData();
  return (
    <>
      <Form.Item name="onValue" label={t('field.onValue')} extra={t('field.writeValueHint')}>
        <Input disabled={readOnly} maxLength={ScreenLimits.valueTextMax} />
      </Form.Item>
      <Form.Item name="offValue" label={t('field.offValue')}>
        <Input disabled={readOnly} maxLength={ScreenLimits.valueTextMax} />
      </Form.Item>
    </>
  );
}

/** The props fields of the widget's type. */
export function PropsFields({ widget }: { widget: ScreenWidget }) {
  const { t } = useTranslation('designer');
  const { readOnly } = useDesignerData();
  switch (widget.type) {
    case 'text':
    case 'label':
      return <TextProps />;
    case 'numeric':
      return (
        <>
          <NumberItem name="decimals" label={t('field.decimals')} min={0} max={ScreenLimits.decimalsMax} />
          <LineText name="unit" label={t('field.unit')} />
          <FontAndColor />
        </>
      );
    case 'lamp':
      return <LampProps />;
    case 'bar':
    case 'gauge':
      return <ScaleProps />;
    case 'trend':
      return <TrendProps />;
    case 'numeric-input':
      return <InputBounds length={false} />;
    case 'text-input':
      return <InputBounds length />;
    case 'button':
      return (
        <>
          <LineText name="label" label={t('field.label')} testId="designer-prop-label" />
          <FontAndColor />
          <Form.Item name="background" label={t('field.background')}>
            <ColorField />
          </Form.Item>
        </>
      );
    case 'switch':
      return <SwitchProps />;
    case 'image':
      return (
        <Form.Item name="assetId" label={t('field.picture')} rules={[{ required: true, message: '' }]}>
          <AssetField kinds={['png', 'jpeg', 'svg']} testId="designer-prop-asset" />
        </Form.Item>
      );
    case 'svg':
      return (
        <>
          <Form.Item name="assetId" label={t('field.drawing')} rules={[{ required: true, message: '' }]}>
            <AssetField kinds={['svg']} testId="designer-prop-asset" />
          </Form.Item>
          <Form.Item label={t('field.marks')}>
            <MarksList assetId={widget.props.assetId} />
          </Form.Item>
        </>
      );
    case 'alarm-list':
      return (
        <Form.Item name="maxRows" label={t('field.maxRows')}>
          <InputNumber min={1} max={ScreenLimits.alarmRowsMax} disabled={readOnly} />
        </Form.Item>
      );
    case 'nav':
      return (
        <>
          <LineText name="label" label={t('field.label')} />
          <Form.Item name="screenId" label={t('field.screen')} rules={[{ required: true, message: '' }]}>
            <ScreenSelect testId="designer-prop-screen" />
          </Form.Item>
        </>
      );
  }
}
