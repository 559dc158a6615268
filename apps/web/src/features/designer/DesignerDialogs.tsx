import { useEffect, useState } from 'react';
import { Button, Modal, type ButtonProps } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenWidgetType } from '@hmi/domain';
import { AssetField } from './AssetField.tsx';

/*
 * The designer's dialogs: the save conflict (someone saved the screen after it was loaded:
 * take their version, dropping these changes, or keep editing; never written over silently),
 * the guard before leaving with unsaved changes (inside the console and when the tab closes),
 * and the picture or drawing a new image or svg widget shows.
 */

interface ConflictProps {
  /** The version a save lost to; null: no conflict. */
  version: number | null;
  onReload(): Promise<void> | void;
  onKeep(): void;
}

export function ConflictDialog({ version, onReload, onKeep }: ConflictProps) {
  const { t } = useTranslation('designer');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={version !== null}
      title={
        <span>
          <ExclamationCircleOutlined className="designer-warn-icon" /> {t('conflict.title')}
        </span>
      }
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="keep" onClick={onKeep} data-testid="designer-conflict-keep">
          {t('conflict.keep')}
        </Button>,
        <Button
          key="reload"
          danger
          type="primary"
          loading={busy}
          onClick={() => {
            setBusy(true);
            Promise.resolve(onReload()).finally(() => setBusy(false));
          }}
          data-testid="designer-conflict-reload"
        >
          {t('conflict.reload')}
        </Button>,
      ]}
      data-testid="designer-conflict"
    >
      <p>{t('conflict.text', { version: version ?? 0 })}</p>
      <p>{t('conflict.hint')}</p>
    </Modal>
  );
}

/** Asks before the console leaves the designer with unsaved changes, and lets the browser ask when the tab closes. */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation('designer');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('leave.title')}
      okText={t('leave.ok')}
      okButtonProps={{ danger: true, 'data-testid': 'designer-leave-ok' } as ButtonProps}
      cancelText={t('leave.stay')}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('leave.text')}
    </Modal>
  );
}

interface AssetPickProps {
  /** The widget waiting for its picture; null: closed. */
  type: ScreenWidgetType | null;
  onPick(assetId: number): void;
  onCancel(): void;
}

/** The picture (image) or drawing (svg) a new widget shows: one of the project's, or an upload. */
export function AssetPickDialog({ type, onPick, onCancel }: AssetPickProps) {
  const { t } = useTranslation('designer');
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  useEffect(() => setChosen(undefined), [type]);
  return (
    <Modal
      open={type !== null}
      title={t(type === 'svg' ? 'asset.pickDrawing' : 'asset.pickPicture')}
      okText={t('asset.place')}
      okButtonProps={{ disabled: chosen === undefined }}
      onOk={() => chosen !== undefined && onPick(chosen)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p className="designer-hint">{t(type === 'svg' ? 'asset.drawingHint' : 'asset.pictureHint')}</p>
      <AssetField
        value={chosen}
        onChange={setChosen}
        kinds={type === 'svg' ? ['svg'] : ['png', 'jpeg', 'svg']}
        testId="designer-asset-pick"
      />
    </Modal>
  );
}
