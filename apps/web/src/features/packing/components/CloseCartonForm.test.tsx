import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CloseCartonForm } from './CloseCartonForm';

afterEach(cleanup);

/** A keyboard scale "types" its reading and Enter, all at once. */
const weigh = async (reading: string) => {
  const field = screen.getByRole('textbox', { name: 'Weight of carton 2' });
  fireEvent.change(field, { target: { value: reading } });
  await act(async () => {
    fireEvent.keyDown(field, { key: 'Enter' });
  });
};

describe('closing a carton with its weight', () => {
  it('closes on Enter with the reading in grams, as a keyboard scale sends it', async () => {
    const onClose = vi.fn();
    render(<CloseCartonForm cartonNumber={2} busy={false} onClose={onClose} />);
    await weigh('1.25 kg');
    expect(onClose).toHaveBeenCalledWith(1250);
  });

  it('refuses a reading that is not a weight and keeps the carton open', async () => {
    const onClose = vi.fn();
    render(<CloseCartonForm cartonNumber={2} busy={false} onClose={onClose} />);
    await weigh('heavy');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText(/Type the weight in grams/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close carton 2' }));
    expect(onClose).not.toHaveBeenCalled();
  });
});
