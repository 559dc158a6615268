import { useCallback, useState } from 'react';
import { Alert, Button, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Region } from '@hmi/domain';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';

/**
 * The scaffolding of an account form's calls: `submit(call)` makes the form's onFinish (clears the
 * failure line, busy while the call runs, its failure reported); `sendCode(check, send)` makes a
 * SendCodeButton's `send` (the fields it needs checked first, a failure reported and rethrown so
 * the countdown does not start).
 */
export function useAccountForm() {
  const { failure, report, clear } = usePlacedFailure();
  const [busy, setBusy] = useState(false);
  const submit = useCallback(
    <V,>(call: (values: V) => Promise<unknown>) =>
      async (values: V) => {
        clear();
        setBusy(true);
        try {
          await call(values);
        } catch (e) {
          report(e);
        } finally {
          setBusy(false);
        }
      },
    [clear, report],
  );
  const sendCode = useCallback(
    <C,>(check: () => Promise<C>, send: (checked: C) => Promise<unknown>) =>
      async () => {
        clear();
        const checked = await check();
        try {
          await send(checked);
        } catch (e) {
          report(e);
          throw e;
        }
      },
    [clear, report],
  );
  return { failure, busy, clear, submit, sendCode };
}

/** The failure line above an account form's full-width submit button. */
export function AccountFormFooter({
  failure,
  busy,
  label,
  testIds,
}: {
  failure: string | undefined;
  busy: boolean;
  label: string;
  testIds: { error: string; submit: string };
}) {
  return (
    <>
      {failure ? (
        <Alert type="error" showIcon title={failure} className="form-failure" data-testid={testIds.error} />
      ) : null}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid={testIds.submit}>
        {label}
      </Button>
    </>
  );
}

/** What both registration forms take: the data centres offered and the one chosen first. */
export interface RegisterFormProps {
  regions: readonly Region[];
  defaultRegion: Region;
}

/** The data centre field (`data_center`) of the registration forms. */
export function RegionField({ regions, testId }: { regions: readonly Region[]; testId?: string }) {
  const { t } = useTranslation('register');
  return (
    <Form.Item name="data_center" label={t('dataCenter.label')} extra={t('dataCenter.help')}>
      <Select
        options={regions.map((r) => ({ value: r, label: t(`common:region.${r}`) }))}
        data-testid={testId}
      />
    </Form.Item>
  );
}
