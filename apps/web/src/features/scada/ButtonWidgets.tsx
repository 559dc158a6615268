import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { ScreenAction } from '@hmi/domain';
import type { BodyProps } from './widget-body.ts';

/*
 * The button family: the push button runs its actions (a click reports each set, toggle, goto
 * and recipe action in order; a momentary action reports its press on pointer down and its
 * release on pointer up, cancel or loss of capture, so a jog stops even when the finger slides
 * off) and the nav button opens its screen. Space and Enter work the same from the keyboard.
 */

/** The indexes of the widget's click actions (every kind but momentary), or of its momentary ones, in order. */
export function actionIndexes(actions: readonly ScreenAction[] | undefined, click: boolean): number[] {
  return (actions ?? []).flatMap((a, i) => ((a.kind === 'momentary') !== click ? [i] : []));
}

const isPressKey = (e: KeyboardEvent) => e.key === ' ' || e.key === 'Enter';

export function ButtonBody({ widget, run, act }: BodyProps<'button'>) {
  const p = widget.props;
  const pressed = useRef(false);
  const actions = widget.actions;
  const momentary = actionIndexes(actions, false);
  const press = () => {
    if (pressed.current || momentary.length === 0) return;
    pressed.current = true;
    for (const i of momentary) act({ action: i, pressed: true });
  };
  const release = () => {
    if (!pressed.current) return;
    pressed.current = false;
    for (const i of momentary) act({ action: i, pressed: false });
  };
  const click = () => {
    for (const i of actionIndexes(actions, true)) act({ action: i });
  };
  const handlers = run
    ? {
        onClick: click,
        onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
          if (momentary.length > 0) e.currentTarget.setPointerCapture?.(e.pointerId);
          press();
        },
        onPointerUp: release,
        onPointerCancel: release,
        onLostPointerCapture: release,
        onKeyDown: (e: KeyboardEvent) => {
          if (isPressKey(e) && !e.repeat) press();
        },
        onKeyUp: (e: KeyboardEvent) => {
          if (isPressKey(e)) release();
        },
        onBlur: release,
      }
    : {};
  return (
    <button
      type="button"
      className="scada-button"
      style={{ fontSize: p.fontSize, color: p.color, background: p.background }}
      tabIndex={run ? undefined : -1}
      data-testid="scada-button"
      {...handlers}
    >
      {p.label}
    </button>
  );
}

/** A nav button: a press opens the screen it names (the page moves there). */
export function NavBody({ widget, run, act }: BodyProps<'nav'>) {
  return (
    <button
      type="button"
      className="scada-button scada-nav"
      tabIndex={run ? undefined : -1}
      onClick={run ? () => act({}) : undefined}
      data-testid="scada-nav"
      data-screen={widget.props.screenId}
    >
      {widget.props.label}
    </button>
  );
}
