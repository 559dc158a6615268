import { useEffect } from 'react';
import { Checkbox, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, ScreenLimits, type ScreenWidget } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useZoneList } from '../zone/index.ts';
import type { EditorAction } from './editor-state.ts';
import { useDesignerData } from './use-designer-data.ts';

/*
 * Where the selected widget sits (x, y, width, height in design px, rotation in degrees), whether
 * it is locked, and the security zone its writes need (the team's zones; none: any operator
 * who may write the device). Typed values are rounded and held inside the document's bounds.
 */

interface Props {
  widget: ScreenWidget;
  dispatch(action: EditorAction): void;
}

const FIELDS = ['x', 'y', 'w', 'h', 'rotation'] as const;

export function GeometryFields({ widget, dispatch }: Props) {
  const { t } = useTranslation('designer');
  const { readOnly } = useDesignerData();
  const [form] = Form.useForm();
  const { x, y, w, h, rotation } = widget;
  useEffect(() => {
    form.setFieldsValue({ x, y, w, h, rotation });
  }, [form, x, y, w, h, rotation]);

  const onChange = (changed: Record<string, number | null>) => {
    const [field, value] = Object.entries(changed)[0] ?? [];
    if (field === undefined || value === null || value === undefined || !Number.isFinite(value)) return;
    dispatch({
      type: 'geometry',
      changes: [{ id: widget.id, [field]: value }],
      merge: `${widget.id}:geometry:${field}`,
    });
  };

  const limits = {
    x: [ScreenLimits.positionMin, ScreenLimits.positionMax],
    y: [ScreenLimits.positionMin, ScreenLimits.positionMax],
    w: [ScreenLimits.extentMin, ScreenLimits.extentMax],
    h: [ScreenLimits.extentMin, ScreenLimits.extentMax],
    rotation: [-360, 360],
  } as const;
  return (
    <>
      <Form
        form={form}
        layout="vertical"
        size="small"
        disabled={readOnly}
        onValuesChange={onChange}
        className="designer-geometry"
        data-testid="designer-geometry"
      >
        {FIELDS.map((f) => (
          <Form.Item key={f} name={f} label={t(`geometry.${f}`)}>
            <InputNumber
              min={limits[f][0]}
              max={limits[f][1]}
              className="designer-number"
              data-testid={`designer-geometry-${f}`}
            />
          </Form.Item>
        ))}
      </Form>
      <Checkbox
        checked={Boolean(widget.locked)}
        disabled={readOnly}
        onChange={(e) => dispatch({ type: 'lock', locked: e.target.checked, ids: [widget.id] })}
        data-testid="designer-locked"
      >
        {t('geometry.locked')}
      </Checkbox>
    </>
  );
}

/** The security zone a widget's writes need. */
export function ZoneField({ widget, dispatch }: Props) {
  const { t } = useTranslation('designer');
  const { readOnly } = useDesignerData();
  const can = usePermission();
  const mayList = can(Perm.SafeZoneView);
  const zones = useZoneList(mayList);
  const list = zones.data?.list ?? [];
  const current = widget.zoneId ?? undefined;
  const options = [
    ...list.map((z) => ({ value: z.id, label: z.name })),
    ...(current === undefined || list.some((z) => z.id === current)
      ? []
      : [{ value: current, label: t('zone.unknown', { id: current }) }]),
  ];
  return (
    <div className="designer-zone" data-testid="designer-zone">
      <div className="designer-field-label">{t('zone.title')}</div>
      <Select<number>
        value={current}
        allowClear
        placeholder={t('zone.none')}
        options={options}
        loading={mayList && zones.isPending}
        disabled={readOnly || !mayList}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(id) => dispatch({ type: 'zone', id: widget.id, zoneId: id ?? null })}
        className="designer-zone-select"
        data-testid="designer-zone-select"
      />
      <div className="designer-hint">{mayList ? t('zone.hint') : t('zone.noPermission')}</div>
    </div>
  );
}
