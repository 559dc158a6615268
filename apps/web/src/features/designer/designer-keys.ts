import { useEffect, useRef } from 'react';
import type { EditorAction } from './editor-state.ts';

/*
 * The designer's keyboard: Delete (and Backspace) removes the selection, Ctrl+C / Ctrl+X /
 * Ctrl+V copy, cut and paste, Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo, Ctrl+A selects every
 * widget, Ctrl+S saves, Escape clears the selection, the arrows nudge by 1 px (Shift: 10 px).
 * Cmd stands for Ctrl on a Mac. Keys typed into a field (the property panel, a dialog) are the
 * field's own.
 */

/** What a key does in the designer (`save` and `selectAll` are the page's), or undefined for none. */
export type DesignerCommand = EditorAction | { type: 'save' } | { type: 'selectAll' } | { type: 'clear' };

const NUDGE: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The command of a key press (pure: the designer's keyboard table). */
export function commandOf(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): DesignerCommand | undefined {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && !e.altKey) {
    if (key === 'z') return { type: e.shiftKey ? 'redo' : 'undo' };
    if (key === 'y') return { type: 'redo' };
    if (key === 'c') return { type: 'copy' };
    if (key === 'x') return { type: 'cut' };
    if (key === 'v') return { type: 'paste' };
    if (key === 'a') return { type: 'selectAll' };
    if (key === 's') return { type: 'save' };
    return undefined;
  }
  if (e.altKey) return undefined;
  if (key === 'Delete' || key === 'Backspace') return { type: 'delete' };
  if (key === 'Escape') return { type: 'clear' };
  const step = NUDGE[key];
  if (step) {
    const by = e.shiftKey ? 10 : 1;
    return { type: 'nudge', dx: step[0] * by, dy: step[1] * by };
  }
  return undefined;
}

/** A key pressed in a field, a menu or a dialog belongs to it, not to the canvas. */
function inField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (
    target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], .ant-select-dropdown')
  )
    return true;
  return false;
}

/** Runs the designer's keyboard on the window while `enabled`. */
export function useDesignerKeys(enabled: boolean, run: (command: DesignerCommand) => void): void {
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || inField(e.target)) return;
      const command = commandOf(e);
      if (!command) return;
      e.preventDefault();
      runRef.current(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
