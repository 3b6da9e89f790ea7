import { TablePagination } from '@mui/material';
import { formatListTotal } from '../lib/list-total';

export interface ListPagerProps {
  /** meta.total: exact, or with `totalIsCapped` the number of rows counted before the server stopped. */
  total: number;
  /** meta.total_is_capped: more than `total` rows match; the pager shows "10,000+" and offers next/previous. */
  totalIsCapped?: boolean;
  /** 1-based, as the API counts. */
  page: number;
  perPage: number;
  rowsPerPageOptions: readonly number[];
  onPageChange: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  /** Cursor paging: false on the last page reached by cursor, where the count cannot say so. */
  hasNext?: boolean;
  /** Rows shown on this page: the last page reached by cursor ends there ("51–55", not "51–75"). */
  rowsOnPage?: number;
}

/**
 * The pager of every server-paged list. Above the count cap the last page is unknown, so MUI gets count -1 (next
 * always offered, no jump to the end) and the label reads "1–25 of 10,000+".
 */
export function ListPager({
  total,
  totalIsCapped = false,
  page,
  perPage,
  hasNext,
  rowsOnPage,
  ...props
}: ListPagerProps) {
  const { rowsPerPageOptions, onPageChange, onPerPageChange } = props;
  // No next page: a count ending on this page makes MUI disable "next".
  const count = hasNext === false ? Math.max(1, page) * perPage : totalIsCapped || hasNext ? -1 : total;
  return (
    <TablePagination
      component="div"
      count={count}
      page={Math.max(0, page - 1)}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...rowsPerPageOptions]}
      labelDisplayedRows={({ from, to }) =>
        `${from}–${hasNext === false && rowsOnPage !== undefined ? from + rowsOnPage - 1 : to} of ${formatListTotal(total, totalIsCapped)}`
      }
      onPageChange={(_event, next) => onPageChange(next + 1)}
      onRowsPerPageChange={onPerPageChange ? (event) => onPerPageChange(Number(event.target.value)) : undefined}
      sx={{ overflowX: 'auto' }}
    />
  );
}
