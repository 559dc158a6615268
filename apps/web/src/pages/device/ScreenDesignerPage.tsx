import { useNavigate, useSearchParams } from 'react-router';
import { Button, Result } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MenuPath, Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useUserInfo } from '../../shared/session/use-user-info.ts';
import { ScreenDesigner } from '../../features/designer/ScreenDesigner.tsx';

const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * /device/projectlist/designer?screen=N: the screen designer of one screen of a multi-device
 * project (issue 26; no menu entry: the project list's screens lead here). Viewing needs project
 * view (39), changing and saving project edit (42). react-moveable, react-selecto and the
 * widgets come with this page's chunk only.
 */
export function ScreenDesignerPage() {
  const { t } = useTranslation('designer');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const can = usePermission();
  const { data: profile } = useUserInfo();
  const screenId = positive(search.get('screen'));

  const back = (projectId: number | undefined) => (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      className="designer-back"
      onClick={() =>
        void navigate(projectId ? `${MenuPath.ProjectList}?projectid=${projectId}` : MenuPath.ProjectList)
      }
      data-testid="designer-back"
    >
      {t('back')}
    </Button>
  );
  if (!profile) return null;
  if (!can(Perm.ProjectView)) return <Result status="403" title={t('errors:1002')} extra={back(undefined)} />;
  if (screenId === undefined) return <Result status="404" title={t('missing')} extra={back(undefined)} />;
  return <ScreenDesigner key={screenId} screenId={screenId} canEdit={can(Perm.ProjectEdit)} back={back} />;
}
