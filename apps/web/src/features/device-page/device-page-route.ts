/**
 * Route of one device's page. SPEC section 2 names no route for it; it sits beside the other
 * per-device screens (`/device/monitor?id=N`, `/device/history?device=N`) with no menu entry.
 */
export const DEVICE_PAGE_PATH = '/device/detail';

/** Link to a device's page (device list, alarm records, alarm messages). */
export const deviceHref = (deviceId: number): string => `${DEVICE_PAGE_PATH}?id=${deviceId}`;
