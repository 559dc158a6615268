/**
 * Route of a device's remote screen. SPEC section 2 names no route for remote access; it sits
 * beside the other per-device screens (`/device/detail?id=N`, `/device/monitor?id=N`) with no
 * menu entry: the device list's row menu and the device page lead here.
 */
export const REMOTE_PATH = '/device/remote';

/** Link to a device's remote screen. */
export const remoteHref = (deviceId: number): string => `${REMOTE_PATH}?id=${deviceId}`;
