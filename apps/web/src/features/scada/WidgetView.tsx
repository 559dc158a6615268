import { useCallback, type JSX, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenWidget } from '@hmi/domain';
import { AlarmListBody } from './AlarmListWidget.tsx';
import { ButtonBody, NavBody } from './ButtonWidgets.tsx';
import { BarBody, GaugeBody, LampBody } from './IndicatorWidgets.tsx';
import { NumericInputBody, SwitchBody, TextInputBody } from './InputWidgets.tsx';
import { ImageBody, SvgBody } from './MediaWidgets.tsx';
import { QualityBadge } from './QualityBadge.tsx';
import { sampleCell } from './sample-values.ts';
import { NumericBody, TextBody } from './TextWidgets.tsx';
import { TrendBody } from './TrendWidget.tsx';
import type { BodyProps } from './widget-body.ts';
import type { CellsByTag, LiveCell, WidgetActionEvent } from './widget-types.ts';
import './scada-widgets.css';

export interface WidgetViewProps {
  widget: ScreenWidget;
  value?: LiveCell;
  mode: 'design' | 'run';
  onAction?: (a: WidgetActionEvent) => void;
  assetUrl?: (assetId: number) => string;
  /** Cells of an svg widget's marks that have bindings of their own, by "deviceId:tagId" (tagKey). */
  marks?: CellsByTag;
  /** Designing: what the binding placeholder says (device and tag names); default their ids. */
  bindingLabel?: string;
}

/** Whether the widget reads a tag (and so shows a quality). */
export function isBound(widget: ScreenWidget): boolean {
  return widget.binding !== undefined || (widget.type === 'svg' && widget.props.marks.some((m) => m.binding));
}

/** The body of each widget type (one family file each). */
function body(p: BodyProps): ReactNode {
  const w = p.widget;
  switch (w.type) {
    case 'text':
    case 'label':
      return <TextBody {...p} widget={w} />;
    case 'numeric':
      return <NumericBody {...p} widget={w} />;
    case 'lamp':
      return <LampBody {...p} widget={w} />;
    case 'bar':
      return <BarBody {...p} widget={w} />;
    case 'gauge':
      return <GaugeBody {...p} widget={w} />;
    case 'trend':
      return <TrendBody {...p} widget={w} />;
    case 'numeric-input':
      return <NumericInputBody {...p} widget={w} />;
    case 'text-input':
      return <TextInputBody {...p} widget={w} />;
    case 'button':
      return <ButtonBody {...p} widget={w} />;
    case 'switch':
      return <SwitchBody {...p} widget={w} />;
    case 'image':
      return <ImageBody {...p} widget={w} />;
    case 'svg':
      return <SvgBody {...p} widget={w} />;
    case 'alarm-list':
      return <AlarmListBody {...p} widget={w} />;
    case 'nav':
      return <NavBody {...p} widget={w} />;
  }
}

/**
 * One widget of a SCADA screen, filling the box its caller placed (widgetBoxStyle). Running, it
 * shows `value` with its quality (a badge and an outline on every bound widget) and reports
 * presses and inputs through onAction; designing, it shows a sample value (or `value` when the
 * designer previews live ones) and its binding's placeholder, and ignores input. Not memoised
 * itself: ScreenView's slots are, so a widget re-renders when its own cell changes.
 */
export function WidgetView(props: WidgetViewProps): JSX.Element {
  const { widget, value, mode, onAction, assetUrl, marks, bindingLabel } = props;
  const { t } = useTranslation('scada');
  const run = mode === 'run';
  const bound = isBound(widget);
  const cell = bound ? (value ?? (run ? undefined : sampleCell(widget))) : undefined;
  const quality = bound ? (cell?.quality ?? 'none') : undefined;
  const id = widget.id;
  const act = useCallback(
    (e: Omit<WidgetActionEvent, 'widgetId'>) => {
      if (run) onAction?.({ widgetId: id, ...e });
    },
    [run, onAction, id],
  );
  const b = widget.binding;
  const label =
    bindingLabel ?? (b ? t('widget.binding', { deviceId: b.deviceId, tagId: b.tagId }) : undefined);
  return (
    <div
      className={`scada-widget scada-widget-${widget.type}${quality ? ` scada-q-${quality}` : ''}${run ? '' : ' scada-design'}`}
      data-testid={`scada-widget-${id}`}
      data-type={widget.type}
      data-quality={quality}
    >
      {body({ widget, cell, run, act, assetUrl, marks })}
      {quality ? <QualityBadge quality={quality} /> : null}
      {!run && label ? (
        <span className="scada-binding" data-testid="scada-binding">
          {label}
        </span>
      ) : null}
    </div>
  );
}
