import { useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, type ProjectDevice, type ScreenDocument } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { ScreenView } from '../scada/index.ts';

/*
 * The preview: the unsaved document run as the runtime runs it (scaled to the space, live
 * values of its bound tags over the tab's one subscription, quality on every bound widget), but
 * it never writes. A press, an input or a switch is counted and the banner says it was not sent.
 */

interface Props {
  doc: ScreenDocument;
  devices: readonly ProjectDevice[];
  assetUrl: (assetId: number) => string;
}

export function DesignerPreview({ doc, devices, assetUrl }: Props) {
  const { t } = useTranslation('designer');
  const can = usePermission();
  const [unsent, setUnsent] = useState(0);
  return (
    <div className="designer-preview" data-testid="designer-preview-view">
      <Alert
        type={unsent > 0 ? 'warning' : 'info'}
        showIcon
        banner
        message={unsent > 0 ? t('preview.unsent', { count: unsent }) : t('preview.banner')}
        data-testid="designer-preview-banner"
      />
      <ScreenView
        doc={doc}
        devices={devices}
        mode="run"
        canMonitor={can(Perm.DeviceMonitor)}
        onAction={() => setUnsent((n) => n + 1)}
        assetUrl={assetUrl}
      />
    </div>
  );
}
