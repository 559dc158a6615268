import { QRCode, Steps } from 'antd';
import { AndroidOutlined, AppleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../features/auth/AuthLayout.tsx';
import './app-download.css';

/** Mobile access: the console is a responsive web app; scan, open, add to the home screen. */
export function AppDownloadPage() {
  const { t } = useTranslation('download');
  const address = `${window.location.origin}${window.location.pathname}#/login`;
  return (
    <AuthLayout wide>
      <h2>{t('heading')}</h2>
      <p className="auth-subtitle">{t('subtitle')}</p>
      <div className="download-qr">
        <QRCode value={address} size={168} bordered={false} />
        <p>{t('scan')}</p>
        <code className="download-address">{address}</code>
      </div>
      <h3 className="download-h3">
        <AppleOutlined /> {t('ios.title')}
      </h3>
      <Steps
        orientation="vertical"
        size="small"
        current={-1}
        items={[1, 2, 3].map((n) => ({ title: t(`ios.step${n}`) }))}
      />
      <h3 className="download-h3">
        <AndroidOutlined /> {t('android.title')}
      </h3>
      <Steps
        orientation="vertical"
        size="small"
        current={-1}
        items={[1, 2, 3].map((n) => ({ title: t(`android.step${n}`) }))}
      />
      <p className="download-note">{t('note')}</p>
    </AuthLayout>
  );
}
