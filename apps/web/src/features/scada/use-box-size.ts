import { useEffect, useState, type RefObject } from 'react';

/**
 * The element's layout size in whole CSS px, as it changes (ResizeObserver's content box: the
 * size before any CSS transform, so a widget inside a scaled screen reads its design size).
 */
export function useBoxSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      const width = Math.floor(box?.width ?? 0);
      const height = Math.floor(box?.height ?? 0);
      setSize((prev) => (prev.width === width && prev.height === height ? prev : { width, height }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}
