import dayjs from 'dayjs';

/** A message or alarm time in the console's format (local time, to the second). */
export const formatTime = (ms: number): string => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** Today's times need no date (the header's list of today's messages). */
export const formatClock = (ms: number): string => dayjs(ms).format('HH:mm');
