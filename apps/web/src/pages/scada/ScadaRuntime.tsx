import { useCallback, useMemo } from 'react';
import { Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  migrateScreenDocument,
  Perm,
  ScreenDocumentError,
  type ProjectScreen,
  type ScreenDocument,
} from '@hmi/domain';
import {
  assetIdsOf,
  scadaApi,
  scadaKeys,
  ScreenView,
  sessionAssetFiles,
  useAssetUrls,
  useScreenActions,
} from '../../features/scada/index.ts';
import { failureText } from '../../shared/feedback/toast-failure.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useUserInfo } from '../../shared/session/use-user-info.ts';
import { ScadaHeader } from './ScadaHeader.tsx';

/** The project's online states and visibility are read again this often (acts keep them meanwhile). */
const DETAIL_REFRESH_MS = 60_000;

/** The stored document as the current version, or why it cannot be shown. */
export function readDocument(screen: ProjectScreen | undefined): { doc?: ScreenDocument; problem?: string } {
  if (!screen) return {};
  try {
    return { doc: migrateScreenDocument(screen.document) };
  } catch (e) {
    if (e instanceof ScreenDocumentError) return { problem: e.summary };
    throw e;
  }
}

export function Failure({ text, retry }: { text: string; retry: () => void }) {
  const { t } = useTranslation('scada');
  return (
    <Result
      status="warning"
      title={text}
      extra={
        <Button type="primary" onClick={retry}>
          {t('runtime.retry')}
        </Button>
      }
    />
  );
}

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
  else if (detail.data.screens.length === 0) body = <Result status="info" title={t('runtime.noScreens')} />;
  else if (!known) body = <Result status="warning" title={t('runtime.screenMissing')} />;
  else if (screen.isError)
    body = (
      <Failure
        text={failureText(screen.error) ?? t('runtime.screenFailed')}
        retry={() => void screen.refetch()}
      />
    );
  else if (problem !== undefined)
    body = <Result status="error" title={t('runtime.badDocument', { summary: problem })} />;
  else if (!doc) body = <Spin size="large" />;
  else
    body = (
      <ScreenView
        key={currentId}
        doc={doc}
        devices={detail.data.devices}
        mode="run"
        canMonitor={can(Perm.DeviceMonitor)}
        onAction={onAction}
        assetUrl={assetUrl}
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
