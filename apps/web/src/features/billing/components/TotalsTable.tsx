import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { BillingDashboard } from '@wms/contract/billing-dashboard';
import { formatMoney } from '@wms/contract/money';

export interface TotalRow {
  key: string | number;
  label: string;
  total_cents: number;
  /** An optional middle column (e.g. how many invoices). */
  count?: number;
}

type AccountTotal = BillingDashboard['unbilled']['by_account'][number] & { invoices?: number };
type ChargeTypeTotal = BillingDashboard['unbilled']['by_charge_type'][number];

/** The dashboard's totals per account as table rows (the count is the invoices, where the totals have it). */
export const accountTotalRows = (totals: readonly AccountTotal[]): TotalRow[] =>
  totals.map((a) => ({ key: a.account_id, label: a.account_name, total_cents: a.total_cents, count: a.invoices }));

/** The dashboard's totals per charge type as table rows. */
export const chargeTypeTotalRows = (totals: readonly ChargeTypeTotal[]): TotalRow[] =>
  totals.map((t) => ({ key: t.charge_type, label: t.label, total_cents: t.total_cents }));

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
