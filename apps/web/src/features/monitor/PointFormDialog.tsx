import { useMemo } from 'react';
import { Alert, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  ErrorCode,
  monitorComponentTypes,
  numberedNames,
  ReadWriteType,
  steppedAddresses,
  TagDataType,
  tagDataTypeNames,
  validateBatchCount,
  validateMonitorDecimals,
  validateMonitorLength,
  validateMonitorName,
  validateStationNumber,
  VALIDATION_NAMESPACE,
  type MonitorComponentType,
  type MonitorTag,
  type ValidationResult,
} from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure, type FailurePlaces } from '../../shared/feedback/use-placed-failure.ts';
import { useMonitorMutations } from './use-monitor.ts';

export type PointFormMode = 'add' | 'batch' | 'edit';

interface Values {
  name: string;
  data_type: number;
  rw: number;
  link: string;
  plc_vendor: string;
  plc_name: string;
  station: number | null;
  component_type: MonitorComponentType;
  address: string;
  length: number | null;
  decimals: number | null;
  step: number | null;
  count: number | null;
  description: string;
}

interface Props {
  deviceId: number;
  mode: PointFormMode;
  /** The point edited (mode edit). */
  point?: MonitorTag | undefined;
  /** Names of the device's other tags (uniqueness as the user types). */
  takenNames: readonly string[];
  onClose(): void;
}

const PLACES: FailurePlaces = {
  fieldOf: { [ErrorCode.E1093_ILLEGAL_ADDRESS]: 'address' },
  fields: ['name', 'station', 'length', 'decimals', 'count', 'address', 'component_type'],
};

const toNumeric = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : (v as number));

