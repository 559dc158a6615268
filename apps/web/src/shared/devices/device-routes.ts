/*
 * Routes of the per-device screens and the links to them. SPEC section 2 names no route for
 * them; they sit side by side (`/device/detail?id=N`, `/device/monitor?id=N`,
 * `/device/history?device=N`, `/device/remote?id=N`) with no menu entry, and many screens link to
 * them (device list, device page, alarm records, messages, the board), so they live here rather
 * than in the feature that draws each screen.
 */

/** Route of one device's page. */
export const DEVICE_PAGE_PATH = '/device/detail';

/** Link to a device's page (device list, alarm records, alarm messages). */
export const deviceHref = (deviceId: number): string => `${DEVICE_PAGE_PATH}?id=${deviceId}`;

/** Route of the history data screen (SPEC section 2 names it by wording only). */
export const HISTORY_PATH = '/device/history';

/** Link to the history screen with a device chosen (the device list's row action). */
export const historyHref = (deviceId: number): string => `${HISTORY_PATH}?device=${deviceId}`;

/** Route of the data monitor of one device (reached from a device's row, permission 47). */
export const MONITOR_PATH = '/device/monitor';

/** Link to a device's data monitor (the device list's row action "Monitor"). */
export const monitorHref = (deviceId: number): string => `${MONITOR_PATH}?id=${deviceId}`;

/**
 * Route of a device's remote screen (the device list's row menu and the device page lead here).
 */
export const REMOTE_PATH = '/device/remote';

/** Link to a device's remote screen. */
export const remoteHref = (deviceId: number): string => `${REMOTE_PATH}?id=${deviceId}`;
