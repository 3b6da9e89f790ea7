import { describe, expect, it } from 'vitest';
import { rememberedStation, rememberStation, stationToUse } from './station-memory';

class MemoryStorage implements Storage {
  private values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe('the packing station remembered on this device', () => {
  it('keeps one station per warehouse and forgets one on request', () => {
    const storage = new MemoryStorage();
    expect(rememberedStation(1, storage)).toBeNull();
    rememberStation(1, 7, storage);
    rememberStation(2, 9, storage);
    expect(rememberedStation(1, storage)).toBe(7);
    expect(rememberedStation(2, storage)).toBe(9);
    rememberStation(1, null, storage);
    expect(rememberedStation(1, storage)).toBeNull();
    expect(rememberedStation(2, storage)).toBe(9);
  });

  it('ignores a stored value it cannot read', () => {
    const storage = new MemoryStorage();
    storage.setItem('wms.packingStation', 'not json');
    expect(rememberedStation(1, storage)).toBeNull();
    storage.setItem('wms.packingStation', JSON.stringify({ 1: 'seven' }));
    expect(rememberedStation(1, storage)).toBeNull();
    rememberStation(1, 3, storage);
    expect(rememberedStation(1, storage)).toBe(3);
  });

  it('uses the remembered station only while it exists and is active', () => {
    const stations = [
      { id: 3, active: true },
      { id: 4, active: false },
    ];
    expect(stationToUse(stations, 3)).toEqual({ id: 3, active: true });
    expect(stationToUse(stations, 4)).toBeNull();
    expect(stationToUse(stations, 5)).toBeNull();
    expect(stationToUse(stations, null)).toBeNull();
  });
});
