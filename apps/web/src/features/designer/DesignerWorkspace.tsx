import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  assetIdsOf,
  deviceIdsOf,
  ScreenLimits,
  type ProjectDetail,
  type ScreenDocument,
  type ScreenWidget,
  type ScreenWidgetType,
} from '@hmi/domain';
import { toasts } from '../../shared/feedback/notifier.ts';
import { DesignerCanvas } from './DesignerCanvas.tsx';
import { DesignerPreview } from './DesignerPreview.tsx';
import { AssetPickDialog } from './DesignerDialogs.tsx';
import { DesignerToolbar, GRID_STEPS } from './DesignerToolbar.tsx';
import { useDesignerKeys, type DesignerCommand } from './designer-keys.ts';
import { canRedo, canUndo, type EditorAction, type EditorState } from './editor-state.ts';
import { LayersPanel } from './LayersPanel.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';
import { useAssetUrls, useBindingNames } from './use-designer-data.ts';
import { WidgetPalette } from './WidgetPalette.tsx';
import { typeNeeds } from './widget-factory.ts';
import { fitZoom } from './zoom.ts';

/*
 * The designer's working area once the screen and its project are loaded: toolbar, palette and
 * layers on the left, the canvas (or the live preview) in the middle, the property panel on the
 * right. Zoom, grid, hidden layers and the preview are the view's own state, not the document's.
 */

interface Props {
  state: EditorState;
  dispatch(action: EditorAction): void;
  project: ProjectDetail;
  screenId: number;
  readOnly: boolean;
  dirty: boolean;
  saving: boolean;
  onSave(): void;
}

/** Tells the user why the editor refused a step (the widget limit, a change that breaks the screen). */
function useRefusalToast(refused: EditorState['refused']) {
  const { t } = useTranslation('designer');
  useEffect(() => {
    if (!refused) return;
    toasts.error(
      refused.reason === 'limit'
        ? t('refused.limit', { max: ScreenLimits.widgetsMax })
        : t('refused.invalid', { detail: refused.issues[0] ?? '' }),
    );
  }, [refused, t]);
}

/** What the canvas shows besides the widgets: binding names and the pictures' object URLs. */
function useCanvasDecor(project: ProjectDetail, doc: ScreenDocument) {
  const deviceIds = useMemo(() => deviceIdsOf(doc), [doc]);
  const names = useBindingNames(project.devices, deviceIds);
  const bindingLabel = useCallback(
    (w: ScreenWidget) => (w.binding ? names.get(`${w.binding.deviceId}:${w.binding.tagId}`) : undefined),
    [names],
  );
  const assetIds = useMemo(() => assetIdsOf(doc), [doc]);
  const assetUrl = useAssetUrls(project.id, assetIds);
  return { bindingLabel, assetUrl };
}

/** The editor's part of a key command (read-only: copying and selecting only). */
function useCommands(state: EditorState, dispatch: Props['dispatch'], readOnly: boolean, onSave: () => void) {
  const widgetsRef = useRef(state.doc.widgets);
  widgetsRef.current = state.doc.widgets;
  return useCallback(
    (c: DesignerCommand) => {
      if (c.type === 'save') return onSave();
      if (c.type === 'selectAll')
        return dispatch({ type: 'select', ids: widgetsRef.current.map((w) => w.id) });
      if (c.type === 'clear') return dispatch({ type: 'select', ids: [] });
      if (readOnly && c.type !== 'copy') return;
      dispatch(c);
    },
    [dispatch, readOnly, onSave],
  );
}

export function DesignerWorkspace({
  state,
  dispatch,
  project,
  screenId,
  readOnly,
  dirty,
  saving,
  onSave,
}: Props) {
  const { t } = useTranslation('designer');
  const { doc, selection } = state;
  const [zoom, setZoom] = useState(1);
  const [grid, setGrid] = useState<number>(GRID_STEPS[2]);
  const [showGrid, setShowGrid] = useState(true);
  const [preview, setPreview] = useState(false);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [pendingAdd, setPendingAdd] = useState<{
    type: ScreenWidgetType;
    at: { x: number; y: number };
  } | null>(null);
  const centreRef = useRef<HTMLDivElement>(null);

  const fit = useCallback(() => {
    const el = centreRef.current;
    if (el) setZoom(fitZoom(doc.size, { width: el.clientWidth, height: el.clientHeight }));
  }, [doc.size]);
  useLayoutEffect(fit, [fit]);

  useRefusalToast(state.refused);

  const run = useCommands(state, dispatch, readOnly, onSave);
  useDesignerKeys(!preview && pendingAdd === null, run);

  const addAt = (type: ScreenWidgetType, at: { x: number; y: number }) => {
    if (readOnly) return;
    const need = typeNeeds(type);
    if (need === 'assetId') return setPendingAdd({ type, at });
    const other = project.screens.find((s) => s.id !== screenId)?.id ?? screenId;
    dispatch({
      type: 'add',
      widgetType: type,
      at,
      refs: need === 'screenId' ? { screenId: other } : {},
      caption: t(`type.${type}`),
    });
  };

  const { bindingLabel, assetUrl } = useCanvasDecor(project, doc);
  const locked = useMemo(() => new Set(doc.widgets.filter((w) => w.locked).map((w) => w.id)), [doc.widgets]);
  const toggleHidden = useCallback(
    (id: string) =>
      setHidden((h) => {
        const next = new Set(h);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );

  return (
    <div className="designer-workspace">
      <DesignerToolbar
        selected={selection.length}
        anyLocked={selection.some((id) => locked.has(id))}
        canUndo={canUndo(state)}
        canRedo={canRedo(state)}
        canPaste={state.clipboard.length > 0}
        readOnly={readOnly}
        zoom={zoom}
        grid={grid}
        showGrid={showGrid}
        preview={preview}
        dirty={dirty}
        saving={saving}
        dispatch={dispatch}
        onZoom={(z) => (z === 'fit' ? fit() : setZoom(z))}
        onGrid={setGrid}
        onShowGrid={setShowGrid}
        onPreview={setPreview}
        onSave={onSave}
      />
      <div className="designer-body">
        <aside className="designer-left">
          <WidgetPalette
            disabled={readOnly || preview}
            onAdd={(type) => addAt(type, { x: doc.size.width / 2, y: doc.size.height / 2 })}
          />
          <LayersPanel
            doc={doc}
            selection={selection}
            hidden={hidden}
            readOnly={readOnly}
            dispatch={dispatch}
            onToggleHidden={toggleHidden}
          />
        </aside>
        <main className="designer-centre" ref={centreRef}>
          {preview ? (
            <DesignerPreview doc={doc} devices={project.devices} assetUrl={assetUrl} />
          ) : (
            <DesignerCanvas
              doc={doc}
              selection={selection}
              hidden={hidden}
              zoom={zoom}
              grid={grid}
              showGrid={showGrid}
              readOnly={readOnly}
              dispatch={dispatch}
              onDropType={addAt}
              bindingLabel={bindingLabel}
              assetUrl={assetUrl}
            />
          )}
        </main>
        <aside className="designer-right">
          <PropertyPanel doc={doc} selection={selection} dispatch={dispatch} />
        </aside>
      </div>
      <AssetPickDialog
        type={pendingAdd?.type ?? null}
        onCancel={() => setPendingAdd(null)}
        onPick={(assetId) => {
          if (pendingAdd)
            dispatch({
              type: 'add',
              widgetType: pendingAdd.type,
              at: pendingAdd.at,
              refs: { assetId },
              caption: t(`type.${pendingAdd.type}`),
            });
          setPendingAdd(null);
        }}
      />
    </div>
  );
}
