import dayjs from 'dayjs';

/*
 * The console's one way of writing dates and times: local time, 24-hour clock, ISO-like dates
 * (2026-03-01 14:05:09), the same in every language. Message and alarm times, history labels and
 * axes use these.
 */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const CLOCK_FORMAT = 'HH:mm';
export const TIME_FORMAT = 'HH:mm:ss';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

/** A moment in the console's format, to the second. */
export const formatDateTime = (ms: number): string => dayjs(ms).format(DATE_TIME_FORMAT);
