import { describe, expect, it } from 'vitest';
import { formatDimensions, formatGrams, parseWeightGrams } from './scale-weight';

describe('a weight typed by a packer or a keyboard scale', () => {
  it('reads bare digits as grams', () => {
    expect(parseWeightGrams('1250')).toBe(1250);
    expect(parseWeightGrams(' 0830 ')).toBe(830);
  });

  it('reads kilograms and grams with a unit, a comma or a scale status prefix', () => {
    expect(parseWeightGrams('1.25 kg')).toBe(1250);
    expect(parseWeightGrams('1,25kg')).toBe(1250);
    expect(parseWeightGrams('1250 g')).toBe(1250);
    expect(parseWeightGrams('ST,GS, 2.004kg')).toBe(2004);
    expect(parseWeightGrams('0.0005 kg')).toBe(1);
  });

  it('refuses nothing, zero and text', () => {
    expect(parseWeightGrams('')).toBeNull();
    expect(parseWeightGrams('0')).toBeNull();
    expect(parseWeightGrams('0.0001 kg')).toBeNull();
    expect(parseWeightGrams('heavy')).toBeNull();
    expect(parseWeightGrams('12 lb')).toBeNull();
  });

  it('shows grams and dimensions the way labels do', () => {
    expect(formatGrams(null)).toBe('—');
    expect(formatGrams(830)).toBe('830 g');
    expect(formatGrams(1250)).toBe('1.25 kg');
    expect(formatDimensions({ length_mm: 300, width_mm: 200, height_mm: 150 })).toBe('300 × 200 × 150 mm');
    expect(formatDimensions({ length_mm: null, width_mm: 200, height_mm: 150 })).toBeNull();
  });
});
