import { useEffect, type ReactNode } from 'react';
import { Alert, Form, Input, Modal, type ButtonProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { usePlacedFailure, type FailurePlaces } from '../feedback/use-placed-failure.ts';

/** data-testid of the dialog's parts (the e2e specs select by them). */
export type NameDialogTestIds = Partial<Record<'dialog' | 'name' | 'submit', string>>;

export interface NameDialogProps<V extends { name: string }> {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** Label of the name field. */
  label: string;
  /** The values the form starts from each time it opens (memoise it: a new object resets the form). */
  initial?: Partial<V> | undefined;
  /** Rules of the name field (translated by the caller). */
  rules: Rule[];
  /** Input maxLength (a little above the rule's maximum so the rule's text shows). */
  maxLength: number;
  placeholder?: string;
  /** Help under the name field. */
  hint?: ReactNode;
  /** Where a failed call's error goes (usePlacedFailure); a module-level constant. */
  places: FailurePlaces;
  pending: boolean;
  /**
   * The manual call with the trimmed name and the other fields; it toasts and closes on success.
   * A rejection is placed under its field or above the buttons.
   */
  onSubmit(values: V): Promise<unknown>;
  onClose(): void;
  /** Fields above the name (a parent group...): Form.Items of the same form. */
  children?: ReactNode;
  testIds?: NameDialogTestIds;
}

/** A small dialog that names a thing (creates or renames a group, a zone...): one name field and the call's failure. */
export function NameDialog<V extends { name: string }>(props: NameDialogProps<V>) {
  const { open, initial, testIds = {} } = props;
  const { t } = useTranslation('common');
  const [form] = Form.useForm<V>();
  const { failure, report, clear } = usePlacedFailure(form, props.places);

  useEffect(() => {
    if (!open) return;
    clear();
    form.resetFields();
    if (initial) form.setFieldsValue(initial as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, initial, form, clear]);

  const submit = async () => {
    const v = await form.validateFields();
    clear();
    try {
      await props.onSubmit({ ...v, name: v.name.trim() });
    } catch (e) {
      report(e);
    }
  };
  const run = () => void submit().catch(() => undefined);

  return (
    <Modal
      open={open}
      title={props.title}
      okText={props.okText}
      cancelText={t('cancel')}
      okButtonProps={{ loading: props.pending, 'data-testid': testIds.submit } as ButtonProps}
      onOk={run}
      onCancel={() => props.onClose()}
      destroyOnHidden
      className="device-dialog"
      data-testid={testIds.dialog}
    >
      <Form form={form} layout="vertical" onValuesChange={clear} onFinish={run}>
        {props.children}
        <Form.Item name="name" label={props.label} rules={props.rules} extra={props.hint}>
          <Input
            autoFocus
            maxLength={props.maxLength}
            placeholder={props.placeholder}
            autoComplete="off"
            data-testid={testIds.name}
          />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
