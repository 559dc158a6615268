import { Alert, Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { raSectionHref } from '../billing/index.ts';
import type { TrafficRefusal } from './remote-refusal.ts';

interface Props {
  refusal: TrafficRefusal;
  deviceId: number;
  /** The user may act in My account (refusalLink). */
  link: boolean;
  /** The 12G prompt again (declined12g). */
  onAskAgain(): void;
}

/** A traffic refusal of the remote screen: what to do next and a link to where it is done. */
export function RemoteRefusal({ refusal, deviceId, link, onAskAgain }: Props) {
  const { t } = useTranslation('remote');
  const navigate = useNavigate();
  return (
    <Alert
      type="warning"
      showIcon
      className="remote-refusal"
      data-testid="remote-refusal"
      data-refusal={refusal}
      title={t(`refusal.${refusal}.title`)}
      description={link ? t(`refusal.${refusal}.next`) : t(`refusal.${refusal}.ask`)}
      action={
        <Space wrap>
          {refusal === 'declined12g' ? (
            <Button size="small" onClick={onAskAgain} data-testid="remote-refusal-again">
              {t('refusal.declined12g.again')}
            </Button>
          ) : null}
          {link ? (
            <Button
              size="small"
              type="primary"
              onClick={() => void navigate(raSectionHref(deviceId))}
              data-testid="remote-refusal-link"
            >
              {t(`refusal.${refusal}.link`)}
            </Button>
          ) : null}
        </Space>
      }
    />
  );
}
