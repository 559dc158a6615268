import { memo, useCallback, useLayoutEffect, useMemo, useRef, type CSSProperties } from 'react';
import { ConfigProvider } from 'antd';
import { themeConfig } from '../../shared/theme/theme-config.ts';
import type { ProjectDevice, ScreenDocument, ScreenTagRef, ScreenWidget } from '@hmi/domain';
import { PHONE_MAX_WIDTH, screenFit } from './screen-fit.ts';
import { flowItems } from './screen-flow.ts';
import { ScreenRuntimeContext } from './screen-context.ts';
import { cellOf, type ScreenLive } from './screen-live.ts';
import { useBoxSize } from './use-box-size.ts';
import { useCells, usePaintedCell, useScreenLive } from './use-screen-live.ts';
import { isPainted } from './value-paint.ts';
import { inDrawingOrder, widgetBoxStyle } from './widget-box.ts';
import { tagKey, type WidgetActionEvent } from './widget-types.ts';
import { WidgetView } from './WidgetView.tsx';
import './scada-widgets.css';

/*
 * A whole screen: its widgets at design size on a stage scaled into the space the page gives it
 * (screen-fit.ts: fit, fill, fixed; every screen `fit` on a phone. One layout, scaled: the
 * designer's geometry is the truth, so what was placed next to what stays so at any size), in z
 * order. Each widget is a memoised slot reading its own cells, so a value re-renders its widget
 * alone (500 widgets at 1 Hz re-render the widgets whose values moved, never the screen).
 */

export interface ScreenViewProps {
  doc: ScreenDocument;
  /** The project's devices (ProjectDetail.devices): online state and what the caller may read. */
  devices: readonly ProjectDevice[];
  mode: 'design' | 'run';
  /** The caller holds the monitor permission (47): without it no values come, bound widgets read denied. */
  canMonitor?: boolean;
  onAction?: (a: WidgetActionEvent) => void;
  assetUrl?: (assetId: number) => string;
  /** A share viewer's screen: values only, its inputs and write buttons off (nav buttons still move). */
  readOnly?: boolean;
  /** Seen through a share link (no session): widgets ask only what the share routes and socket give. */
  shared?: boolean;
}

/** The distinct pairs a widget shows: its binding and its svg marks' own bindings. */
export function widgetRefs(w: ScreenWidget): ScreenTagRef[] {
  const refs = new Map<string, ScreenTagRef>();
  const add = (b?: ScreenTagRef) =>
    b && refs.set(tagKey(b.deviceId, b.tagId), { deviceId: b.deviceId, tagId: b.tagId });
  add(w.binding);
  if (w.type === 'svg') for (const m of w.props.marks) add(m.binding);
  return [...refs.values()];
}

interface SlotProps {
  widget: ScreenWidget;
  live: ScreenLive | null;
  mode: 'design' | 'run';
  onAction: (a: WidgetActionEvent) => void;
  assetUrl?: (assetId: number) => string;
  /** On a phone: the widget flowed at this scale (screen-flow.ts) instead of placed on the stage. */
  flow?: { scale: number; width: number; height: number };
}

/**
 * One placed widget reading its own cells (memoised: its props are stable while the screen runs).
 * A painted widget (value-paint.ts) re-renders only when its quality changes; its values are
 * written straight into its body.
 */
const WidgetSlot = memo(function WidgetSlot({ widget, live, mode, onAction, assetUrl, flow }: SlotProps) {
  const painted = live !== null && isPainted(widget);
  const refs = useMemo(() => widgetRefs(widget), [widget]);
  const cells = useCells(painted ? null : live, refs);
  const box = useRef<HTMLDivElement>(null);
  usePaintedCell(painted ? live : null, widget, box);
  const b = widget.binding;
  const value = !live || !b ? undefined : painted ? cellOf(live, b) : cells.get(tagKey(b.deviceId, b.tagId));
  const slot = (
    <div ref={box} style={widgetBoxStyle(flow ? { ...widget, x: 0, y: 0 } : widget)} className="scada-slot">
      <WidgetView
        widget={widget}
        value={value}
        mode={mode}
        onAction={onAction}
        assetUrl={assetUrl}
        marks={widget.type === 'svg' && live ? cells : undefined}
      />
    </div>
  );
  if (!flow) return slot;
  return (
    <div className="scada-flow-item" style={{ width: flow.width, height: flow.height }}>
      <div
        className="scada-flow-scaler"
        style={{ width: widget.w, height: widget.h, transform: `scale(${flow.scale})` }}
      >
        {slot}
      </div>
    </div>
  );
});

