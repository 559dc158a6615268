/** Route of the history data screen (SPEC section 2 names it by wording only, with no menu entry). */
export const HISTORY_PATH = '/device/history';

/** Link to the history screen with a device chosen (the device list's row action). */
export const historyHref = (deviceId: number): string => `${HISTORY_PATH}?device=${deviceId}`;
