/*
 * When a raise of one rule on one device notifies (issue 24, alarm floods): pure functions, no
 * I/O, in the style of alarm-state-machine.ts. Alarm records are never affected: every raise is
 * recorded; this decides only whether it also writes alarm messages and mails.
 *
 * Each (rule, device) has a notification window of `intervalMs` (ALARM_NOTIFY_INTERVAL_MS,
 * 10 min by default) that opens when a raise notifies:
 *
 *   no window            + raise   -> notify  (messages, mails; the window opens)
 *   open window          + raise   -> collect (recorded, not notified; counted for the digest)
 *   window ended, 0 kept           -> forget  (the next raise notifies at once)
 *   window ended, n kept           -> digest  (one message and mail per recipient: "n more raises")
 *                                               and a new window opens, the digest its notification
 *
 * So a rule that raises, recovers and raises again within the interval notifies once, and a rule
 * that keeps raising sends one digest per window. Flapping: a window that saw at least
 * `flapRaises` raises (3) marks the rule flapping; its next window is twice as long, up to
 * `maxFactor` (8) times the interval, so a rule that flaps for hours sends digests at 10, 30, 70,
 * 150, 230 ... minutes rather than every 10. A window without raises ends it (back to normal).
 * With `intervalMs` 0 every raise notifies (no windows).
 */

export interface NotifySettings {
  intervalMs: number;
  /** Raises in one window (the notifying one included) that make a rule flapping. */
  flapRaises: number;
  /** The longest window, in intervals. */
  maxFactor: number;
}

export const notifyDefaults: NotifySettings = { intervalMs: 10 * 60_000, flapRaises: 3, maxFactor: 8 };

/** The notification window of one rule on one device. */
export interface NotifyWindow {
  openedAt: number;
  endsAt: number;
  /** Raises in this window, the notifying one (or the digest's) included. */
  raises: number;
  /** Raises recorded and not notified, for the digest. */
  collected: number;
  /** The newest collected record (the digest names it), null while none. */
  lastRecordId: number | null;
  /** The window is longer than the interval because the rule was flapping. */
  flapping: boolean;
}

/** What one digest says. */
export interface Digest {
  /** Raises collected since the last notification. */
  raises: number;
  /** The newest of them. */
  recordId: number;
  /** The window they were collected in (ms). */
  from: number;
  to: number;
  flapping: boolean;
}

/** Whether a raise now notifies, and the window after it (the record's id once written). */
export function onRaise(
  window: NotifyWindow | undefined,
  now: number,
  s: NotifySettings,
): { notify: boolean; next: (recordId: number) => NotifyWindow | undefined } {
  if (s.intervalMs <= 0) return { notify: true, next: () => undefined };
  // An ended window with nothing kept was forgotten by `onWindowEnd`; one ended with raises kept
  // waits for its digest: this raise joins it.
  if (!window || (now >= window.endsAt && window.collected === 0)) {
    return {
      notify: true,
      next: () => ({
        openedAt: now,
        endsAt: now + s.intervalMs,
        raises: 1,
        collected: 0,
        lastRecordId: null,
        flapping: false,
      }),
    };
  }
  return {
    notify: false,
    next: (recordId) => ({
      ...window,
      raises: window.raises + 1,
      collected: window.collected + 1,
      lastRecordId: recordId,
    }),
  };
}

/**
 * A window at `now`: unchanged before its end; after it forgotten (nothing kept), or a digest of
 * what it kept and the next window (longer while the rule flaps).
 */
export function onWindowEnd(
  window: NotifyWindow,
  now: number,
  s: NotifySettings,
): { digest: Digest | null; next: NotifyWindow | undefined } {
  if (now < window.endsAt) return { digest: null, next: window };
  if (window.collected === 0 || window.lastRecordId === null) return { digest: null, next: undefined };
  const flapping = window.raises >= s.flapRaises;
  const length = window.endsAt - window.openedAt;
  const nextLength = flapping ? Math.min(length * 2, s.intervalMs * s.maxFactor) : s.intervalMs;
  return {
    digest: {
      raises: window.collected,
      recordId: window.lastRecordId,
      from: window.openedAt,
      to: now,
      flapping,
    },
    next: {
      openedAt: now,
      endsAt: now + nextLength,
      raises: 0,
      collected: 0,
      lastRecordId: null,
      flapping,
    },
  };
}
