import { Navigate, Outlet } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { storage } from '../../shared/storage/storage.ts';
import { isCancelled } from '../../shared/http/http-errors.ts';
import { useUserInfo } from '../../shared/session/use-user-info.ts';
import { useMessageCounts } from '../../features/session/use-message-counts.ts';

/**
 * The route guard of SPEC section 2: no token goes to /login; on first entry the user info and
 * the unread message counts load before the signed-in frame renders.
 */
export function SessionGuard() {
  if (!storage.token()) return <Navigate to="/login" replace />;
  return <SessionGate />;
}

function SessionGate() {
  const { t } = useTranslation('common');
  const user = useUserInfo();
  useMessageCounts();
  if (user.isPending) {
    return (
      <div className="app-fullpage-center" data-testid="session-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (user.isError) {
    if (isCancelled(user.error) || !storage.token()) return <Navigate to="/login" replace />;
    return (
      <div className="app-fullpage-center">
        <Result
          status="warning"
          title={t('sessionLoadFailed')}
          extra={
            <Button type="primary" onClick={() => void user.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return <Outlet />;
}
