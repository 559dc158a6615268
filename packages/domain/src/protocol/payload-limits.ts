/** Largest payload the cloud accepts from a device, in bytes (a backfill array included). */
export const MAX_DEVICE_PAYLOAD_BYTES = 256 * 1024;
/** Most samples in one `data` message (a backfill array). */
export const MAX_SAMPLES_PER_MESSAGE = 1000;
/** Longest STRING tag value in a `data` message, in UTF-16 code units. */
export const MAX_TAG_TEXT_LENGTH = 4096;
