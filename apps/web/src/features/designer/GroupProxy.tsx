import type { CSSProperties, Ref } from 'react';
import type { ScreenDocument, ScreenWidget } from '@hmi/domain';
import { boxCorner, groupBoxOf, memberBoxIn, type GroupBox } from './group-geometry.ts';

/*
 * The proxy of a multi-selection on the canvas: a transparent box covering the selected widgets
 * (their group's box, group-geometry.ts), react-moveable's one target while several widgets are
 * selected, pressed anywhere inside to drag them as moveable's own group was. It draws each
 * widget's outline, as fractions of itself, so the outlines follow the proxy through a gesture.
 */

/** A multi-selection: its movable widgets, their box, and a key naming the set. */
export interface Group {
  members: ScreenWidget[];
  box: GroupBox;
  key: string;
}

/** The movable widgets of a selection of several and their box; undefined for fewer than two. */
export function groupOf(
  doc: ScreenDocument,
  selection: readonly string[],
  readOnly: boolean,
): Group | undefined {
  if (readOnly || selection.length < 2) return undefined;
  const chosen = new Set(selection);
  const members = doc.widgets.filter((w) => chosen.has(w.id) && !w.locked);
  const box = members.length > 1 ? groupBoxOf(members) : undefined;
  return box && { members, box, key: members.map((w) => w.id).join(' ') };
}

/** The group's box, turned about its centre. */
function proxyStyle(box: GroupBox): CSSProperties {
  const { left, top } = boxCorner(box);
  return {
    left,
    top,
    width: box.w,
    height: box.h,
    ...(box.rotation ? { transform: `rotate(${box.rotation}deg)` } : {}),
  };
}

/** One widget's outline inside the proxy. */
function outlineStyle(widget: ScreenWidget, box: GroupBox): CSSProperties {
  const m = memberBoxIn(widget, box);
  const pct = (v: number) => `${v * 100}%`;
  return {
    left: pct(m.left),
    top: pct(m.top),
    width: pct(m.width),
    height: pct(m.height),
    ...(m.rotation ? { transform: `rotate(${m.rotation}deg)` } : {}),
  };
}

/**
 * The proxy element. Give it `key={group.key}`: a new set of widgets then gets a new element,
 * so moveable sees its target change (a drag that begins by adding a widget waits for that).
 */
export function GroupProxy({ group, ref }: { group: Group; ref: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="designer-group" style={proxyStyle(group.box)} data-testid="designer-group">
      {group.members.map((w) => (
        <div key={w.id} className="designer-group-outline" style={outlineStyle(w, group.box)} />
      ))}
    </div>
  );
}
