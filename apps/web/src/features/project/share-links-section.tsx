import { useState } from 'react';
import { Alert, Button, Empty, Modal, Skeleton, Tag, Typography, type ButtonProps } from 'antd';
import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail, ShareItem } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { LockedButton } from './LockedButton.tsx';
import { shareApi, shareKeys } from './share-api.ts';
import { ShareAddDialog } from './share-add-dialog.tsx';
import { shareStateAt, shareStateColor } from './share-link.ts';

function ShareRow({ item, now, onRevoke }: { item: ShareItem; now: number; onRevoke(): void }) {
  const { t } = useTranslation('project');
  const state = shareStateAt(item, now);
  return (
    <li className="project-row" data-testid="project-share" data-share={item.id} data-state={state}>
      <div className="project-row-main">
        <span className="project-row-name">
          <LinkOutlined /> {item.name}{' '}
          <Tag color={shareStateColor[state]} data-testid="share-state">
            {t(`share.state.${state}`)}
          </Tag>
        </span>
        <span className="project-row-sub">
          {t('share.created', { time: formatDateTime(item.created_at) })}
          {' · '}
          {t('share.expires', { time: formatDateTime(item.expires_at) })}
          {' · '}
          {item.last_used_at === null
            ? t('share.neverUsed')
            : t('share.lastUsed', { time: formatDateTime(item.last_used_at) })}
        </span>
      </div>
      {state === 'active' ? (
        <div className="project-row-actions">
          <Button size="small" danger onClick={onRevoke} data-testid="share-revoke">
            {t('share.revoke')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * A project's share links (edit 42, the caller's to show only then): made here with a name and
 * an expiry (the link shown once), listed with their state (active, expired, revoked: the list
 * keeps the ended ones for the record) and revoked after a confirmation. A viewer's socket closes
 * at once on revocation.
 */
export function ShareLinksSection({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('project');
  const [adding, setAdding] = useState(false);
  const [modal, holder] = Modal.useModal();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: shareKeys.list(project.id),
    queryFn: ({ signal }) => shareApi.list(project.id, signal),
  });
  const revoke = useMutation({
    mutationFn: shareApi.revoke,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareKeys.list(project.id) }),
  });
  const confirmRevoke = (item: ShareItem) =>
    void modal.confirm({
      title: t('share.revokeTitle', { name: item.name }),
      content: t('share.revokeText'),
      okText: t('share.revoke'),
      okButtonProps: { danger: true, 'data-testid': 'share-revoke-confirm' } as ButtonProps,
      onOk: () => revoke.mutateAsync(item.id).catch(() => undefined),
    });
  const now = list.dataUpdatedAt || Date.now();

  return (
    <section className="project-section" data-testid="project-shares">
      {holder}
      <div className="project-section-head">
        <Typography.Title level={5} className="project-section-title">
          {t('share.title')}
        </Typography.Title>
        <LockedButton
          locked={project.locked}
          size="small"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          data-testid="share-add"
        >
          {t('share.add')}
        </LockedButton>
      </div>
      {list.isError ? (
        <Alert type="error" showIcon title={t('share.loadFailed')} />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('share.empty')} />
      ) : (
        <ul className="project-rows">
          {list.data.list.map((s) => (
            <ShareRow key={s.id} item={s} now={now} onRevoke={() => confirmRevoke(s)} />
          ))}
        </ul>
      )}
      <ShareAddDialog projectId={project.id} open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}
