import { useContext } from 'react';
import { AutoComplete, Button, Card, Form, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ScreenLimits, type SvgMarkAttribute } from '@hmi/domain';
import { BindingPicker } from './BindingPicker.tsx';
import { ColorField, NumberItem, PropsCommitContext, RangesList } from './form-controls.tsx';
import { useAssets, useDesignerData } from './use-designer-data.ts';

/*
 * The live parts of an svg widget: each mark names an element of the drawing by its id (the
 * ids the server found in the uploaded drawing are offered) and drives its text, fill,
 * visibility or rotation from a tag: its own binding, or the widget's when it has none.
 */

const ATTRIBUTES: SvgMarkAttribute[] = ['text', 'fill', 'visibility', 'rotation'];

/** The fields one attribute adds to its mark. */
function AttributeFields({ at, attribute }: { at: number; attribute: SvgMarkAttribute | undefined }) {
  const { t } = useTranslation('designer');
  switch (attribute) {
    case 'fill':
      return (
        <>
          <Form.Item label={t('mark.ranges')}>
            <RangesList name={[at, 'ranges']} testId={`designer-mark-${at}-ranges`} />
          </Form.Item>
          <Form.Item name={[at, 'otherwise']} label={t('mark.otherwise')}>
            <ColorField />
          </Form.Item>
        </>
      );
    case 'visibility':
      return (
        <>
          <NumberItem name={[at, 'min']} label={t('field.min')} optional />
          <NumberItem name={[at, 'max']} label={t('field.max')} optional />
        </>
      );
    case 'rotation':
      return (
        <>
          <NumberItem name={[at, 'valueMin']} label={t('mark.valueMin')} />
          <NumberItem name={[at, 'valueMax']} label={t('mark.valueMax')} />
          <NumberItem name={[at, 'angleMin']} label={t('mark.angleMin')} min={-360} max={360} />
          <NumberItem name={[at, 'angleMax']} label={t('mark.angleMax')} min={-360} max={360} />
        </>
      );
    default:
      return null;
  }
}

/** A new mark of an attribute, filled so that it passes the schema. */
export function newMark(attribute: SvgMarkAttribute, selector: string): Record<string, unknown> {
  switch (attribute) {
    case 'fill':
      return { selector, attribute, ranges: [{ min: 1, max: 1, color: '#22C55E' }] };
    case 'rotation':
      return { selector, attribute, valueMin: 0, valueMax: 100, angleMin: 0, angleMax: 360 };
    default:
      return { selector, attribute };
  }
}

export function MarksList({ assetId }: { assetId: number | undefined }) {
  const { t } = useTranslation('designer');
  const { projectId, readOnly } = useDesignerData();
  const { assets } = useAssets(projectId);
  const ids = assets.find((a) => a.id === assetId)?.ids ?? [];
  const form = Form.useFormInstance();
  const commit = useContext(PropsCommitContext);
  return (
    <Form.List name="marks">
      {(fields, { add, remove }) => (
        <div className="designer-marks" data-testid="designer-marks">
          {fields.map((f) => (
            <Card
              key={f.key}
              size="small"
              className="designer-mark"
              extra={
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('mark.remove')}
                  disabled={readOnly}
                  onClick={() => remove(f.name)}
                />
              }
            >
              <Form.Item
                name={[f.name, 'selector']}
                label={t('mark.element')}
                rules={[{ required: true, message: '' }]}
              >
                <AutoComplete
                  options={ids.map((id) => ({ value: id }))}
                  disabled={readOnly}
                  filterOption={(input, o) => String(o?.value ?? '').includes(input)}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'attribute']} label={t('mark.attribute')}>
                <Select
                  disabled={readOnly}
                  options={ATTRIBUTES.map((a) => ({ value: a, label: t(`mark.attr.${a}`) }))}
                  onChange={(a: SvgMarkAttribute) => {
                    const selector = String(form.getFieldValue(['marks', f.name, 'selector']) ?? '');
                    const binding: unknown = form.getFieldValue(['marks', f.name, 'binding']);
                    form.setFieldValue(['marks', f.name], {
                      ...newMark(a, selector),
                      ...(binding ? { binding } : {}),
                    });
                    // setFieldValue is not a change the form reports: hand the new mark on.
                    commit('marks');
                  }}
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {() => (
                  <AttributeFields
                    at={f.name}
                    attribute={form.getFieldValue(['marks', f.name, 'attribute'])}
                  />
                )}
              </Form.Item>
              <Form.Item name={[f.name, 'binding']} label={t('mark.binding')} extra={t('mark.bindingHint')}>
                <BindingPicker testId={`designer-mark-${f.name}-binding`} />
              </Form.Item>
            </Card>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={readOnly || fields.length >= ScreenLimits.svgMarksMax}
            onClick={() => add(newMark('text', ids[0] ?? 'element'))}
            data-testid="designer-mark-add"
          >
            {t('mark.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
