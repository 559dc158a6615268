import { Button, Card, Grid, Select, Tabs, Typography } from 'antd';
import { MailOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../shared/lists/SearchInput.tsx';
import { MemberTable } from '../../features/member/MemberTable.tsx';
import { InvitationTable } from '../../features/member/InvitationTable.tsx';
import { InviteDialog } from '../../features/member/InviteDialog.tsx';
import { MemberRoleDialog } from '../../features/member/MemberRoleDialog.tsx';
import { MemberAccessDrawer } from '../../features/member/MemberAccessDrawer.tsx';
import { MemberGrantsDrawer } from '../../features/role/index.ts';
import { invitationStateTag } from '../../features/member/member-display.ts';
import { INVITATION_STATES, type MembersTab } from '../../features/member/members-tab.ts';
import { PAGE_SIZE, useMembersPage } from './use-members-page.ts';
import '../../shared/styles/page-list.css';
import { FilterRow } from '../../shared/lists/FilterRow.tsx';

/** /system/user: the team's members and the invitations it sent (SPEC section 6, permissions 24-27). */
export function MembersPage() {
  const { t } = useTranslation('member');
  const compact = Grid.useBreakpoint().md === false;
  const s = useMembersPage();

  const membersPanel = (
    <>
      <FilterRow>
        <SearchInput
          value={s.search}
          onSearch={s.onSearch}
          placeholder={t('search')}
          className="device-search"
          testId="member-search"
        />
        {s.roles.length > 0 ? (
          <Select<number>
            allowClear
            value={s.roleId}
            onChange={(v) => s.onRole(v ?? undefined)}
            placeholder={t('roleFilter')}
            options={s.roles.map((r) => ({ value: r.id, label: r.name }))}
            className="device-filter"
            popupMatchSelectWidth={false}
            data-testid="member-role-filter"
          />
        ) : null}
      </FilterRow>
      <MemberTable
        reply={s.members.data}
        loading={s.members.isPending}
        filtered={s.search !== undefined || s.roleId !== undefined}
        page={s.page}
        pageSize={PAGE_SIZE}
        onPage={s.setPage}
        compact={compact}
        callerId={s.callerId}
        rights={s.rights}
        handlers={{
          onAccess: s.setAccessTarget,
          onDataPm: s.setDataPmTarget,
          onRole: s.setRoleTarget,
          onRemove: s.confirmRemove,
        }}
      />
    </>
  );

  const invitationsPanel = (
    <>
      <FilterRow>
        <Select<number>
          allowClear
          value={s.state}
          onChange={(v) => s.onState(v ?? undefined)}
          placeholder={t('invitation.stateFilter')}
          options={INVITATION_STATES.map((state) => ({
            value: state,
            label: t(`invitation.state.${invitationStateTag({ state, void_reason: null }).name}`),
          }))}
          className="device-filter-group"
          data-testid="invitation-state-filter"
        />
      </FilterRow>
      <InvitationTable
        reply={s.invitations.data}
        loading={s.invitations.isPending}
        filtered={s.state !== undefined}
        page={s.invitationPage}
        pageSize={PAGE_SIZE}
        onPage={s.setInvitationPage}
        compact={compact}
        canCancel={s.canInvite}
        onCancel={s.confirmCancel}
      />
    </>
  );

  return (
    <div className="device-page" data-testid="members-page">
      {s.holder}
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub">
            {t('subtitle')}
          </Typography.Text>
        </div>
        {s.canInvite ? (
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => s.setInviting(true)}
            data-testid="member-invite"
          >
            {t('invite')}
          </Button>
        ) : null}
      </div>
      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16, paddingTop: 4 } }}>
        <Tabs
          className="member-tabs"
          activeKey={s.tab}
          onChange={(key) => s.setTab(key as MembersTab)}
          data-testid="member-tabs"
          items={[
            {
              key: 'members',
              label: t('tab.members'),
              icon: <TeamOutlined />,
              children: membersPanel,
            },
            {
              key: 'invitations',
              label: t('tab.invitations'),
              icon: <MailOutlined />,
              children: invitationsPanel,
            },
          ]}
        />
      </Card>
      <InviteDialog
        open={s.inviting}
        roles={s.roles}
        rolesLoading={s.rolesLoading}
        onClose={() => s.setInviting(false)}
        onInvited={s.onInvited}
      />
      <MemberRoleDialog
        member={s.roleTarget}
        roles={s.roles}
        rolesLoading={s.rolesLoading}
        onClose={() => s.setRoleTarget(undefined)}
      />
      <MemberAccessDrawer member={s.accessTarget} onClose={() => s.setAccessTarget(undefined)} />
      <MemberGrantsDrawer
        member={
          s.dataPmTarget
            ? { id: s.dataPmTarget.id, name: s.dataPmTarget.name || s.dataPmTarget.account }
            : undefined
        }
        onClose={() => s.setDataPmTarget(undefined)}
      />
    </div>
  );
}
