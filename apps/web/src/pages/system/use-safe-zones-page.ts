import { useCallback, useState } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ZoneItem } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { useZoneList } from '../../features/zone/use-zones.ts';
import { useDeleteZone } from '../../features/zone/use-zone-mutations.ts';
import { zoneLimitReached } from '../../features/zone/zone-helpers.ts';
import type { ZoneDialogState } from '../../features/zone/ZoneNameDialog.tsx';

/** The security zone screen's state: the list, the name dialog and the delete confirmation. */
export function useSafeZonesPage() {
  const { t } = useTranslation('zone');
  const list = useZoneList();
  const reply = list.data;
  const { mutateAsync: removeZone } = useDeleteZone();
  const [dialog, setDialog] = useState<ZoneDialogState>();
  const [modal, holder] = Modal.useModal();

  const openAdd = useCallback(() => setDialog({ mode: 'add' }), []);
  const openRename = useCallback((zone: ZoneItem) => setDialog({ mode: 'rename', zone }), []);
  const closeDialog = useCallback(() => setDialog(undefined), []);

  const confirmDelete = useCallback(
    (zone: ZoneItem) =>
      void modal.confirm({
        title: t('delete.title', { name: zone.name }),
        content:
          zone.device_count > 0 ? t('delete.hasDevices', { count: zone.device_count }) : t('delete.text'),
        okText: t('delete.submit'),
        okButtonProps: { danger: true, 'data-testid': 'zone-delete-confirm' } as ButtonProps,
        cancelText: t('common:cancel'),
        // A failure (1067 when a role took the zone meanwhile) is toasted translated; the dialog closes.
        onOk: () =>
          removeZone(zone.id).then(() => successToast(t('delete.done', { name: zone.name })), toastFailure),
      }),
    [modal, t, removeZone],
  );

  return {
    holder,
    list,
    reply,
    limitReached: zoneLimitReached(reply),
    dialog,
    openAdd,
    openRename,
    closeDialog,
    confirmDelete,
  };
}
