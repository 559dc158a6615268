/** Route of the data monitor of one device (no menu entry: reached from a device's row, permission 47). */
export const MONITOR_PATH = '/device/monitor';

/** Link to a device's data monitor (the device list's row action "Monitor"). */
export const monitorHref = (deviceId: number): string => `${MONITOR_PATH}?id=${deviceId}`;
