import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  migrateScreenDocument,
  ScreenDocumentError,
  type ProjectScreen,
  type ScreenDocument,
} from '@hmi/domain';
import { ScreenView, type ScreenViewProps } from '../../features/scada/index.ts';
import { failureText } from '../../shared/feedback/toast-failure.ts';

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

interface Props {
  /** The project as read (its screens and devices). */
  project: { screens: readonly unknown[]; devices: ScreenViewProps['devices'] };
  currentId: number | undefined;
  /** currentId is one of the project's screens. */
  known: boolean;
  /** The current screen's read. */
  screen: { isError: boolean; error: unknown; refetch(): unknown };
  /** readDocument of the screen read. */
  doc?: ScreenDocument;
  problem?: string;
  /** How the caller runs the screen (its permission, its actions, its pictures). */
  view: Omit<ScreenViewProps, 'doc' | 'devices' | 'mode'>;
}

/**
 * A running screen once its project is read, the same for the signed-in runtime and the share
 * viewer: no screens, an unknown screen, the screen's read failing, a document that cannot be
 * read, the spinner while it loads, then the screen itself.
 */
export function ScreenBody({ project, currentId, known, screen, doc, problem, view }: Props) {
  const { t } = useTranslation('scada');
  if (project.screens.length === 0) return <Result status="info" title={t('runtime.noScreens')} />;
  if (!known) return <Result status="warning" title={t('runtime.screenMissing')} />;
  if (screen.isError)
    return (
      <Failure
        text={failureText(screen.error) ?? t('runtime.screenFailed')}
        retry={() => void screen.refetch()}
      />
    );
  if (problem !== undefined)
    return <Result status="error" title={t('runtime.badDocument', { summary: problem })} />;
  if (!doc) return <Spin size="large" />;
  return <ScreenView key={currentId} doc={doc} devices={project.devices} mode="run" {...view} />;
}
