import type { DeviceListQuery } from '@hmi/domain';

/**
 * Query keys of the device cache. Shared: the device lists are refreshed by the features that
 * change what a row shows (labels, groups, templates) and read by the history's device picker.
 */
export const deviceKeys = {
  all: ['device'] as const,
  lists: ['device', 'list'] as const,
  list: (query: DeviceListQuery) => ['device', 'list', query] as const,
  overview: ['device', 'overview'] as const,
};
