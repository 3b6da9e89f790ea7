import { Button, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { InvoiceSummary } from '@wms/contract/invoices';
import { formatMoney } from '@wms/contract/money';
import { EmptyState } from '../../../components/EmptyState';
import { downloadInvoicePdf, downloadInvoiceSheet } from '../api';

/** Invoices with their number, account, period, status and total; Open (staff), PDF, CSV and XLSX per row. */
export function InvoiceList({ invoices, onOpen }: { invoices: InvoiceSummary[]; onOpen?: (id: number) => void }) {
  if (invoices.length === 0) return <EmptyState title="No invoices yet" />;
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0}>
      <Table size="small" aria-label="Invoices">
        <TableHead>
          <TableRow>
            <TableCell>Number</TableCell>
            <TableCell>Account</TableCell>
            <TableCell>Period</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id}>
              <TableCell>{invoice.number ?? 'Draft'}</TableCell>
              <TableCell>{invoice.account_name}</TableCell>
              <TableCell>
                {invoice.period_from} – {invoice.period_to}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={invoice.status}
                  color={invoice.status === 'finalized' ? 'success' : 'default'}
                />
              </TableCell>
              <TableCell align="right">{formatMoney(invoice.total_cents, invoice.currency)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {onOpen && (
                  <Button size="small" onClick={() => onOpen(invoice.id)}>
                    Open
                  </Button>
                )}
                <Button
                  size="small"
                  onClick={() => downloadInvoicePdf(invoice)}
                  aria-label={`PDF of ${invoice.number ?? 'draft'}`}
                >
                  PDF
                </Button>
                {(['csv', 'xlsx'] as const).map((format) => (
                  <Button
                    key={format}
                    size="small"
                    onClick={() => downloadInvoiceSheet(invoice, format)}
                    aria-label={`${format.toUpperCase()} of ${invoice.number ?? 'draft'}`}
                  >
                    {format.toUpperCase()}
                  </Button>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
