import { useCallback, useSyncExternalStore } from 'react';
import { storage } from '../../shared/storage/storage.ts';
import { StorageKey } from '../../shared/storage/storage-keys.ts';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Whether a new critical alarm also beeps: a choice of this browser, kept with the app's
 * storage module, off unless the user turns it on (profile, notifications card).
 */
export const alarmSoundPreference = {
  get: (): boolean => storage.get(StorageKey.ALARM_SOUND) === '1',
  set(on: boolean): void {
    storage.set(StorageKey.ALARM_SOUND, on ? '1' : '0');
    for (const l of listeners) l();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The sound preference and its setter; every component using it re-renders on a change. */
export function useAlarmSoundPreference(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(alarmSoundPreference.subscribe, alarmSoundPreference.get);
  const set = useCallback((next: boolean) => alarmSoundPreference.set(next), []);
  return [on, set];
}

/** Two short tones (A5) with soft edges: noticeable without being shrill. No audio file. */
const TONES = [
  { at: 0, length: 0.16, hz: 880 },
  { at: 0.24, length: 0.16, hz: 880 },
] as const;

type AudioContextClass = typeof AudioContext;

export interface AlarmSound {
  /** Plays the beep; silently nothing when the browser has no Web Audio or blocks it. */
  play(): void;
  close(): void;
}

/**
 * A beep through Web Audio. The audio context is created on the first play, and only once
 * the user has interacted with the page (browsers refuse to start audio before that and log a
 * warning), so a console reloaded in a background tab stays quiet instead of noisy in logs.
 */
export function createAlarmSound(win: Window = window): AlarmSound {
  let ctx: AudioContext | undefined;
  return {
    play() {
      const Ctor = (win as Window & { AudioContext?: AudioContextClass }).AudioContext;
      if (!Ctor) return;
      if (win.navigator.userActivation && !win.navigator.userActivation.hasBeenActive) return;
      try {
        ctx ??= new Ctor();
        if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
        const start = ctx.currentTime + 0.02;
        for (const tone of TONES) {
          const osc = ctx.createOscillator();
          const gain = ctx.createGain();
          osc.type = 'sine';
          osc.frequency.value = tone.hz;
          const t0 = start + tone.at;
          gain.gain.setValueAtTime(0, t0);
          gain.gain.linearRampToValueAtTime(0.25, t0 + 0.02);
          gain.gain.linearRampToValueAtTime(0, t0 + tone.length);
          osc.connect(gain).connect(ctx.destination);
          osc.start(t0);
          osc.stop(t0 + tone.length + 0.02);
        }
      } catch {
        // No sound is not an error worth showing: the banner is the notification.
      }
    },
    close() {
      void ctx?.close().catch(() => undefined);
      ctx = undefined;
    },
  };
}
