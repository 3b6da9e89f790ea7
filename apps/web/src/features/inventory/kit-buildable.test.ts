import { describe, expect, it } from 'vitest';
import { canBuildText } from './kit-buildable';

describe('canBuildText', () => {
  it('words an assembled kit’s buildable count, zero included', () => {
    expect(canBuildText(0)).toBe('Can build 0');
    expect(canBuildText(1234)).toBe('Can build 1,234');
  });
  it('says nothing for a product that is not an assembled kit', () => {
    expect(canBuildText(null)).toBeNull();
  });
});
