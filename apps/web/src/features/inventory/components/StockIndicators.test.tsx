import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StockLevelBar } from './StockLevelBar';
import { StockStatusChip } from './StockStatusChip';

afterEach(cleanup);

describe('StockStatusChip', () => {
  it.each([
    [0, 'Out of Stock', 'MuiChip-colorError'],
    [7, 'Low Stock', 'MuiChip-colorWarning'],
    [11, 'In Stock', 'MuiChip-colorSuccess'],
    [undefined, 'Unknown', 'MuiChip-colorDefault'],
  ])('%s available shows %s in its colour', (available, label, colourClass) => {
    render(<StockStatusChip available={available} />);
    const chip = screen.getByText(label).closest('.MuiChip-root');
    expect(chip?.className).toContain(colourClass);
  });
});

describe('StockLevelBar', () => {
  it.each([
    [0, 50, 'negative', '0% available', 'MuiLinearProgress-colorError'],
    [10, 50, 'warning', '20% available', 'MuiLinearProgress-colorWarning'],
    [11, 50, 'positive', '22% available', 'MuiLinearProgress-colorSuccess'],
  ])('%d of %d on hand is %s', (available, onHand, tone, text, colourClass) => {
    render(<StockLevelBar available={available} onHand={onHand} />);
    const bar = screen.getByRole('progressbar', { name: 'Stock level' });
    expect(bar.getAttribute('data-tone')).toBe(tone);
    expect(bar.className).toContain(colourClass);
    expect(screen.getByText(text)).toBeTruthy();
  });
});
