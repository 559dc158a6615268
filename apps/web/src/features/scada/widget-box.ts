import type { CSSProperties } from 'react';
import type { ScreenWidget } from '@hmi/domain';

/*
 * Where a widget sits on its screen, in design px: the caller (the runtime's stage, the
 * designer's canvas) places a box with widgetBoxStyle and WidgetView fills it.
 */

/** The absolute box of a widget: x, y, w, h, turned `rotation` degrees about its centre. */
export function widgetBoxStyle(
  widget: Pick<ScreenWidget, 'x' | 'y' | 'w' | 'h' | 'rotation'>,
): CSSProperties {
  return {
    position: 'absolute',
    left: widget.x,
    top: widget.y,
    width: widget.w,
    height: widget.h,
    ...(widget.rotation ? { transform: `rotate(${widget.rotation}deg)`, transformOrigin: '50% 50%' } : {}),
  };
}

/** The widgets in drawing order: by z, equal z in document order (later in front). */
export function inDrawingOrder<W extends Pick<ScreenWidget, 'z'>>(widgets: readonly W[]): W[] {
  return widgets
    .map((w, i) => [w, i] as const)
    .sort((a, b) => a[0].z - b[0].z || a[1] - b[1])
    .map(([w]) => w);
}
