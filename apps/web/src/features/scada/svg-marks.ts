import type { ScreenBinding, ScreenBindingTransform, SvgMark } from '@hmi/domain';
import { displayedNumber, formatValue } from './format-value.ts';
import { rangeColor } from './indicator-logic.ts';
import type { LiveCell } from './widget-types.ts';

/*
 * The live parts of an uploaded drawing (an svg widget): each mark names one element by its id
 * and drives its text, fill, visibility or rotation from a tag (the mark's own binding, else the
 * widget's). markEffect says what a value does to the element (pure); SvgMarksDom does it to the
 * drawing shown inline, remembering what the drawing had so that "no value" puts it back. Values
 * are the engineering ones (through the binding's transform), as on every other widget. The
 * drawing arrives sanitised by the server (lib/svg-sanitize.ts: no script, no handlers, no
 * external references); ids are matched exactly from an index, never used as CSS selectors.
 */

/** What a value does to a marked element; null: as the drawing has it. */
export type MarkEffect =
  | { kind: 'text'; text: string }
  | { kind: 'fill'; color: string | null }
  | { kind: 'visibility'; visible: boolean | null }
  | { kind: 'rotation'; angle: number | null };

/** The binding a mark follows: its own, else its widget's. */
export const markBinding = (mark: SvgMark, widgetBinding?: ScreenBinding): ScreenBinding | undefined =>
  mark.binding ?? widgetBinding;

/** The angle of a rotation mark for an engineering value (held at the ends of its value range). */
export function rotationAngle(mark: Extract<SvgMark, { attribute: 'rotation' }>, n: number): number {
  const held = Math.min(mark.valueMax, Math.max(mark.valueMin, n));
  const f = (held - mark.valueMin) / (mark.valueMax - mark.valueMin);
  return mark.angleMin + f * (mark.angleMax - mark.angleMin);
}

/** Whether a visibility mark shows its element for an engineering value. */
export function markVisible(mark: Extract<SvgMark, { attribute: 'visibility' }>, n: number): boolean {
  if (mark.min === undefined && mark.max === undefined) return n !== 0;
  return (mark.min === undefined || n >= mark.min) && (mark.max === undefined || n <= mark.max);
}

/** What `cell` does to the mark's element (`transform`: of the binding the mark follows). */
export function markEffect(
  mark: SvgMark,
  cell: LiveCell | undefined,
  transform?: ScreenBindingTransform,
): MarkEffect {
  const value = cell?.value ?? null;
  const n = displayedNumber(value, transform);
  switch (mark.attribute) {
    case 'text':
      return { kind: 'text', text: formatValue(value, transform) };
    case 'fill':
      if (n === null) return { kind: 'fill', color: null };
      return { kind: 'fill', color: rangeColor(mark.ranges, n) ?? mark.otherwise ?? null };
    case 'visibility':
      return { kind: 'visibility', visible: n === null ? null : markVisible(mark, n) };
    case 'rotation':
      return { kind: 'rotation', angle: n === null ? null : rotationAngle(mark, n) };
  }
}

/** What an element had before a mark changed it. */
interface Original {
  fill?: string;
  display?: string;
  transform?: string | null;
  centre?: [number, number];
}

/** The element's centre in its own user space (getBBox where the browser lays SVG out; else its origin). */
function centreOf(el: Element): [number, number] {
  const box = (el as SVGGraphicsElement).getBBox?.bind(el);
  try {
    const b = box?.();
    if (b) return [b.x + b.width / 2, b.y + b.height / 2];
  } catch {
    // Not rendered (display: none, detached): no box.
  }
  return [0, 0];
}

/** The element a text mark writes into: the first <tspan> of a <text> that has one, else itself. */
function textTarget(el: Element): Element {
  if (el.localName === 'text') return el.querySelector('tspan') ?? el;
  return el;
}

const styled = (el: Element): CSSStyleDeclaration | undefined => (el as SVGElement).style;

/** Marks applied to one drawing shown inline (one per loaded drawing). */
export class SvgMarksDom {
  private readonly byId = new Map<string, Element>();
  private readonly originals = new Map<Element, Original>();

  constructor(root: Element) {
    // First element wins an id used twice (as getElementById would).
    for (const el of root.querySelectorAll('[id]')) if (!this.byId.has(el.id)) this.byId.set(el.id, el);
  }

  /** The element of an id, if the drawing has it. */
  element(id: string): Element | undefined {
    return this.byId.get(id);
  }

  private original(el: Element): Original {
    let o = this.originals.get(el);
    if (!o) this.originals.set(el, (o = {}));
    return o;
  }

  /** Applies the effect to the element of `id` (a missing element is skipped: the drawing changed). */
  apply(id: string, effect: MarkEffect): void {
    const el = this.byId.get(id);
    if (!el) return;
    const o = this.original(el);
    const style = styled(el);
    switch (effect.kind) {
      case 'text':
        textTarget(el).textContent = effect.text;
        break;
      case 'fill':
        o.fill ??= style?.getPropertyValue('fill') ?? '';
        style?.setProperty('fill', effect.color ?? o.fill);
        break;
      case 'visibility':
        o.display ??= style?.getPropertyValue('display') ?? '';
        style?.setProperty('display', effect.visible === false ? 'none' : o.display);
        break;
      case 'rotation':
        this.rotate(el, o, effect.angle);
        break;
    }
  }

  private rotate(el: Element, o: Original, angle: number | null): void {
    if (o.transform === undefined) o.transform = el.getAttribute('transform');
    if (angle === null) {
      if (o.transform === null) el.removeAttribute('transform');
      else el.setAttribute('transform', o.transform);
      return;
    }
    o.centre ??= centreOf(el);
    const [cx, cy] = o.centre;
    const turn = `rotate(${Number(angle.toFixed(3))} ${Number(cx.toFixed(3))} ${Number(cy.toFixed(3))})`;
    el.setAttribute('transform', o.transform ? `${o.transform} ${turn}` : turn);
  }
}
