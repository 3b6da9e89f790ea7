import { TablePagination } from '@mui/material';
import { formatListTotal } from '../lib/listTotal';

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
}

/**
 * The pager of every server-paged list. Above the count cap the last page is unknown, so MUI gets count -1 (next
 * always offered, no jump to the end) and the label reads "1–25 of 10,000+".
 */
export function ListPager({ total, totalIsCapped = false, page, perPage, ...props }: ListPagerProps) {
  const { rowsPerPageOptions, onPageChange, onPerPageChange } = props;
  return (
    <TablePagination
      component="div"
      count={totalIsCapped ? -1 : total}
      page={Math.max(0, page - 1)}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...rowsPerPageOptions]}
      labelDisplayedRows={({ from, to }) => `${from}–${to} of ${formatListTotal(total, totalIsCapped)}`}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      onRowsPerPageChange={onPerPageChange ? (event) => onPerPageChange(Number(event.target.value)) : undefined}
      sx={{ overflowX: 'auto' }}
    />
  );
}
