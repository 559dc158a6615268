import { displayedNumber, formatValue } from './format-value.ts';
import { arcPath, GAUGE_SWEEP, gaugeAngle, lampColor, polar, scaleFraction } from './indicator-logic.ts';
import type { BodyProps } from './widget-body.ts';

/*
 * The indicator family: lamp (a disc in its on/off or range colour), bar (filled from min to max,
 * upright when taller than wide) and gauge (an arc with a needle). SVG and plain boxes that scale
 * with the screen; the value is in the title for a pointer hovering it.
 */

/** A lamp: bit mode (on while non-zero or while its bit is set), ranges mode (the first matching range's colour). */
export function LampBody({ widget, cell }: BodyProps<'lamp'>) {
  const color = lampColor(widget.props, cell?.value ?? null, widget.binding?.transform);
  return (
    <svg
      className="scada-fill"
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
  const { min, max, color } = widget.props;
  const t = widget.binding?.transform;
  const f = scaleFraction(displayedNumber(cell?.value, t), min, max);
  const upright = widget.h >= widget.w;
  const pct = `${(f * 100).toFixed(2)}%`;
  return (
    <div
      className={`scada-bar ${upright ? 'scada-bar-up' : 'scada-bar-across'}`}
      title={formatValue(cell?.value, t)}
      data-testid="scada-bar"
      data-fraction={f.toFixed(4)}
    >
      <div
        className="scada-bar-fill"
        style={{ background: color, ...(upright ? { height: pct } : { width: pct }) }}
      />
    </div>
  );
}

const CX = 50;
const CY = 54;
const R = 40;

/** A gauge: a 240° arc over min..max, the reached part in the widget's colour, a needle, the value. */
export function GaugeBody({ widget, cell }: BodyProps<'gauge'>) {
  const { min, max, color } = widget.props;
  const t = widget.binding?.transform;
  const f = scaleFraction(displayedNumber(cell?.value, t), min, max);
  const start = -GAUGE_SWEEP / 2;
  const angle = gaugeAngle(f);
  const [nx, ny] = polar(CX, CY, R - 6, angle);
  const [lx, ly] = polar(CX, CY, R + 2, start);
  const [hx, hy] = polar(CX, CY, R + 2, -start);
  return (
    <svg
      className="scada-fill"
      viewBox="0 0 100 100"
      preserveAspectRatio="xMidYMid meet"
      data-testid="scada-gauge"
      data-angle={angle.toFixed(2)}
    >
      <path d={arcPath(CX, CY, R, start, -start)} className="scada-gauge-track" strokeWidth="8" fill="none" />
      {f > 0 ? (
        <path d={arcPath(CX, CY, R, start, angle)} stroke={color} strokeWidth="8" fill="none" />
      ) : null}
      <line
        x1={CX}
        y1={CY}
        x2={nx.toFixed(2)}
        y2={ny.toFixed(2)}
        className="scada-gauge-needle"
        strokeWidth="3"
      />
      <circle cx={CX} cy={CY} r="4" className="scada-gauge-hub" />
      <text x={CX} y="88" textAnchor="middle" className="scada-gauge-value">
        {formatValue(cell?.value, t)}
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
