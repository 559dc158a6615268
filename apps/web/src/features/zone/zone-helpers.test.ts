import { describe, expect, it } from 'vitest';
import {
  assignBody,
  deviceIdsParam,
  NO_ZONE,
  zoneInUse,
  zoneLimitReached,
  zoneMapOf,
} from './zone-helpers.ts';

const zone = (id: number, role_count = 0) => ({
  id,
  name: `Z${id}`,
  device_count: 0,
  role_count,
  created_at: 0,
});

describe('zoneMapOf', () => {
  it('maps the device-zones reply by device id; a device not listed is in no zone', () => {
    const map = zoneMapOf({
      list: [
        { device_id: 3, zone_id: 7, zone_name: 'Line1' },
        { device_id: 9, zone_id: 8, zone_name: 'Boiler' },
      ],
    });
    expect(map.get(3)).toEqual({ id: 7, name: 'Line1' });
    expect(map.get(9)).toEqual({ id: 8, name: 'Boiler' });
    expect(map.has(4)).toBe(false);
    expect(map.size).toBe(2);
  });

  it('is empty without a reply', () => {
    expect(zoneMapOf(undefined).size).toBe(0);
  });
});

describe('deviceIdsParam', () => {
  it('sends the ids once each, ascending, comma-separated (one stable key per page)', () => {
    expect(deviceIdsParam([5, 2, 9, 2])).toBe('2,5,9');
    expect(deviceIdsParam([])).toBe('');
  });
});

describe('assignBody', () => {
  it('sends zone_id null for "No zone"', () => {
    expect(assignBody(NO_ZONE, [1, 2])).toEqual({ zone_id: null, device_ids: [1, 2] });
  });

  it('sends the chosen zone and each device once', () => {
    expect(assignBody(7, [4, 4, 5])).toEqual({ zone_id: 7, device_ids: [4, 5] });
  });
});

describe('zone limits', () => {
  it('turns adding off at the maximum the reply gives', () => {
    expect(zoneLimitReached(undefined)).toBe(false);
    expect(zoneLimitReached({ list: [zone(1)], max: 2 })).toBe(false);
    expect(zoneLimitReached({ list: [zone(1), zone(2)], max: 2 })).toBe(true);
  });

  it('a zone held by a role is in use', () => {
    expect(zoneInUse(zone(1, 0))).toBe(false);
    expect(zoneInUse(zone(1, 2))).toBe(true);
  });
});
