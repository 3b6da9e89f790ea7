import { MOVE_SCAN_MESSAGES } from '@wms/contract/location-stock';
import { describe, expect, it } from 'vitest';
import {
  type HeldLocations,
  heldLocation,
  heldLocationChoices,
  judgeActiveLocation,
  judgeLocation,
  noActiveLocationMessage,
} from './warehouse-locations-snapshot';

const held: HeldLocations = {
  warehouseId: 3,
  complete: true,
  locations: [
    { id: 1, code: 'A-01', type: 'pick', is_active: true },
    { id: 2, code: 'B-02', type: 'storage', is_active: true },
    { id: 3, code: 'C-03', type: 'storage', is_active: false },
  ],
};

describe('scans checked against the locations held on the device (moves)', () => {
  it('finds a location by its code in any case; an unknown or inactive code gets the online message', () => {
    expect(heldLocation(held, ' a-01 ')?.id).toBe(1);
    expect(judgeLocation(heldLocation(held, 'NOWHERE'), 'NOWHERE')).toEqual({
      status: 'not-found',
      message: MOVE_SCAN_MESSAGES.locationUnknown('NOWHERE'),
    });
    expect(judgeLocation(heldLocation(held, 'c-03'), 'c-03')).toEqual({
      status: 'warning',
      message: MOVE_SCAN_MESSAGES.locationInactive('C-03'),
    });
    expect(judgeLocation(heldLocation(held, 'B-02'), 'B-02')).toEqual(held.locations[1]);
  });
});

describe('a location picker offline (putaway)', () => {
  it('takes an active location by its exact code in any case; unknown and inactive get the online message', () => {
    expect(judgeActiveLocation(held, 'b-02 ')).toEqual(held.locations[1]);
    expect(judgeActiveLocation(held, 'C-03')).toBe(noActiveLocationMessage('C-03'));
    expect(judgeActiveLocation(held, ' NOWHERE')).toBe('No active location with the code NOWHERE in this warehouse.');
  });

  it('offers the active locations whose code contains the search', () => {
    expect(heldLocationChoices(held, '0').map((l) => l.code)).toEqual(['A-01', 'B-02']);
    expect(heldLocationChoices(held, 'b-').map((l) => l.code)).toEqual(['B-02']);
    expect(heldLocationChoices(held, 'c-03')).toEqual([]);
  });
});
