import { afterEach, describe, expect, it, vi } from 'vitest';
import { alarmSoundPreference, createAlarmSound } from './alarm-sound.ts';

/** Records what the beep asks of Web Audio. */
class FakeAudioContext {
  static created = 0;
  static last: FakeAudioContext | undefined;
  state = 'running';
  currentTime = 10;
  destination = {};
  started: number[] = [];
  constructor() {
    FakeAudioContext.created++;
    FakeAudioContext.last = this;
  }
  createOscillator() {
    const started = this.started;
    return {
      type: '',
      frequency: { value: 0 },
      connect: (g: unknown) => g,
      start: (t: number) => started.push(t),
      stop: () => undefined,
    };
  }
  createGain() {
    return {
      gain: { setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() },
      connect: (d: unknown) => d,
    };
  }
  resume = vi.fn(async () => undefined);
  close = vi.fn(async () => undefined);
}

const fakeWindow = (active: boolean | undefined, Ctor: unknown = FakeAudioContext) =>
  ({
    AudioContext: Ctor,
    navigator: active === undefined ? {} : { userActivation: { hasBeenActive: active } },
  }) as unknown as Window;

afterEach(() => {
  localStorage.clear();
  FakeAudioContext.created = 0;
});

describe('alarm sound preference', () => {
  it('is off by default, kept in storage, and tells its subscribers', () => {
    expect(alarmSoundPreference.get()).toBe(false);
    const seen = vi.fn();
    const stop = alarmSoundPreference.subscribe(seen);
    alarmSoundPreference.set(true);
    expect(alarmSoundPreference.get()).toBe(true);
    expect(localStorage.getItem('hmicloud_1.0.4_ALARM_SOUND')).toBe('1');
    alarmSoundPreference.set(false);
    expect(alarmSoundPreference.get()).toBe(false);
    stop();
    alarmSoundPreference.set(true);
    expect(seen).toHaveBeenCalledTimes(2);
  });
});

describe('alarm sound', () => {
  it('plays two tones on one audio context', () => {
    const sound = createAlarmSound(fakeWindow(true));
    sound.play();
    expect(FakeAudioContext.last?.started).toEqual([10.02, 10.26]);
    sound.play();
    expect(FakeAudioContext.created).toBe(1);
    expect(FakeAudioContext.last?.started).toHaveLength(4);
    sound.close();
    expect(FakeAudioContext.last?.close).toHaveBeenCalledOnce();
  });

  it('stays silent (no audio context, no error) before the user interacted or without Web Audio', () => {
    createAlarmSound(fakeWindow(false)).play();
    expect(FakeAudioContext.created).toBe(0);
    expect(() => createAlarmSound(fakeWindow(true, undefined)).play()).not.toThrow();
    class Throwing {
      constructor() {
        throw new Error('blocked');
      }
    }
    expect(() => createAlarmSound(fakeWindow(undefined, Throwing)).play()).not.toThrow();
  });
});