/** Add one point, batch add 2-100 numbered points, or edit a point; every rule of SPEC section 5 as the user types. */
export function PointFormDialog({ deviceId, mode, point, takenNames, onClose }: Props) {
  const { t } = useTranslation('monitor');
  const { t: tv } = useTranslation(VALIDATION_NAMESPACE);
  const [form] = Form.useForm<Values>();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);
  const { add, batchAdd, edit } = useMonitorMutations(deviceId);
  const pending = add.isPending || batchAdd.isPending || edit.isPending;

  const initial: Values = useMemo(
    () => ({
      name: point?.name ?? '',
      data_type: point?.data_type ?? TagDataType.INT16,
      rw: point?.rw ?? ReadWriteType.ReadWrite,
      link: point?.link ?? '',
      plc_vendor: point?.plc_vendor ?? '',
      plc_name: point?.plc_name ?? '',
      station: point?.station ?? 0,
      component_type: (point?.component_type as MonitorComponentType | undefined) ?? 'word',
      address: point?.address ?? '',
      length: point?.length ?? 0,
      decimals: point?.decimals ?? 0,
      step: point?.step ?? 1,
      count: mode === 'batch' ? 10 : null,
      description: point?.description ?? '',
    }),
    [point, mode],
  );

  const rule =
    (check: (v: unknown, all: Values) => ValidationResult): Rule =>
    ({ getFieldsValue }) => ({
      validator: async (_: unknown, value: unknown) => {
        const r = check(value, getFieldsValue(true) as Values);
        if (!r.ok) throw new Error(tv(r.key, { ...r.params }));
      },
    });

  const dataType = Form.useWatch('data_type', form) ?? initial.data_type;
  const name = Form.useWatch('name', form) ?? '';
  const address = Form.useWatch('address', form) ?? '';
  const count = Form.useWatch('count', form);
  const step = Form.useWatch('step', form);
  const batchCountOk = mode === 'batch' && validateBatchCount(toNumeric(count)).ok;
  const names = batchCountOk && name.trim() ? numberedNames(name, Number(count)) : undefined;
  const addresses =
    batchCountOk && address.trim() ? steppedAddresses(address, Number(count), Number(step) || 1) : undefined;

  const submit = async (v: Values) => {
    clear();
    const fields = {
      name: v.name,
      data_type: v.data_type as (typeof TagDataType)[keyof typeof TagDataType],
      rw: v.rw as ReadWriteType,
      link: v.link ?? '',
      plc_vendor: v.plc_vendor ?? '',
      plc_name: v.plc_name ?? '',
      station: Number(v.station ?? 0),
      component_type: v.component_type,
      address: v.address,
      length: Number(v.length ?? 0),
      decimals: Number(v.decimals ?? 0),
      step: Number(v.step ?? 1),
      description: v.description ?? '',
    };
    try {
      if (mode === 'edit' && point?.point_id) {
        await edit.mutateAsync({ id: deviceId, point_id: point.point_id, ...fields });
        successToast(t('form.saved'));
      } else if (mode === 'batch') {
        const r = await batchAdd.mutateAsync({ id: deviceId, ...fields, count: Number(v.count) });
        successToast(t('form.added', { count: r.count }));
      } else {
        await add.mutateAsync({ id: deviceId, ...fields });
        successToast(t('form.added', { count: 1 }));
      }
      onClose();
    } catch (e) {
      report(e);
    }
  };

  const title =
    mode === 'edit' ? t('form.editTitle') : mode === 'batch' ? t('form.batchTitle') : t('form.addTitle');
  const half = { xs: 24, sm: 12 };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('form.submit')}
      cancelText={t('common:cancel')}
      confirmLoading={pending}
      okButtonProps={{ 'data-testid': 'point-submit' } as never}
      width={640}
      destroyOnHidden
      data-testid="point-form"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onValuesChange={clear}
        requiredMark
        className="monitor-form"
      >
        <Row gutter={12}>
          <Col {...half}>
            <Form.Item
              name="name"
              label={mode === 'batch' ? t('form.namePrefix') : t('form.name')}
              required
              extra={names ? t('form.namePrefixHint', { first: names[0], last: names.at(-1) }) : undefined}
              rules={[
                rule((v, all) => {
                  const list =
                    mode === 'batch' && validateBatchCount(toNumeric(all.count)).ok
                      ? numberedNames(String(v ?? ''), Number(all.count))
                      : [String(v ?? '')];
                  for (const n of list) {
                    const r = validateMonitorName(n, takenNames);
                    if (!r.ok) return r;
                  }
                  return { ok: true };
                }),
              ]}
            >
              <Input maxLength={255} autoFocus data-testid="point-name" />
            </Form.Item>
          </Col>
          {mode === 'batch' && (
            <Col {...half}>
              <Form.Item
                name="count"
                label={t('form.count')}
                required
                dependencies={[]}
                rules={[rule((v) => validateBatchCount(toNumeric(v)))]}
              >
                <InputNumber
                  className="monitor-full"
                  precision={0}
                  data-testid="point-count"
                  onChange={() => void form.validateFields(['name']).catch(() => undefined)}
                />
              </Form.Item>
            </Col>
          )}
          <Col {...half}>
            <Form.Item name="data_type" label={t('form.dataType')} required>
              <Select
                options={tagDataTypeNames.map((n) => ({ value: TagDataType[n], label: n }))}
                data-testid="point-type"
                onChange={() => void form.validateFields(['length', 'component_type']).catch(() => undefined)}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="rw" label={t('form.rw')} required>
              <Select
                options={[ReadWriteType.Read, ReadWriteType.Write, ReadWriteType.ReadWrite].map((v) => ({
                  value: v,
                  label: t(`rw.${v}`),
                }))}
                data-testid="point-rw"
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="link" label={t('form.link')}>
              <Input maxLength={64} placeholder={t('form.linkPlaceholder')} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="plc_vendor" label={t('form.plcVendor')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="plc_name" label={t('form.plcName')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="station"
              label={t('form.station')}
              required
              rules={[rule((v) => validateStationNumber(toNumeric(v)))]}
            >
              <InputNumber className="monitor-full" data-testid="point-station" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="component_type"
              label={t('form.componentType')}
              required
              rules={[
                {
                  validator: async (_: unknown, v: unknown) => {
                    if (v === 'bit' && form.getFieldValue('data_type') !== TagDataType.BOOL)
                      throw new Error(t('rule.bitOnlyBool'));
                  },
                },
              ]}
            >
              <Select
                options={monitorComponentTypes.map((c) => ({ value: c, label: t(`form.component.${c}`) }))}
                data-testid="point-component"
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="address"
              label={t('form.address')}
              required
              extra={
                addresses ? t('form.addressHint', { first: addresses[0], last: addresses.at(-1) }) : undefined
              }
              rules={[
                { required: true, whitespace: true, message: tv('validation.required') },
                {
                  validator: async (_: unknown, v: unknown) => {
                    if (mode === 'batch' && String(v ?? '').trim() && !steppedAddresses(String(v), 2, 1))
                      throw new Error(t('rule.addressNoNumber'));
                  },
                },
              ]}
            >
              <Input maxLength={64} placeholder={t('form.addressPlaceholder')} data-testid="point-address" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="length"
              label={t('form.length')}
              tooltip={t('form.lengthHint')}
              required
              dependencies={['data_type']}
              rules={[
                rule((v, all) =>
                  validateMonitorLength(toNumeric(v), { min: all.data_type === TagDataType.STRING ? 1 : 0 }),
                ),
              ]}
            >
              <InputNumber className="monitor-full" data-testid="point-length" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="decimals"
              label={t('form.decimals')}
              required
              rules={[rule((v) => validateMonitorDecimals(toNumeric(v)))]}
            >
              <InputNumber
                className="monitor-full"
                disabled={dataType === TagDataType.STRING || dataType === TagDataType.BOOL}
                data-testid="point-decimals"
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="step" label={t('form.step')} required>
              <InputNumber
                className="monitor-full"
                min={1}
                max={65535}
                precision={0}
                data-testid="point-step"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('form.description')}>
              <Input.TextArea maxLength={1024} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} data-testid="point-failure" />}
    </Modal>
  );
}
