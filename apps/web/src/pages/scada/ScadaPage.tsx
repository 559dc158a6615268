import { Button, Empty } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../shared/theme/BrandMark.tsx';
import './scada.css';

/** The runtime view of a multi-device project; with no project chosen it says how to open one. */
export function ScadaPage() {
  const { t } = useTranslation('scada');
  return (
    <div className="scada-page">
      <header className="scada-header">
        <BrandMark />
      </header>
      <div className="scada-body">
        <Empty description={<span data-testid="scada-empty">{t('empty')}</span>}>
          <Link to="/device/projectlist">
            <Button type="primary">{t('toProjects')}</Button>
          </Link>
        </Empty>
      </div>
    </div>
  );
}
