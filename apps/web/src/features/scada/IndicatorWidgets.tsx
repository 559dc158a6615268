import { barView, GAUGE, gaugeView, lampView } from './value-paint.ts';
import { arcPath, GAUGE_SWEEP, polar } from './indicator-logic.ts';
import type { BodyProps } from './widget-body.ts';

/*
 * The indicator family: lamp (a disc in its on/off or range colour), bar (filled from min to max,
 * upright when taller than wide) and gauge (an arc with a needle). SVG and plain boxes that scale
 * with the screen; the value is in the title for a pointer hovering it. A running screen paints
 * their values (value-paint.ts, from the same views): keep the painted nodes always present.
 */

/** A lamp: bit mode (on while non-zero or while its bit is set), ranges mode (the first matching range's colour). */
export function LampBody({ widget, cell }: BodyProps<'lamp'>) {
  const color = lampView(widget, cell?.value);
  return (
    <svg
      className="scada-fill scada-lamp"
      viewBox="0 0 100 100"
      preserveAspectRatio="xMidYMid meet"
      data-testid="scada-lamp"
      data-color={color}
    >
      <circle cx="50" cy="50" r="46" fill={color} stroke="rgba(0,0,0,0.35)" strokeWidth="3" />
      <ellipse cx="40" cy="34" rx="18" ry="11" fill="rgba(255,255,255,0.35)" />
    </svg>
  );
}

/** A bar: the share of min..max the engineering value reaches, in the widget's colour. */
export function BarBody({ widget, cell }: BodyProps<'bar'>) {
  const v = barView(widget, cell?.value);
  return (
    <div
      className={`scada-bar ${v.upright ? 'scada-bar-up' : 'scada-bar-across'}`}
      title={v.title}
      data-testid="scada-bar"
      data-fraction={v.fraction}
    >
      <div
        className="scada-bar-fill"
        style={{ background: widget.props.color, ...(v.upright ? { height: v.size } : { width: v.size }) }}
      />
    </div>
  );
}

const { cx: CX, cy: CY, r: R } = GAUGE;

/** A gauge: a 240° arc over min..max, the reached part in the widget's colour, a needle, the value. */
export function GaugeBody({ widget, cell }: BodyProps<'gauge'>) {
  const { min, max, color } = widget.props;
  const v = gaugeView(widget, cell?.value);
  const start = -GAUGE_SWEEP / 2;
  const [lx, ly] = polar(CX, CY, R + 2, start);
  const [hx, hy] = polar(CX, CY, R + 2, -start);
  return (
    <svg
      className="scada-fill scada-gauge"
      viewBox="0 0 100 100"
      preserveAspectRatio="xMidYMid meet"
      data-testid="scada-gauge"
      data-angle={v.angle}
    >
      <path d={arcPath(CX, CY, R, start, -start)} className="scada-gauge-track" strokeWidth="8" fill="none" />
      <path d={v.arc} className="scada-gauge-arc" stroke={color} strokeWidth="8" fill="none" />
      <line
        x1={CX}
        y1={CY}
        x2={v.needle[0]}
        y2={v.needle[1]}
        className="scada-gauge-needle"
        strokeWidth="3"
      />
      <circle cx={CX} cy={CY} r="4" className="scada-gauge-hub" />
      <text x={CX} y="88" textAnchor="middle" className="scada-gauge-value">
        {v.text}
      </text>
      <text x={lx} y={ly + 10} textAnchor="middle" className="scada-gauge-end">
        {min}
      </text>
      <text x={hx} y={hy + 10} textAnchor="middle" className="scada-gauge-end">
        {max}
      </text>
    </svg>
  );
}
