import { afterAll } from 'vitest';
import { settleToastsForTeardown } from '../shared/feedback/notifier.ts';

/*
 * Every web test file renders through React's `act` (react-dom/client + act, as Testing Library
 * would): tell React so, in both web projects, before any file runs. Set by a few files only, the
 * flag leaked through the `web` project's shared module graph into the next files, and React
 * then printed one warning per update, hundreds a run.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A toast raised without the console's bridge loads antd's message lazily: drop what waits for
// it and let the load end inside the file (notifier.ts, settleToastsForTeardown).
afterAll(() => settleToastsForTeardown());
