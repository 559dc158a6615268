import type { BodyProps } from './widget-body.ts';
import { numericView, textView } from './value-paint.ts';

/*
 * The text family: text (a STRING tag's value, else its fixed text), label (fixed text) and the
 * numeric display (the value with its decimals and unit, through the binding's transform). A
 * running screen paints their values (value-paint.ts): the text is the span's only child.
 */

const justify = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** text and label: the text in the widget's font, colour and alignment, wrapped, centred vertically. */
export function TextBody({ widget, cell }: BodyProps<'text' | 'label'>) {
  const p = widget.props;
  return (
    <div
      className="scada-text"
      style={{ fontSize: p.fontSize, color: p.color, textAlign: p.align, justifyContent: justify[p.align] }}
      data-testid="scada-text"
    >
      <span>{textView(widget, cell?.value)}</span>
    </div>
  );
}

/** numeric: the engineering value with the transform's (else the widget's) decimals, its format or unit. */
export function NumericBody({ widget, cell }: BodyProps<'numeric'>) {
  const p = widget.props;
  return (
    <div className="scada-text scada-numeric" style={{ fontSize: p.fontSize, color: p.color }}>
      <span data-testid="scada-numeric">{numericView(widget, cell?.value)}</span>
    </div>
  );
}
