import { memo } from 'react';
import type { ScreenWidget } from '@hmi/domain';
import { WidgetView, widgetBoxStyle } from '../scada/index.ts';

/*
 * One widget on the canvas: a box at its place (the runtime's widgetBoxStyle, stacked by z) with
 * the widget drawn in design mode inside. Memoised on the widget object: a step of the editor
 * keeps every widget it did not change, so only changed boxes re-render (a drag of 50 widgets
 * re-renders those 50 once, at its end).
 */

interface Props {
  widget: ScreenWidget;
  /** Hidden in the designer only (the layers list's eye). */
  hidden: boolean;
  /** What the binding placeholder names (device and tag), when known. */
  bindingLabel: string | undefined;
  assetUrl: ((assetId: number) => string) | undefined;
}

export const CanvasBox = memo(function CanvasBox({ widget, hidden, bindingLabel, assetUrl }: Props) {
  return (
    <div
      className={`designer-box${hidden ? ' is-hidden' : ''}${widget.locked ? ' is-locked' : ''}`}
      data-widget-id={widget.id}
      data-testid={`designer-box-${widget.id}`}
      style={{ ...widgetBoxStyle(widget), zIndex: widget.z }}
    >
      <WidgetView
        widget={widget}
        mode="design"
        {...(bindingLabel !== undefined ? { bindingLabel } : {})}
        {...(assetUrl ? { assetUrl } : {})}
      />
    </div>
  );
});
