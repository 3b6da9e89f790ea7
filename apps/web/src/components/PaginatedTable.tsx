import {
  Box,
  Checkbox,
  LinearProgress,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  useMediaQuery,
} from '@mui/material';
import type { ReactNode } from 'react';
import { type CardLayout, CardList } from './CardList';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { ListPager } from './ListPager';

export type RowId = string | number;

export interface TableColumn<Row> {
  /** Stable key of the column. */
  id: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
}

export interface RowSelection {
  selected: readonly RowId[];
  onChange: (selected: RowId[]) => void;
}

export interface PaginatedTableProps<Row> {
  /** Accessible name of the table, e.g. 'Users'. */
  label: string;
  columns: readonly TableColumn<Row>[];
  /** The current page's rows (undefined before the first answer). */
  rows: readonly Row[] | undefined;
  getRowId: (row: Row) => RowId;
  /** Total number of rows on the server (meta.total). */
  total: number;
  /** meta.total_is_capped: the server stopped counting at `total`; the pager shows "10,000+". */
  totalIsCapped?: boolean;
  /** Cursor paging: false on the last page reached by cursor (lib/cursorPaging.ts, hasNextByCursor). */
  hasNext?: boolean;
  /** 1-based, as the API counts. */
  page: number;
  perPage: number;
  /** Default [10, 25, 50] (spec 1 §9). */
  rowsPerPageOptions?: readonly number[];
  onPageChange: (page: number) => void;
  /** Changing the page size goes back to page 1 (the caller decides; usually it resets the page). */
  onPerPageChange: (perPage: number) => void;
  /** A request is running. Without rows yet: skeleton rows; with rows (refetch): a thin progress bar. */
  loading?: boolean;
  /** When set, the table shows this message with a Retry button instead of rows. */
  error?: string | null;
  onRetry?: () => void;
  emptyTitle: string;
  emptyHint?: string;
  emptyIcon?: ReactNode;
  emptyAction?: ReactNode;
  /** Optional checkboxes; the header box selects or clears the whole current page. */
  selection?: RowSelection;
  /**
   * Below 600 px the rows become these cards (CardList: at most three lines each); without it the table stays and
   * scrolls sideways.
   */
  card?: CardLayout<Row>;
}

const SKELETON_ROWS = 5;
/** Below 600 px wide the main lists show cards (DESIGN §7). */
export const PHONE_QUERY = '(max-width: 599.95px)';

/**
 * A server-paged table (DESIGN §7): the parent owns page, per_page and the query; this renders the rows, the
 * pager and the loading, empty and error states, so every list behaves alike.
 */
export function PaginatedTable<Row>(props: PaginatedTableProps<Row>) {
  const { label, columns, rows, getRowId, total, page, perPage, loading = false, error, onRetry, selection } = props;
  const { rowsPerPageOptions = [10, 25, 50], onPageChange, onPerPageChange, card } = props;
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const columnCount = columns.length + (selection ? 1 : 0);
  const pageIds = (rows ?? []).map(getRowId);
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selected.includes(id)) : [];

  const togglePage = () => {
    if (!selection) return;
    const others = selection.selected.filter((id) => !pageIds.includes(id));
    selection.onChange(selectedOnPage.length === pageIds.length ? others : [...others, ...pageIds]);
  };
  const toggleRow = (id: RowId) => {
    if (!selection) return;
    const isSelected = selection.selected.includes(id);
    selection.onChange(isSelected ? selection.selected.filter((other) => other !== id) : [...selection.selected, id]);
  };

  // Loading, empty and error states, shared by the table (in one full-width cell) and the phone cards (alone: a
  // table around them would keep its columns' width and cut the message at 390 px).
  let state: ReactNode = null;
  if (error) state = <ErrorState message={error} onRetry={onRetry} />;
  else if (rows !== undefined && rows.length === 0 && !loading) {
    state = (
      <EmptyState icon={props.emptyIcon} title={props.emptyTitle} hint={props.emptyHint} action={props.emptyAction} />
    );
  }
  const waiting = !error && (rows === undefined || (loading && rows.length === 0));

  let body: ReactNode;
  if (state) {
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} sx={{ border: 0, py: error ? 3 : undefined }}>
          {state}
        </TableCell>
      </TableRow>
    );
  } else if (waiting) {
    body = Array.from({ length: Math.min(perPage, SKELETON_ROWS) }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
      <TableRow key={index} data-testid="skeleton-row">
        {Array.from({ length: columnCount }, (_, cell) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity.
          <TableCell key={cell}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else {
    body = (rows ?? []).map((row) => {
      const id = getRowId(row);
      const isSelected = selection?.selected.includes(id) ?? false;
      return (
        <TableRow key={id} hover selected={isSelected}>
          {selection && (
            <TableCell padding="checkbox">
              <Checkbox
                checked={isSelected}
                onChange={() => toggleRow(id)}
                slotProps={{ input: { 'aria-label': `Select row ${id}` } }}
              />
            </TableCell>
          )}
          {columns.map((column) => (
            <TableCell key={column.id} align={column.align}>
              {column.render(row)}
            </TableCell>
          ))}
        </TableRow>
      );
    });
  }

  const showPager = !error && total > 0;
  const pager = showPager && (
    <ListPager
      total={total}
      totalIsCapped={props.totalIsCapped}
      hasNext={props.hasNext}
      rowsOnPage={rows?.length}
      page={page}
      perPage={perPage}
      rowsPerPageOptions={rowsPerPageOptions}
      onPageChange={onPageChange}
      onPerPageChange={onPerPageChange}
    />
  );

  if (phone && card) {
    return (
      <Box sx={{ position: 'relative' }} aria-busy={loading}>
        {loading && rows !== undefined && rows.length > 0 && (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} aria-label="Loading" />
        )}
        {state && <Box sx={{ p: error ? 2 : 0 }}>{state}</Box>}
        {waiting && (
          <Box sx={{ p: 1.5, display: 'grid', gap: 1 }}>
            {Array.from({ length: Math.min(perPage, SKELETON_ROWS) }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity.
              <Skeleton key={index} variant="rounded" height={72} data-testid="skeleton-row" />
            ))}
          </Box>
        )}
        {!state && !waiting && rows && (
          <CardList
            label={label}
            layout={card}
            rows={rows}
            getRowId={getRowId}
            isSelected={selection ? (id) => selection.selected.includes(id) : undefined}
            onToggle={selection ? toggleRow : undefined}
          />
        )}
        {pager}
      </Box>
    );
  }

  return (
    <Box sx={{ position: 'relative' }}>
      {loading && rows !== undefined && rows.length > 0 && (
        <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} aria-label="Loading" />
      )}
      {/* Every table scrolls inside its card at phone width instead of widening the page (DESIGN §7). */}
      {/* Focusable and named, so keyboard users can scroll it too (axe scrollable-region-focusable). */}
      <TableContainer
        sx={{ overflowX: 'auto', maxWidth: '100%' }}
        tabIndex={0}
        role="region"
        aria-label={`${label} table`}
      >
        <Table aria-label={label} aria-busy={loading} size="medium">
          <TableHead>
            <TableRow>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={pageIds.length > 0 && selectedOnPage.length === pageIds.length}
                    indeterminate={selectedOnPage.length > 0 && selectedOnPage.length < pageIds.length}
                    disabled={pageIds.length === 0}
                    onChange={togglePage}
                    slotProps={{ input: { 'aria-label': 'Select all rows on this page' } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ width: column.width, fontWeight: 600, whiteSpace: 'nowrap', color: 'text.secondary' }}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      {pager}
    </Box>
  );
}
