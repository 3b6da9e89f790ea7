import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScanField, type ScanOutcome } from './ScanField';

afterEach(cleanup);

const setup = (onScan: (code: string) => Promise<ScanOutcome>) => {
  render(<ScanField label="Scan SKU or barcode" emptyMessage="Please scan something" onScan={onScan} />);
  return screen.getByRole('textbox', { name: 'Scan SKU or barcode' });
};

describe('ScanField', () => {
  it('submits what a keyboard-wedge scanner types before Enter, trimmed; clears and keeps the focus', async () => {
    const onScan = vi.fn(async (code: string) => ({ status: 'success' as const, message: `${code}: 1 of 2 verified` }));
    const field = setup(onScan);
    expect(document.activeElement).toBe(field);
    await userEvent.type(field, '  0012345678905 {Enter}');
    expect(onScan).toHaveBeenCalledWith('0012345678905');
    const feedback = await screen.findByTestId('scan-feedback');
    expect(feedback.textContent).toBe('0012345678905: 1 of 2 verified');
    expect(feedback.dataset.status).toBe('success');
    expect((field as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(field);
  });

  it('says "not found" visibly, inside the live region the field is described by', async () => {
    const field = setup(async () => ({
      status: 'not-found',
      message: 'No item of this order has the SKU or barcode X.',
    }));
    await userEvent.type(field, 'X{Enter}');
    const feedback = await screen.findByTestId('scan-feedback');
    expect(feedback.dataset.status).toBe('not-found');
    const live = screen.getByRole('status');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.contains(feedback)).toBe(true);
    expect(field.getAttribute('aria-describedby')).toBe(live.id);
  });

  it('answers an empty Enter without calling the handler', async () => {
    const onScan = vi.fn();
    const field = setup(onScan);
    await userEvent.type(field, '   {Enter}');
    expect((await screen.findByTestId('scan-feedback')).textContent).toBe('Please scan something');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('ignores a second Enter while the first scan is still answering (no double verification)', async () => {
    let release: (outcome: ScanOutcome) => void = () => {};
    const onScan = vi.fn(() => new Promise<ScanOutcome>((resolve) => (release = resolve)));
    const field = setup(onScan);
    await userEvent.type(field, 'A{Enter}');
    await userEvent.type(field, '{Enter}');
    expect(onScan).toHaveBeenCalledTimes(1);
    release({ status: 'success', message: 'done' });
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toBe('done'));
  });

  it('offers the camera only where the browser has one', () => {
    setup(vi.fn());
    // jsdom has no navigator.mediaDevices.
    expect(screen.queryByRole('button', { name: 'Scan with camera' })).toBeNull();
  });
});
