import { Button, Empty } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../shared/theme/BrandMark.tsx';
import { storage } from '../../shared/storage/storage.ts';
import { ScadaRuntime } from './ScadaRuntime.tsx';
import { ScadaShareViewer } from './ScadaShareViewer.tsx';
import './scada.css';

/** A positive integer of the query, else undefined. */
function idParam(raw: string | null): number | undefined {
  if (raw === null || !/^[1-9]\d{0,14}$/.test(raw)) return undefined;
  return Number(raw);
}

/** With no project chosen (or no one signed in): how to open one. */
function ScadaEmpty() {
  const { t } = useTranslation('scada');
  return (
    <div className="scada-page">
      <header className="scada-header">
        <BrandMark />
      </header>
      <div className="scada-body">
        <Empty description={<span data-testid="scada-empty">{t('empty')}</span>}>
          <Link to="/device/projectlist">
            <Button type="primary">{t('toProjects')}</Button>
          </Link>
        </Empty>
      </div>
    </div>
  );
}

/**
 * The runtime view of a multi-device project (/scada, a public route: SPEC section 2). Opened
 * as `#/scada?project=<id>&screen=<id>` by a signed-in user, it runs the project's screens full
 * screen (ScadaRuntime); opened from a share link, `#/scada?share=<token>`, it runs the link's
 * project read-only without a session (ScadaShareViewer); without a project, or without a session, it says how to open one. The
 * page is its own lazy chunk (router.tsx), uPlot a chunk of its own loaded by a first trend.
 */
export function ScadaPage() {
  const [search] = useSearchParams();
  const share = search.get('share');
  if (share) return <ScadaShareViewer token={share} screenId={idParam(search.get('screen'))} />;
  const projectId = idParam(search.get('project'));
  if (projectId === undefined || !storage.token()) return <ScadaEmpty />;
  return <ScadaRuntime projectId={projectId} screenId={idParam(search.get('screen'))} />;
}
