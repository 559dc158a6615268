import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, type ButtonProps } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Perm, type InvitationItem, type MemberItem } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useUserInfo } from '../../shared/session/use-user-info.ts';
import { useInvitationList, useMemberList, useTeamRoles } from '../../features/member/use-members.ts';
import { useCancelInvitation, useRemoveMember } from '../../features/member/use-member-mutations.ts';
import { roleChoices } from '../../features/member/member-display.ts';
import { membersTab, type MembersTab } from '../../features/member/members-tab.ts';
import { memberKeys } from '../../features/member/member.api.ts';

export const PAGE_SIZE = 20;

const displayName = (m: MemberItem) => m.name || m.account;

/** The members screen's state: the tab (in the URL), both lists with their filters, dialogs and confirmations. */
export function useMembersPage() {
  const { t } = useTranslation('member');
  const can = usePermission();
  const { data: profile } = useUserInfo();
  const [params, setParams] = useSearchParams();
  const tab = membersTab(params.get('tab'));
  const client = useQueryClient();
  // Turning to a tab shows it as it is now: invitations are answered and members join elsewhere.
  useEffect(() => {
    void client.invalidateQueries({
      queryKey: tab === 'members' ? memberKeys.lists : memberKeys.invitations,
    });
  }, [client, tab]);
  const [modal, holder] = Modal.useModal();

  const rights = {
    view: can(Perm.UserView),
    edit: can(Perm.UserEdit),
    remove: can(Perm.UserDelete),
    dataPm: can(Perm.UserDataPm),
  };
  const canInvite = can(Perm.UserInvite);

  const [search, setSearch] = useState<string>();
  const [roleId, setRoleId] = useState<number>();
  const [page, setPage] = useState(1);
  const members = useMemberList({
    page,
    page_size: PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(roleId !== undefined ? { role_id: roleId } : {}),
  });

  const [state, setState] = useState<number>();
  const [invitationPage, setInvitationPage] = useState(1);
  const invitations = useInvitationList(
    { page: invitationPage, page_size: PAGE_SIZE, ...(state !== undefined ? { state } : {}) },
    tab === 'invitations',
  );

  // Roles are listed for callers that may view them (28); others choose among the roles they know.
  const teamRoles = useTeamRoles(can(Perm.RoleView));
  const roles = roleChoices(teamRoles.data?.list, [
    profile?.role,
    ...(members.data?.list ?? []).map((m) => ({ id: m.role_id, name: m.role_name })),
  ]);

  const [inviting, setInviting] = useState(false);
  const [roleTarget, setRoleTarget] = useState<MemberItem>();
  const [accessTarget, setAccessTarget] = useState<MemberItem>();
  const [dataPmTarget, setDataPmTarget] = useState<MemberItem>();
  const remove = useRemoveMember();
  const cancel = useCancelInvitation();

  const setTab = useCallback(
    (next: MembersTab) => setParams(next === 'members' ? {} : { tab: next }, { replace: true }),
    [setParams],
  );
  const onSearch = useCallback((next: string | undefined) => {
    setSearch(next);
    setPage(1);
  }, []);
  const onRole = (next: number | undefined) => {
    setRoleId(next);
    setPage(1);
  };
  const onState = (next: number | undefined) => {
    setState(next);
    setInvitationPage(1);
  };
  const onInvited = () => {
    setState(undefined);
    setInvitationPage(1);
    setTab('invitations');
  };

  const confirmRemove = (m: MemberItem) =>
    void modal.confirm({
      title: t('remove.title', { name: displayName(m) }),
      content: t('remove.text'),
      okText: t('remove.submit'),
      okButtonProps: { danger: true, 'data-testid': 'member-remove-confirm' } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: () =>
        remove.mutateAsync(m.id).then(() => successToast(t('remove.done', { name: displayName(m) }))),
    });

  const confirmCancel = (item: InvitationItem) =>
    void modal.confirm({
      title: t('invitation.cancelTitle', { account: item.account }),
      content: t('invitation.cancelText'),
      okText: t('invitation.cancelSubmit'),
      okButtonProps: { danger: true, 'data-testid': 'invitation-cancel-confirm' } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: () =>
        cancel
          .mutateAsync(item.id)
          .then(() => successToast(t('invitation.cancelled', { account: item.account }))),
    });

  return {
    holder,
    tab,
    setTab,
    rights,
    canInvite,
    callerId: profile?.dbuser_id,
    members,
    search,
    onSearch,
    roleId,
    onRole,
    page,
    setPage,
    invitations,
    state,
    onState,
    invitationPage,
    setInvitationPage,
    roles,
    rolesLoading: teamRoles.isLoading,
    inviting,
    setInviting,
    onInvited,
    roleTarget,
    setRoleTarget,
    accessTarget,
    setAccessTarget,
    dataPmTarget,
    setDataPmTarget,
    confirmRemove,
    confirmCancel,
  };
}
