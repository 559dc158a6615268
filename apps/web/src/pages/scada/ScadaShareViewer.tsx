import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { assetIdsOf } from '@hmi/domain';
import { setLiveShareViewer } from '../../features/live/index.ts';
import {
  isShareRefused,
  shareAssetFiles,
  shareViewerApi,
  shareViewerKeys,
  shareViewState,
  stepOf,
  useAssetUrls,
  type WidgetActionEvent,
  useFollowScreen,
} from '../../features/scada/index.ts';
import { failureText } from '../../shared/feedback/toast-failure.ts';
import { ScadaHeader } from './ScadaHeader.tsx';
import { Failure, readDocument, ScreenBody } from './ScreenBody.tsx';

/** The project (its screens, the link's expiry) is read again this often: a revoked link shows soon. */
const PROJECT_REFRESH_MS = 60_000;

/** Retry a failed call once, never a refused token. */
const retryUnlessRefused = (count: number, e: unknown) => !isShareRefused(e) && count < 1;

/**
 * /scada opened from a share link (`#/scada?share=<token>`, no sign-in: a wall screen): the
 * link's project read through the public share calls (the token in X-Share-Token), the tab's
 * device socket opened with the token (setLiveShareViewer), the screen read-only (no write: its
 * inputs off, only nav buttons move) under a "view only" tag. A refused token (1001) or the
 * socket closing for it (4001: revoked, expired, the project deleted) shows that the link has
 * ended. The token stays in the address: a wall screen reloads.
 */
export function ScadaShareViewer({ token, screenId }: { token: string; screenId?: number }) {
  const { t } = useTranslation('scada');
  const [, setSearch] = useSearchParams();
  const [ended, setEnded] = useState(false);
  // Before any screen subscribes (layout effects run before the widgets' passive ones).
  useLayoutEffect(() => {
    setLiveShareViewer({ token, onEnded: () => setEnded(true) });
    return () => setLiveShareViewer(null);
  }, [token]);

  const project = useQuery({
    queryKey: shareViewerKeys.project(token),
    queryFn: ({ signal }) => shareViewerApi.project(token, signal),
    refetchInterval: PROJECT_REFRESH_MS,
    retry: retryUnlessRefused,
    enabled: !ended,
  });
  const screens = project.data?.screens;
  const currentId = screenId ?? screens?.[0]?.id;
  const known = currentId !== undefined && (screens ?? []).some((s) => s.id === currentId);
  const screen = useQuery({
    queryKey: shareViewerKeys.screen(token, currentId ?? 0),
    queryFn: ({ signal }) => shareViewerApi.screen(token, currentId!, signal),
    retry: retryUnlessRefused,
    enabled: known && !ended,
  });
  useFollowScreen(screen.data, screens?.find((s) => s.id === currentId)?.version, screen.refetch);
  const { doc, problem } = useMemo(() => readDocument(screen.data), [screen.data]);
  const files = useMemo(() => shareAssetFiles(token), [token]);
  const assetIds = useMemo(() => (doc ? assetIdsOf(doc) : []), [doc]);
  const assetUrl = useAssetUrls(files, ended ? [] : assetIds);
  const goTo = useCallback(
    (id: number) => setSearch({ share: token, screen: String(id) }),
    [setSearch, token],
  );
  // Read-only: a nav button (or a goto action) moves; nothing is ever written.
  const onAction = useCallback(
    (e: WidgetActionEvent) => {
      if (!doc || currentId === undefined) return;
      const step = stepOf(doc, currentId, e);
      if (step.kind === 'goto') goTo(step.screenId);
    },
    [doc, currentId, goTo],
  );

  const refused = isShareRefused(project.error) || isShareRefused(screen.error);
  const state = shareViewState({ ended: ended || refused, error: project.error, hasData: !!project.data });
  let body;
  if (state === 'ended')
    body = (
      <Result
        status="warning"
        title={t('share.ended')}
        subTitle={t('share.endedHint')}
        data-testid="scada-share-ended"
      />
    );
  else if (state === 'failed')
    body = (
      <Failure
        text={failureText(project.error) ?? t('runtime.loadFailed')}
        retry={() => void project.refetch()}
      />
    );
  else if (!project.data) body = <Spin size="large" />;
  else
    body = (
      <ScreenBody
        project={project.data}
        currentId={currentId}
        known={known}
        screen={screen}
        doc={doc}
        problem={problem}
        view={{ readOnly: true, shared: true, onAction, assetUrl }}
      />
    );

  const showScreen = state === 'ready' && !!doc && known;
  return (
    <div className="scada-runtime" data-testid="scada-runtime" data-share-state={state}>
      <ScadaHeader
        detail={state === 'ended' ? undefined : project.data}
        screenId={known ? currentId : undefined}
        onScreen={goTo}
        viewOnly
      />
      <main className={`scada-runtime-body${showScreen ? ' scada-runtime-screen' : ''}`}>{body}</main>
    </div>
  );
}
