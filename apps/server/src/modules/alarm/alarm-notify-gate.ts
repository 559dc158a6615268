import {
  onRaise,
  onWindowEnd,
  type Digest,
  type NotifySettings,
  type NotifyWindow,
} from './alarm-notify-policy.ts';

/** A digest due for one rule on one device. */
export interface DueDigest extends Digest {
  teamId: number;
  ruleId: number;
  deviceId: number;
}

/**
 * The notification windows of every (rule, device) this server raises for (alarm-notify-policy.ts),
 * in memory: a restart forgets them, so the first raise after it notifies at once (at most one
 * notification more per rule and device, never one less).
 */
export class AlarmNotifyGate {
  private readonly windows = new Map<string, NotifyWindow>();

  constructor(readonly settings: NotifySettings) {}

  /** Whether a raise at `now` notifies; `commit(recordId)` once its record is written. */
  raise(
    teamId: number,
    ruleId: number,
    deviceId: number,
    now: number,
  ): { notify: boolean; commit: (recordId: number) => void } {
    const key = `${teamId}:${ruleId}:${deviceId}`;
    const decision = onRaise(this.windows.get(key), now, this.settings);
    return {
      notify: decision.notify,
      commit: (recordId) => {
        const next = decision.next(recordId);
        if (next) this.windows.set(key, next);
        else this.windows.delete(key);
      },
    };
  }

  /** The digests due at `now` (their windows move on; ended empty ones are forgotten). */
  due(now: number): DueDigest[] {
    const out: DueDigest[] = [];
    for (const [key, window] of this.windows) {
      if (now < window.endsAt) continue;
      const { digest, next } = onWindowEnd(window, now, this.settings);
      if (next) this.windows.set(key, next);
      else this.windows.delete(key);
      if (digest) {
        const [teamId, ruleId, deviceId] = key.split(':').map(Number) as [number, number, number];
        out.push({ ...digest, teamId, ruleId, deviceId });
      }
    }
    return out;
  }

  /** Windows held (tests). */
  get size(): number {
    return this.windows.size;
  }
}
