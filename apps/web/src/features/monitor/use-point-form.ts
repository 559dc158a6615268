import { useMemo } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type MonitorTag } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePlacedFailure, type FailurePlaces } from '../../shared/feedback/use-placed-failure.ts';
import { useMonitorMutations } from './use-monitor.ts';
import {
  batchPreview,
  pointFormValuesOf,
  toPointRequest,
  type PointFormMode,
  type PointFormValues,
} from './point-form.ts';

const PLACES: FailurePlaces = {
  fieldOf: { [ErrorCode.E1093_ILLEGAL_ADDRESS]: 'address' },
  fields: ['name', 'station', 'length', 'decimals', 'count', 'address', 'component_type'],
};

/** The point dialog's form: start values, the batch preview as the user types, and the submit. */
export function usePointForm(
  deviceId: number,
  mode: PointFormMode,
  point: MonitorTag | undefined,
  onClose: () => void,
) {
  const { t } = useTranslation('monitor');
  const [form] = Form.useForm<PointFormValues>();
  const { failure, report, clear } = usePlacedFailure(form, PLACES);
  const { add, batchAdd, edit } = useMonitorMutations(deviceId);
  const pending = add.isPending || batchAdd.isPending || edit.isPending;
  const initial = useMemo(() => pointFormValuesOf(point, mode), [point, mode]);

  const dataType = Form.useWatch('data_type', form) ?? initial.data_type;
  const name = Form.useWatch('name', form) ?? '';
  const address = Form.useWatch('address', form) ?? '';
  const count = Form.useWatch('count', form);
  const step = Form.useWatch('step', form);
  const preview = batchPreview(mode, name, address, count, step);

  const submit = async (v: PointFormValues) => {
    clear();
    const request = toPointRequest(v, mode, deviceId, point);
    try {
      if (request.kind === 'edit') {
        await edit.mutateAsync(request.body);
        successToast(t('form.saved'));
      } else if (request.kind === 'batch') {
        const r = await batchAdd.mutateAsync(request.body);
        successToast(t('form.added', { count: r.count }));
      } else {
        await add.mutateAsync(request.body);
        successToast(t('form.added', { count: 1 }));
      }
      onClose();
    } catch (e) {
      report(e);
    }
  };

  return { form, initial, failure, clear, pending, dataType, preview, submit };
}
