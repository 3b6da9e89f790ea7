import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDrop } from './FileDrop';

afterEach(cleanup);

const RULES = {
  extensions: ['.csv', '.xlsx'],
  maxBytes: 100,
  tooLargeMessage: 'Too large',
  invalidTypeMessage: 'Wrong type',
};

function Harness({ onReject }: { onReject: (message: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return <FileDrop rules={RULES} file={file} onFileChange={setFile} onReject={onReject} label="Import file" />;
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Import file', { selector: 'input' }), { target: { files: [file] } });

describe('FileDrop', () => {
  it('limits the picker to the accepted extensions', () => {
    render(<Harness onReject={vi.fn()} />);
    expect(screen.getByLabelText('Import file', { selector: 'input' }).getAttribute('accept')).toBe('.csv,.xlsx');
  });

  it('shows a file that passes the checks, and removes it again', () => {
    const onReject = vi.fn();
    render(<Harness onReject={onReject} />);
    choose(new File(['a,b'], 'stock.csv'));
    expect(screen.getByTestId('chosen-file').textContent).toBe('stock.csv');
    expect(onReject).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(screen.queryByTestId('chosen-file')).toBeNull();
  });

  it('rejects the wrong type and an oversized file with their messages', () => {
    const onReject = vi.fn();
    render(<Harness onReject={onReject} />);
    choose(new File(['x'], 'stock.pdf'));
    choose(new File(['x'.repeat(101)], 'stock.csv'));
    expect(onReject.mock.calls).toEqual([['Wrong type'], ['Too large']]);
    expect(screen.queryByTestId('chosen-file')).toBeNull();
  });

  it('accepts a dropped file', () => {
    render(<Harness onReject={vi.fn()} />);
    const zone = screen.getByRole('button', { name: /^Import file/ });
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['a'], 'drop.xlsx')] } });
    expect(screen.getByTestId('chosen-file').textContent).toBe('drop.xlsx');
  });

  it('names the zone with its label and the text it shows (axe label-content-name-mismatch)', () => {
    render(<Harness onReject={vi.fn()} />);
    const zone = screen.getByRole('button', { name: /^Import file/ });
    const shown = (zone.textContent ?? '').replace(/\s+/g, ' ').trim();
    expect(zone.getAttribute('aria-label')).toContain(shown);
  });
});