const cssUrl = (url: string) => `url(${JSON.stringify(url)})`;

/**
 * The screen's controls in antd's light look whatever the console's theme: the screen's colours
 * are its designer's (a light drawing stays light on a dark console), so are its inputs'.
 */
const screenTheme = themeConfig('light');

export function ScreenView(props: ScreenViewProps) {
  const {
    doc,
    devices,
    mode,
    canMonitor = true,
    onAction,
    assetUrl,
    readOnly = false,
    shared = false,
  } = props;
  const spaceRef = useRef<HTMLDivElement>(null);
  const space = useBoxSize(spaceRef);
  const live = useScreenLive(doc, devices, canMonitor, mode === 'run');
  const fit = screenFit(doc.scale, doc.size, space);
  const widgets = useMemo(() => inDrawingOrder(doc.widgets), [doc.widgets]);
  // The latest handler behind a stable one: the slots do not re-render when the page's changes.
  const handler = useRef(onAction);
  useLayoutEffect(() => {
    handler.current = onAction;
  });
  const act = useCallback((a: WidgetActionEvent) => handler.current?.(a), []);
  const deviceIds = useMemo(() => devices.filter((d) => d.visible).map((d) => d.id), [devices]);
  const runtime = useMemo(() => ({ deviceIds, shared }), [deviceIds, shared]);
  // A running screen on a phone flows its widgets in reading order (screen-flow.ts).
  const flow = mode === 'run' && space.width > 0 && space.width < PHONE_MAX_WIDTH;
  const flowed = useMemo(
    () => (flow ? flowItems(doc.widgets, space.width) : []),
    [flow, doc.widgets, space.width],
  );
  const bg = doc.background;
  const image = bg.imageAssetId !== undefined ? assetUrl?.(bg.imageAssetId) || undefined : undefined;
  const stage: CSSProperties = {
    left: fit.left,
    top: fit.top,
    width: doc.size.width,
    height: doc.size.height,
    transform: `scale(${fit.scaleX}, ${fit.scaleY})`,
    backgroundColor: bg.color,
    ...(image ? { backgroundImage: cssUrl(image), backgroundSize: '100% 100%' } : {}),
  };
  return (
    <div
      ref={spaceRef}
      className={`scada-screen scada-screen-${flow ? 'flow' : fit.mode}${readOnly ? ' scada-read-only' : ''}`}
      data-testid="scada-screen"
      data-scale={flow ? 'flow' : fit.mode}
    >
      {/* Sizes the scroll area of a fixed screen (the stage's transform takes no layout room). */}
      {flow ? null : (
        <div
          className="scada-screen-extent"
          style={{ width: fit.left + fit.width, height: fit.top + fit.height }}
        />
      )}
      <ScreenRuntimeContext value={runtime}>
        <ConfigProvider theme={screenTheme} componentDisabled={readOnly}>
          {flow ? (
            <div className="scada-flow" style={{ backgroundColor: bg.color }} data-testid="scada-flow">
              {flowed.map((f) => (
                <WidgetSlot
                  key={f.widget.id}
                  widget={f.widget}
                  live={live}
                  mode={mode}
                  onAction={act}
                  assetUrl={assetUrl}
                  flow={f}
                />
              ))}
            </div>
          ) : (
            <div className="scada-stage" style={stage} data-testid="scada-stage">
              {widgets.map((w) => (
                <WidgetSlot
                  key={w.id}
                  widget={w}
                  live={live}
                  mode={mode}
                  onAction={act}
                  assetUrl={assetUrl}
                />
              ))}
            </div>
          )}
        </ConfigProvider>
      </ScreenRuntimeContext>
    </div>
  );
}
