import { useCallback, type Dispatch, type SetStateAction } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { successToast } from '../../shared/feedback/notifier.ts';
import { useUnbindDevices } from './use-device-mutations.ts';

/**
 * Unbinding devices after a confirmation (one by name, or many by count); the unbound ones leave
 * the selection. Render `holder` once in the page.
 */
export function useConfirmUnbind(setSelected: Dispatch<SetStateAction<number[]>>) {
  const { t } = useTranslation('device');
  const unbind = useUnbindDevices();
  const [modal, holder] = Modal.useModal();
  const confirmUnbind = useCallback(
    (ids: number[], name?: string) => {
      void modal.confirm({
        title: name ? t('unbind.titleOne', { name }) : t('unbind.titleMany', { count: ids.length }),
        content: t('unbind.text'),
        okText: t('unbind.submit'),
        okButtonProps: { danger: true, 'data-testid': 'unbind-confirm' } as ButtonProps,
        cancelText: t('common:cancel'),
        onOk: () =>
          unbind.mutateAsync(ids).then((r) => {
            successToast(t('unbind.done', { count: r.count }));
            setSelected((s) => s.filter((id) => !ids.includes(id)));
          }),
      });
    },
    [modal, t, unbind, setSelected],
  );
  return { confirmUnbind, holder };
}
