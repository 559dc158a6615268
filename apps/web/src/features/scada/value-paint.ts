import type { ScreenWidget } from '@hmi/domain';
import { displayedNumber, formatValue } from './format-value.ts';
import { arcPath, GAUGE_SWEEP, gaugeAngle, lampColor, polar, scaleFraction } from './indicator-logic.ts';
import type { LiveCell } from './widget-types.ts';

/*
 * The widgets whose value changes often and whose look is a few attributes (bound text, numeric
 * displays, lamps, bars, gauges: most of a big screen) are painted, not re-rendered: React draws
 * each body once from a cell (TextWidgets.tsx, IndicatorWidgets.tsx, with the views below), and
 * while the screen runs each new value rewrites just the parts that follow it (a text node, a
 * fill, a width, a needle) in the socket's message, with no React render and no commit. React
 * renders the widget again only when its quality changes (the badge, the outline).
 *
 * Why: 500 widgets changing at 1 Hz re-rendered through React cost about 33 ms of script an
 * update (docs/benchmarks.md, issue 26), four times the frame's share the issue allows. A paint
 * writes only what differs from the DOM (a text node's data, an attribute), so an unchanged
 * display costs no style or layout either.
 *
 * The views are the one source of what a body shows: the JSX and the painters both read them, and
 * value-paint.test.tsx checks that painting a cell over a body drawn from another gives the same
 * DOM as drawing that cell.
 */

/** Widget types the runtime paints (when bound; an svg's marks and the inputs stay React's). */
export type PaintedType = 'text' | 'numeric' | 'lamp' | 'bar' | 'gauge';
type Painted = Extract<ScreenWidget, { type: PaintedType }>;

export function isPainted(widget: ScreenWidget): widget is Painted {
  const t = widget.type;
  return (
    widget.binding !== undefined &&
    (t === 'text' || t === 'numeric' || t === 'lamp' || t === 'bar' || t === 'gauge')
  );
}

type Value = LiveCell['value'] | undefined;

/** A bound text widget's text. */
export const textView = (widget: Extract<ScreenWidget, { type: 'text' | 'label' }>, value: Value): string =>
  widget.type === 'text' && widget.binding !== undefined
    ? formatValue(value, widget.binding.transform)
    : widget.props.text;

/** A numeric display's text: the transform's decimals and format, else its own and its unit. */
export const numericView = (widget: Extract<ScreenWidget, { type: 'numeric' }>, value: Value): string =>
  formatValue(value, widget.binding?.transform, { decimals: widget.props.decimals, unit: widget.props.unit });

/** A lamp's colour (none yet: the off colour). */
export const lampView = (widget: Extract<ScreenWidget, { type: 'lamp' }>, value: Value): string =>
  lampColor(widget.props, value ?? null, widget.binding?.transform);

export interface BarView {
  /** 0..1 of min..max, four places (the test hook). */
  fraction: string;
  /** The fill's height (upright) or width, in %. */
  size: string;
  upright: boolean;
  title: string;
}

export function barView(widget: Extract<ScreenWidget, { type: 'bar' }>, value: Value): BarView {
  const t = widget.binding?.transform;
  const f = scaleFraction(displayedNumber(value, t), widget.props.min, widget.props.max);
  return {
    fraction: f.toFixed(4),
    size: `${(f * 100).toFixed(2)}%`,
    upright: widget.h >= widget.w,
    title: formatValue(value, t),
  };
}

/** The gauge's drawing box: centre and radius in its 100 x 100 viewBox. */
export const GAUGE = { cx: 50, cy: 54, r: 40 } as const;

export interface GaugeView {
  /** The needle's angle, two places (the test hook). */
  angle: string;
  /** The reached part of the arc ('' at the minimum: nothing drawn). */
  arc: string;
  needle: [string, string];
  text: string;
}

export function gaugeView(widget: Extract<ScreenWidget, { type: 'gauge' }>, value: Value): GaugeView {
  const t = widget.binding?.transform;
  const f = scaleFraction(displayedNumber(value, t), widget.props.min, widget.props.max);
  const angle = gaugeAngle(f);
  const [nx, ny] = polar(GAUGE.cx, GAUGE.cy, GAUGE.r - 6, angle);
  return {
    angle: angle.toFixed(2),
    arc: arcPath(GAUGE.cx, GAUGE.cy, GAUGE.r, -GAUGE_SWEEP / 2, angle),
    needle: [nx.toFixed(2), ny.toFixed(2)],
    text: formatValue(value, t),
  };
}

/** Writes a value into a painted body. */
export type Painter = (cell: LiveCell | undefined) => void;

function setText(node: Element | null, text: string): void {
  const first = node?.firstChild;
  if (first && first.nodeType === 3 && !first.nextSibling) {
    if ((first as Text).data !== text) (first as Text).data = text;
  } else if (node && node.textContent !== text) node.textContent = text;
}

function setAttr(el: Element | null, name: string, value: string): void {
  if (el && el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/**
 * The painter of a painted widget's body inside `root` (WidgetView's element), its nodes found
 * once; null when the body is not there (another type, not drawn yet).
 */
export function painterFor(widget: Painted, root: Element): Painter | null {
  switch (widget.type) {
    case 'text':
    case 'numeric': {
      const span = root.querySelector('.scada-text > span');
      if (!span) return null;
      if (widget.type === 'text') return (cell) => setText(span, textView(widget, cell?.value));
      return (cell) => setText(span, numericView(widget, cell?.value));
    }
    case 'lamp': {
      const svg = root.querySelector('.scada-lamp');
      const disc = svg?.querySelector('circle');
      if (!svg || !disc) return null;
      return (cell) => {
        const color = lampView(widget, cell?.value);
        setAttr(svg, 'data-color', color);
        setAttr(disc, 'fill', color);
      };
    }
    case 'bar': {
      const bar = root.querySelector<HTMLElement>('.scada-bar');
      const fill = bar?.querySelector<HTMLElement>('.scada-bar-fill');
      if (!bar || !fill) return null;
      return (cell) => {
        const v = barView(widget, cell?.value);
        setAttr(bar, 'title', v.title);
        setAttr(bar, 'data-fraction', v.fraction);
        const side = v.upright ? 'height' : 'width';
        if (fill.style[side] !== v.size) fill.style[side] = v.size;
      };
    }
    case 'gauge': {
      const svg = root.querySelector('.scada-gauge');
      const arc = svg?.querySelector('.scada-gauge-arc');
      const needle = svg?.querySelector('.scada-gauge-needle');
      const text = svg?.querySelector('.scada-gauge-value');
      if (!svg || !arc || !needle || !text) return null;
      return (cell) => {
        const v = gaugeView(widget, cell?.value);
        setAttr(svg, 'data-angle', v.angle);
        setAttr(arc, 'd', v.arc);
        setAttr(needle, 'x2', v.needle[0]);
        setAttr(needle, 'y2', v.needle[1]);
        setText(text, v.text);
      };
    }
  }
}
