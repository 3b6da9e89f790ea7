import { STATUS_COLORS } from '@wms/contract/order-lifecycle';
import { describe, expect, it } from 'vitest';
import { readableTextColor } from './readable-text-color';

describe('readableTextColor', () => {
  it('picks white on dark and black on light colours', () => {
    expect(readableTextColor('#000000')).toBe('#FFFFFF');
    expect(readableTextColor('#FFFFFF')).toBe('#000000');
    expect(readableTextColor('#F59E0B')).toBe('#000000');
    expect(readableTextColor('#7C3AED')).toBe('#FFFFFF');
  });

  it('falls back to black for a value that is not a hex colour', () => {
    expect(readableTextColor('blue')).toBe('#000000');
  });

  it('covers the whole palette', () => {
    for (const { hex } of STATUS_COLORS) expect(['#000000', '#FFFFFF']).toContain(readableTextColor(hex));
  });
});
