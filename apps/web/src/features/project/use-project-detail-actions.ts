import { useState } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail, ProjectDevice, ProjectScreenSummary } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { failureText } from '../../shared/feedback/toast-failure.ts';
import { useDeleteScreen, useSetProjectDevices } from './use-project-mutations.ts';
import { withoutDevice } from './project-devices.ts';
import type { ScreenDialogState } from './ScreenNameDialog.tsx';

/** The failure of taking a device out, shown in the panel (1091 lists the screens that bind it). */
export interface DeviceFailure {
  text: string;
  error: unknown;
}

/**
 * The detail panel's actions: the screen dialog (add, rename), deleting a screen and taking a
 * device out of the project, each confirmed first. A refused device removal stays in the panel
 * (`failure`) rather than a toast: 1091 names the screens to change in the designer.
 */
export function useProjectDetailActions(project: ProjectDetail | undefined) {
  const { t } = useTranslation('project');
  const [modal, holder] = Modal.useModal();
  const [dialog, setDialog] = useState<ScreenDialogState>();
  const [failure, setFailure] = useState<DeviceFailure>();
  const [removing, setRemoving] = useState<number>();
  const setDevices = useSetProjectDevices();
  const deleteScreen = useDeleteScreen();

  const confirmDeleteScreen = (screen: ProjectScreenSummary) =>
    void modal.confirm({
      title: t('screen.deleteTitle', { name: screen.name }),
      content: t('screen.deleteText'),
      okText: t('screen.delete'),
      okButtonProps: { danger: true, 'data-testid': 'screen-delete-confirm' } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: () =>
        deleteScreen
          .mutateAsync(screen.id)
          .then(() => successToast(t('screen.deleted', { name: screen.name }))),
    });

  const remove = async (p: ProjectDetail, device: ProjectDevice) => {
    setFailure(undefined);
    setRemoving(device.id);
    try {
      await setDevices.mutateAsync({ id: p.id, device_ids: withoutDevice(p, device.id) });
      successToast(t('detail.removed', { name: device.name }));
    } catch (e) {
      const text = failureText(e);
      if (text !== undefined) setFailure({ text, error: e });
    } finally {
      setRemoving(undefined);
    }
  };
  const confirmRemoveDevice = (device: ProjectDevice) => {
    if (!project) return;
    void modal.confirm({
      title: t('detail.removeTitle', { name: device.name }),
      content: t('detail.removeText'),
      okText: t('detail.remove'),
      okButtonProps: { 'data-testid': 'device-remove-confirm' } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: () => void remove(project, device),
    });
  };

  return {
    holder,
    dialog,
    openAdd: () => project && setDialog({ mode: 'add', projectId: project.id }),
    openRename: (screen: ProjectScreenSummary) => setDialog({ mode: 'rename', screen }),
    closeDialog: () => setDialog(undefined),
    confirmDeleteScreen,
    confirmRemoveDevice,
    removing,
    failure,
    clearFailure: () => setFailure(undefined),
  };
}
