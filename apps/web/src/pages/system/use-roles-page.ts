import { useCallback, useMemo, useState } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, type RoleSummary } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useRoleList, useZoneList } from '../../features/role/use-roles.ts';
import { useDeleteRole } from '../../features/role/use-role-mutations.ts';

/** The roles screen's state: the list, zone names, the editor's target and deleting. */
export function useRolesPage() {
  const { t } = useTranslation('role');
  const can = usePermission();
  const list = useRoleList();
  const zones = useZoneList(can(Perm.SafeZoneView));
  const { mutateAsync: removeRole } = useDeleteRole();
  const [modal, holder] = Modal.useModal();
  const [target, setTarget] = useState<number | 'new'>();

  const zoneNames = useMemo(
    () => new Map((zones.data?.list ?? []).map((z) => [z.id, z.name] as const)),
    [zones.data],
  );
  const open = useCallback((id: number) => setTarget(id), []);
  const create = useCallback(() => setTarget('new'), []);
  const close = useCallback(() => setTarget(undefined), []);

  const confirmDelete = useCallback(
    (role: RoleSummary) =>
      void modal.confirm({
        title: t('delete.title', { name: role.name }),
        content: t('delete.text'),
        okText: t('delete.submit'),
        okButtonProps: { danger: true, 'data-testid': 'role-delete-confirm' } as ButtonProps,
        cancelText: t('common:cancel'),
        // A failure (1072 when a member took the role meanwhile) is toasted by the client.
        onOk: () =>
          removeRole(role.id).then(
            () => successToast(t('delete.done', { name: role.name })),
            () => undefined,
          ),
      }),
    [modal, removeRole, t],
  );

  return { holder, list, zoneNames, target, open, create, close, confirmDelete };
}
