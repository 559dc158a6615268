/** The billing pages' addresses other features link to. */
export const MY_ACCOUNT_PATH = '/billing/myAccount';

/**
 * My account's Remote Access section (`ra=1` scrolls to it), showing one device when given: where
 * the remote screen's traffic refusals send the user (allocate a card, switch the month on, the
 * 12G prompt).
 */
export const raSectionHref = (deviceId?: number): string =>
  deviceId === undefined ? `${MY_ACCOUNT_PATH}?ra=1` : `${MY_ACCOUNT_PATH}?ra=1&device=${deviceId}`;
