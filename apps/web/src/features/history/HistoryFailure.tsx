import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@hmi/domain';
import { errorText } from '../../shared/i18n/i18n.ts';
import { isApiError } from '../../shared/http/http-errors.ts';

const limitHints = ['tags', 'range', 'offset', 'width', 'export'] as const;

/**
 * A failed history call, shown where its result would be. 1035 says which limit was passed and
 * what to do about it (narrow the range, fewer tags, CSV instead of xlsx...).
 */
export function HistoryFailure({ error, onClose }: { error: unknown; onClose?: () => void }) {
  const { t } = useTranslation('history');
  if (!isApiError(error)) return null;
  const limit = (error.data as { limit?: unknown } | null)?.limit;
  const is1035 = error.code === ErrorCode.E1035_HISTORY_QUERY_LIMIT;
  const hint = is1035 ? t(`limit.${limitHints.find((h) => h === limit) ?? 'range'}`) : undefined;
  return (
    <Alert
      type={is1035 ? 'warning' : 'error'}
      showIcon
      title={errorText(error.code, error.data, error.msg)}
      description={hint}
      data-testid={is1035 ? 'history-limit' : 'history-error'}
      {...(onClose ? { closable: { onClose } } : {})}
    />
  );
}
