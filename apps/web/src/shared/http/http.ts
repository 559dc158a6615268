import { createHttpClient } from './http-client.ts';
import { storage } from '../storage/storage.ts';
import { toasts } from '../feedback/notifier.ts';
import { errorText } from '../i18n/i18n.ts';
import { sessionEvents } from './session-events.ts';

/** The console's HTTP client; every feature calls the API through it. */
export const http = createHttpClient({
  tokens: storage,
  toast: (text) => toasts.error(text),
  errorText,
  signedOut: (reason) => sessionEvents.emitSignedOut(reason),
});
