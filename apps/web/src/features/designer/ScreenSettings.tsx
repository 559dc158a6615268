import { useEffect } from 'react';
import { Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScreenLimits, type ScreenDocument } from '@hmi/domain';
import { AssetField } from './AssetField.tsx';
import type { EditorAction } from './editor-state.ts';
import { ColorField } from './form-controls.tsx';
import { useDesignerData } from './use-designer-data.ts';

/*
 * The screen itself, shown while nothing is selected: its design size, how it is scaled on the
 * running screen (fit: whole and letterboxed, the way phones always show it; fill: stretched;
 * fixed: 1:1, scrolling) and its background colour and picture.
 */

interface Props {
  doc: ScreenDocument;
  dispatch(action: EditorAction): void;
}

export function ScreenSettings({ doc, dispatch }: Props) {
  const { t } = useTranslation('designer');
  const { readOnly } = useDesignerData();
  const [form] = Form.useForm();
  const { size, scale, background } = doc;
  useEffect(() => {
    form.setFieldsValue({
      width: size.width,
      height: size.height,
      scale,
      color: background.color,
      imageAssetId: background.imageAssetId,
    });
  }, [form, size, scale, background]);

  const onChange = (changed: Record<string, unknown>, all: Record<string, unknown>) => {
    const field = Object.keys(changed)[0] ?? '';
    if (field === 'width' || field === 'height') {
      const width = Number(all.width);
      const height = Number(all.height);
      if (!Number.isInteger(width) || !Number.isInteger(height)) return;
      dispatch({ type: 'screen', patch: { size: { width, height } }, merge: `screen:${field}` });
    } else if (field === 'scale') {
      dispatch({ type: 'screen', patch: { scale: all.scale as ScreenDocument['scale'] } });
    } else {
      const image = all.imageAssetId as number | undefined;
      dispatch({
        type: 'screen',
        patch: { background: { color: String(all.color), ...(image ? { imageAssetId: image } : {}) } },
      });
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      size="small"
      disabled={readOnly}
      onValuesChange={onChange}
      data-testid="designer-screen-settings"
    >
      <div className="designer-row">
        <Form.Item name="width" label={t('screen.width')}>
          <InputNumber
            min={ScreenLimits.widthMin}
            max={ScreenLimits.widthMax}
            precision={0}
            className="designer-number"
          />
        </Form.Item>
        <Form.Item name="height" label={t('screen.height')}>
          <InputNumber
            min={ScreenLimits.heightMin}
            max={ScreenLimits.heightMax}
            precision={0}
            className="designer-number"
          />
        </Form.Item>
      </div>
      <Form.Item name="scale" label={t('screen.scale')} extra={t(`screen.scaleHint.${scale}`)}>
        <Radio.Group
          optionType="button"
          size="small"
          options={(['fit', 'fill', 'fixed'] as const).map((s) => ({
            value: s,
            label: t(`screen.scales.${s}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="color" label={t('screen.background')}>
        <ColorField />
      </Form.Item>
      <Form.Item name="imageAssetId" label={t('screen.picture')}>
        <AssetField kinds={['png', 'jpeg', 'svg']} allowClear />
      </Form.Item>
    </Form>
  );
}
