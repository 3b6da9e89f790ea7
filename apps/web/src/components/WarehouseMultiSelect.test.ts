import type { WarehouseSummary } from '@wms/contract/entities';
import { describe, expect, it } from 'vitest';
import { filterWarehouses } from './WarehouseMultiSelect';

const warehouses: WarehouseSummary[] = [
  { id: 1, name: 'Newark Fulfillment Center', code: 'NWK-01', city: 'Newark', state: 'NJ' },
  { id: 2, name: 'Dallas Distribution Hub', code: 'DAL-02', city: 'Dallas', state: 'TX' },
];

describe('filterWarehouses (spec 1 §2.1)', () => {
  it('matches the name case-insensitively', () => {
    expect(filterWarehouses(warehouses, 'dallas').map((w) => w.id)).toEqual([2]);
  });
  it('matches the code case-insensitively', () => {
    expect(filterWarehouses(warehouses, 'nwk').map((w) => w.id)).toEqual([1]);
  });
  it('does not match on other fields such as the state', () => {
    expect(filterWarehouses(warehouses, 'TX')).toEqual([]);
  });
  it('returns everything for a blank input', () => {
    expect(filterWarehouses(warehouses, '  ')).toHaveLength(2);
  });
});
