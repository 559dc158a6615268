import { useEffect, useMemo, useState, type RefObject } from 'react';
import { theme } from 'antd';
import type uPlot from 'uplot';
import type { TimeRange } from './history-range.ts';

// The pieces of HistoryChart that do not draw: the uPlot chunk, the box size, theme colours, panning.

/** uPlot arrives in its own chunk the first time a chart is drawn. */
let uPlotModule: Promise<typeof uPlot> | undefined;
const loadUPlot = () => (uPlotModule ??= import('uplot').then((m) => m.default));

/** uPlot once its chunk has loaded; null until then. */
export function useUPlot(): typeof uPlot | null {
  const [lib, setLib] = useState<typeof uPlot | null>(null);
  useEffect(() => {
    let alive = true;
    void loadUPlot().then((m) => alive && setLib(() => m));
    return () => {
      alive = false;
    };
  }, []);
  return lib;
}

/** The box's content size in whole CSS pixels, as it changes. */
export function useBoxSize(boxRef: RefObject<HTMLDivElement | null>): { width: number; height: number } {
  const [width, setWidth] = useState(0);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const ro = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0]?.contentRect.width ?? 0);
      const h = Math.floor(entries[0]?.contentRect.height ?? 0);
      setWidth((prev) => (prev === w ? prev : w));
      setHeight((prev) => (prev === h ? prev : h));
    });
    ro.observe(box);
    return () => ro.disconnect();
  }, [boxRef]);
  return { width, height };
}

/** Axis, grid, font and cursor colours of the current theme. */
export function useChartColors() {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      axis: token.colorTextSecondary,
      grid: token.colorBorderSecondary,
      font: `12px ${token.fontFamily}`,
      labelFont: `11px ${token.fontFamily}`,
      cursor: token.colorTextTertiary,
    }),
    [token.colorTextSecondary, token.colorBorderSecondary, token.fontFamily, token.colorTextTertiary],
  );
}

/** The tags a chart's shape key (JSON of [id, dataType, unit] triples) names. */
export function tagsOfShape(shapeKey: string): { id: number; dataType: number; unit: string }[] {
  return (JSON.parse(shapeKey) as [number, number, string][]).map(([id, dataType, unit]) => ({
    id,
    dataType,
    unit,
  }));
}

/**
 * Shift + drag on the plot pans the window (a plain drag selects a window to zoom into); the
 * window it ended on goes to `live.current.onPan`. Returns the function that stops listening.
 */
export function panOnShiftDrag(
  u: uPlot,
  live: { current: { view: TimeRange; onPan(view: TimeRange): void } },
): () => void {
  const over = u.over;
  const onDown = (e: MouseEvent) => {
    if (!e.shiftKey || e.button !== 0) return;
    e.stopPropagation();
    e.preventDefault();
    const start = e.clientX;
    const base = live.current.view;
    const span = base.to - base.from;
    const plotPx = u.bbox.width / devicePixelRatio;
    let moved = base;
    const onMove = (ev: MouseEvent) => {
      const dt = ((ev.clientX - start) / plotPx) * span;
      moved = { from: Math.round(base.from - dt), to: Math.round(base.to - dt) };
      u.setScale('x', { min: moved.from, max: moved.to });
    };
    const onUp = () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
      if (moved !== base) live.current.onPan(moved);
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
  };
  over.addEventListener('mousedown', onDown, { capture: true });
  return () => over.removeEventListener('mousedown', onDown, { capture: true });
}
