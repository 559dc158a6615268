import { useCallback, useMemo } from 'react';
import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { assetIdsOf, Perm } from '@hmi/domain';
import {
  scadaApi,
  scadaKeys,
  sessionAssetFiles,
  useAssetUrls,
  useScreenActions,
  useFollowScreen,
} from '../../features/scada/index.ts';
import { failureText } from '../../shared/feedback/toast-failure.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useUserInfo } from '../../shared/session/use-user-info.ts';
import { ScadaHeader } from './ScadaHeader.tsx';
import { Failure, readDocument, ScreenBody } from './ScreenBody.tsx';

/** The project's online states and visibility are read again this often (acts keep them meanwhile). */
const DETAIL_REFRESH_MS = 60_000;

/**
 * A project's screens running full screen: a slim header (ScadaHeader) over the screen, scaled to
 * the rest of the window. The screen's bound tags join the tab's one device data socket; presses
 * and inputs write through the screen's write route (useScreenActions).
 */
export function ScadaRuntime({ projectId, screenId }: { projectId: number; screenId?: number }) {
  const { t } = useTranslation('scada');
  const [, setSearch] = useSearchParams();
  const user = useUserInfo();
  const can = usePermission();
  const detail = useQuery({
    queryKey: scadaKeys.detail(projectId),
    queryFn: ({ signal }) => scadaApi.detail(projectId, signal),
    refetchInterval: DETAIL_REFRESH_MS,
  });
  const screens = detail.data?.screens;
  const currentId = screenId ?? screens?.[0]?.id;
  const known = currentId !== undefined && (screens ?? []).some((s) => s.id === currentId);
  const screen = useQuery({
    queryKey: scadaKeys.screen(currentId ?? 0),
    queryFn: ({ signal }) => scadaApi.screen(currentId!, signal),
    enabled: known,
  });
  useFollowScreen(screen.data, screens?.find((s) => s.id === currentId)?.version, screen.refetch);
  const { doc, problem } = useMemo(() => readDocument(screen.data), [screen.data]);
  const goTo = useCallback(
    (id: number) => setSearch({ project: String(projectId), screen: String(id) }),
    [setSearch, projectId],
  );
  const onAction = useScreenActions(doc, known ? currentId : undefined, goTo);
  const assetIds = useMemo(() => (doc ? assetIdsOf(doc) : []), [doc]);
  const assetUrl = useAssetUrls(sessionAssetFiles, assetIds);

  let body;
  if (detail.isError)
    body = (
      <Failure
        text={failureText(detail.error) ?? t('runtime.loadFailed')}
        retry={() => void detail.refetch()}
      />
    );
  else if (!detail.data || user.isPending) body = <Spin size="large" />;
  else
    body = (
      <ScreenBody
        project={detail.data}
        currentId={currentId}
        known={known}
        screen={screen}
        doc={doc}
        problem={problem}
        view={{ canMonitor: can(Perm.DeviceMonitor), onAction, assetUrl }}
      />
    );

  return (
    <div className="scada-runtime" data-testid="scada-runtime">
      <ScadaHeader
        projectId={projectId}
        detail={detail.data}
        screenId={known ? currentId : undefined}
        onScreen={goTo}
      />
      <main className={`scada-runtime-body${doc && known ? ' scada-runtime-screen' : ''}`}>{body}</main>
    </div>
  );
}
