import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaginatedTable, type PaginatedTableProps, type TableColumn } from './PaginatedTable';

interface Row {
  id: number;
  name: string;
}

const columns: TableColumn<Row>[] = [{ id: 'name', header: 'Name', render: (row) => row.name }];
const rows: Row[] = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Grace' },
];

function renderTable(overrides: Partial<PaginatedTableProps<Row>> = {}) {
  const props: PaginatedTableProps<Row> = {
    label: 'People',
    columns,
    rows,
    getRowId: (row) => row.id,
    total: 30,
    page: 1,
    perPage: 10,
    onPageChange: vi.fn(),
    onPerPageChange: vi.fn(),
    emptyTitle: 'No people found',
    emptyHint: 'Try adjusting your search criteria',
    ...overrides,
  };
  render(<PaginatedTable {...props} />);
  return props;
}

afterEach(cleanup);

describe('PaginatedTable', () => {
  it('renders the rows and the pager', () => {
    renderTable();
    expect(screen.getByRole('cell', { name: 'Ada' })).toBeTruthy();
    expect(screen.getByText('1–10 of 30')).toBeTruthy();
  });

  it('shows skeleton rows before the first answer', () => {
    renderTable({ rows: undefined, loading: true });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.queryByText('No people found')).toBeNull();
  });

  it('shows the empty state with its hint and no pager', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByText('No people found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search criteria')).toBeTruthy();
    expect(screen.queryByText(/of 0/)).toBeNull();
  });

  it('shows the error with a working Retry instead of rows', async () => {
    const onRetry = vi.fn();
    renderTable({ error: 'Failed to load people', onRetry });
    expect(screen.getByText('Failed to load people')).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'Ada' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('reports pages 1-based', async () => {
    const props = renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(props.onPageChange).toHaveBeenCalledWith(2);
  });

  it('offers 10, 25 and 50 rows per page by default', async () => {
    const props = renderTable();
    await userEvent.click(screen.getByRole('combobox'));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10', '25', '50']);
    await userEvent.click(options[1] as HTMLElement);
    expect(props.onPerPageChange).toHaveBeenCalledWith(25);
  });

  it('selects single rows and the whole page', async () => {
    const onChange = vi.fn();
    renderTable({ selection: { selected: [1], onChange } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2]);
  });

  it('shows a capped total as "N+" and still offers the next page', async () => {
    const props = renderTable({ total: 10_000, totalIsCapped: true, page: 400, perPage: 25 });
    expect(screen.getByText('9976–10000 of 10,000+')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(props.onPageChange).toHaveBeenCalledWith(401);
  });

  it('on the last page reached by cursor (hasNext false) offers no next page, only the previous one', () => {
    renderTable({ total: 10_000, totalIsCapped: true, page: 402, perPage: 25, hasNext: false });
    // Two rows on the last page: the label ends at them, not at the page's size.
    expect(screen.getByText('10026–10027 of 10,000+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to next page' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Go to previous page' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows a small capped total as "3+"', () => {
    renderTable({ total: 3, totalIsCapped: true, perPage: 2, rows });
    expect(screen.getByText('1–2 of 3+')).toBeTruthy();
    expect(screen.queryByText(/of more than/)).toBeNull();
  });

  it('keeps an exact total exact', () => {
    renderTable({ total: 12_345, perPage: 25 });
    expect(screen.getByText('1–25 of 12,345')).toBeTruthy();
  });

  describe('on a phone (below 600 px)', () => {
    // useMediaQuery reads window.matchMedia: every query matches, as the phone query would.
    beforeEach(() => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: true,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      }));
    });
    afterEach(() => vi.unstubAllGlobals());

    const card = {
      title: (row: Row) => row.name,
      status: (row: Row) => `status of ${row.name}`,
      subtitle: (row: Row) => `about ${row.name}`,
      meta: (row: Row) => `#${row.id}`,
    };

    it('shows each row as a card of its title, status, subtitle and meta lines, not every column', () => {
      renderTable({ card, columns: [...columns, { id: 'hidden', header: 'Hidden', render: () => 'column only' }] });
      const cards = screen.getAllByTestId('list-card');
      expect(cards).toHaveLength(2);
      expect(cards[0]?.textContent).toBe('Adastatus of Adaabout Ada#1');
      expect(screen.queryByText('column only')).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
    });

    it('shows the empty state on its own, outside any table', () => {
      renderTable({ card, rows: [], total: 0 });
      expect(screen.getByText('No people found')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    });
  });
});
