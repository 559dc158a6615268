import { Col, Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  monitorComponentTypes,
  ReadWriteType,
  TagDataType,
  tagDataTypeNames,
  validateBatchCount,
  validateMonitorDecimals,
  validateStationNumber,
  VALIDATION_NAMESPACE,
  type ValidationResult,
} from '@hmi/domain';
import {
  batchAddressWithoutNumber,
  bitNeedsBool,
  checkPointLength,
  checkPointName,
  toNumeric,
  type PointFormMode,
  type PointFormValues,
} from './point-form.ts';

const half = { xs: 24, sm: 12 };
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A form rule from a domain validator of the value and the form's other values. */
const domainRule =
  (tv: Translate, check: (v: unknown, all: PointFormValues) => ValidationResult): Rule =>
  ({ getFieldsValue }) => ({
    validator: async (_: unknown, value: unknown) => {
      const r = check(value, getFieldsValue(true) as PointFormValues);
      if (!r.ok) throw new Error(tv(r.key, { ...r.params }));
    },
  });

interface SectionProps {
  form: FormInstance<PointFormValues>;
  mode: PointFormMode;
}

/** Name (prefix of a batch), count, data type, access and the point's PLC link. */
export function PointIdentityFields({
  form,
  mode,
  takenNames,
  names,
}: SectionProps & { takenNames: readonly string[]; names: string[] | undefined }) {
  const { t } = useTranslation('monitor');
  const { t: tv } = useTranslation(VALIDATION_NAMESPACE);
  return (
    <>
      <Col {...half}>
        <Form.Item
          name="name"
          label={mode === 'batch' ? t('form.namePrefix') : t('form.name')}
          required
          extra={names ? t('form.namePrefixHint', { first: names[0], last: names.at(-1) }) : undefined}
          rules={[domainRule(tv, (v, all) => checkPointName(v, all, mode, takenNames))]}
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
            rules={[domainRule(tv, (v) => validateBatchCount(toNumeric(v)))]}
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
    </>
  );
}

/** Station, component, address (stepped in a batch), length, decimals, step and description. */
export function PointAddressFields({
  form,
  mode,
  addresses,
  dataType,
}: SectionProps & { addresses: string[] | undefined; dataType: number }) {
  const { t } = useTranslation('monitor');
  const { t: tv } = useTranslation(VALIDATION_NAMESPACE);
  return (
    <>
      <Col {...half}>
        <Form.Item
          name="station"
          label={t('form.station')}
          required
          rules={[domainRule(tv, (v) => validateStationNumber(toNumeric(v)))]}
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
                if (bitNeedsBool(v, form.getFieldValue('data_type'))) throw new Error(t('rule.bitOnlyBool'));
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
                if (batchAddressWithoutNumber(mode, v)) throw new Error(t('rule.addressNoNumber'));
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
          rules={[domainRule(tv, checkPointLength)]}
        >
          <InputNumber className="monitor-full" data-testid="point-length" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name="decimals"
          label={t('form.decimals')}
          required
          rules={[domainRule(tv, (v) => validateMonitorDecimals(toNumeric(v)))]}
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
          <InputNumber className="monitor-full" min={1} max={65535} precision={0} data-testid="point-step" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="description" label={t('form.description')}>
          <Input.TextArea maxLength={1024} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
      </Col>
    </>
  );
}
