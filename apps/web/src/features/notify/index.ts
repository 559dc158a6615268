/** Public entry of features/notify: what other features use of it (the only way they reach it). */
export { createAlarmSound, useAlarmSoundPreference } from './alarm-sound.ts';
export {
  useDeliveries,
  useNotifySettings,
  useSaveNotifySettings,
  useSendTestMail,
} from './use-notify-settings.ts';
