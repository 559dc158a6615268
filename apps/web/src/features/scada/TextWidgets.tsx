import { formatValue } from './format-value.ts';
import type { BodyProps } from './widget-body.ts';

/*
 * The text family: text (a STRING tag's value, else its fixed text), label (fixed text) and the
 * numeric display (the value with its decimals and unit, through the binding's transform).
 */

const justify = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** text and label: the text in the widget's font, colour and alignment, wrapped, centred vertically. */
export function TextBody({ widget, cell }: BodyProps<'text' | 'label'>) {
  const p = widget.props;
  const bound = widget.type === 'text' && widget.binding !== undefined;
  const text = bound ? formatValue(cell?.value, widget.binding?.transform) : p.text;
  return (
    <div
      className="scada-text"
      style={{ fontSize: p.fontSize, color: p.color, textAlign: p.align, justifyContent: justify[p.align] }}
      data-testid="scada-text"
    >
      <span>{text}</span>
    </div>
  );
}

/** numeric: the engineering value with the transform's (else the widget's) decimals, its format or unit. */
export function NumericBody({ widget, cell }: BodyProps<'numeric'>) {
  const p = widget.props;
  const text = formatValue(cell?.value, widget.binding?.transform, { decimals: p.decimals, unit: p.unit });
  return (
    <div className="scada-text scada-numeric" style={{ fontSize: p.fontSize, color: p.color }}>
      <span data-testid="scada-numeric">{text}</span>
    </div>
  );
}
