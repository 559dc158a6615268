/** The commands module's public entry: the tracker of device commands and its failures (settag). */
export {
  CommandOfflineError,
  CommandTimeoutError,
  CommandTracker,
  type CommandRequest,
} from './command-tracker.ts';
