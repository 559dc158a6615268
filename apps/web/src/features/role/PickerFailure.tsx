import { Alert } from 'antd';
import { failureText } from '../../shared/feedback/toast-failure.ts';

/** A picker list that could not be read: the translated reason in place of the list. */
export function PickerFailure({ error }: { error: unknown }) {
  const text = failureText(error);
  return text ? <Alert type="warning" showIcon title={text} className="role-picker-failure" /> : null;
}
