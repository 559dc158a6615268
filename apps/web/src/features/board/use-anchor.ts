import { useEffect, useState } from 'react';

/** Now, rounded down to `stepMs` and moving on every step: a window's end that stays put between steps. */
export function useAnchor(stepMs: number): number {
  const [anchor, setAnchor] = useState(() => Math.floor(Date.now() / stepMs) * stepMs);
  useEffect(() => {
    const timer = setInterval(() => setAnchor(Math.floor(Date.now() / stepMs) * stepMs), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return anchor;
}
