import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatMoney } from '@wms/contract/money';

export interface TotalRow {
  key: string | number;
  label: string;
  total_cents: number;
  /** An optional middle column (e.g. how many invoices). */
  count?: number;
}

interface TotalsTableProps {
  label: string;
  nameHeading: string;
  countHeading?: string;
  rows: TotalRow[];
  currency: string;
  empty: string;
}

/** Names and their money totals (the billing dashboard's tables), largest first as the server sends them. */
export function TotalsTable({ label, nameHeading, countHeading, rows, currency, empty }: TotalsTableProps) {
  if (rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    // Scrolls sideways on a phone: focusable so a keyboard can scroll it too.
    <TableContainer sx={{ overflowX: 'auto', maxHeight: 420 }} tabIndex={0}>
      <Table size="small" aria-label={label} stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell>{nameHeading}</TableCell>
            {countHeading && <TableCell align="right">{countHeading}</TableCell>}
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.label}</TableCell>
              {countHeading && <TableCell align="right">{row.count ?? 0}</TableCell>}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.total_cents, currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
