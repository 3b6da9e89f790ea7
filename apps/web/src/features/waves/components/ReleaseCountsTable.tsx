import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ReleaseSummary } from '@wms/contract/waves';
import { cutOffDistance } from '../cut-off';
import { NO_WRAP } from '../table-style';

type Row = ReleaseSummary['shippers'][number];

/** Late is red, at risk (cut-off within the hour) amber, the rest plain. */
function CutOffChip({ row, nowLocal }: { row: Row; nowLocal: string }) {
  if (!row.cutoff_time) return <Typography color="text.secondary">No cut-off</Typography>;
  const distance = cutOffDistance(row.cutoff_time, nowLocal);
  const label = `${row.cutoff_time}${distance ? ` · ${distance}` : ''}`;
  if (row.cutoff_state === 'passed') return <Chip size="small" color="error" label={label} />;
  if (row.cutoff_state === 'at_risk') return <Chip size="small" color="warning" label={label} />;
  return <Chip size="small" variant="outlined" label={label} />;
}

const count = (n: number, tone?: 'error' | 'warning') =>
  n > 0 && tone ? (
    <Typography component="span" sx={{ color: `${tone}.main`, fontWeight: 700 }}>
      {n.toLocaleString()}
    </Typography>
  ) : (
    n.toLocaleString()
  );

/** The release screen's counts per shipper of the warehouse, with each shipper's cut-off today. */
export function ReleaseCountsTable({ summary }: { summary: ReleaseSummary }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Orders by shipper (scrolls)">
      <Table size="small" sx={NO_WRAP} aria-label="Orders by shipper">
        <TableHead>
          <TableRow>
            <TableCell>Shipper</TableCell>
            <TableCell>Cut-off</TableCell>
            <TableCell align="right">To release</TableCell>
            <TableCell align="right">Released</TableCell>
            <TableCell align="right">Picked</TableCell>
            <TableCell align="right">At risk</TableCell>
            <TableCell align="right">Late</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {summary.shippers.map((row) => (
            <TableRow key={row.shipper?.id ?? 'none'} data-cutoff={row.cutoff_state}>
              <TableCell component="th" scope="row">
                {row.shipper?.name ?? 'No shipper'}
              </TableCell>
              <TableCell>
                <CutOffChip row={row} nowLocal={summary.now_local} />
              </TableCell>
              <TableCell align="right">{count(row.to_release)}</TableCell>
              <TableCell align="right">{count(row.released)}</TableCell>
              <TableCell align="right">{count(row.picked)}</TableCell>
              <TableCell align="right">{count(row.at_risk, 'warning')}</TableCell>
              <TableCell align="right">{count(row.late, 'error')}</TableCell>
            </TableRow>
          ))}
          <TableRow sx={{ '& > *': { fontWeight: 700 } }}>
            <TableCell component="th" scope="row">
              All shippers
            </TableCell>
            <TableCell />
            <TableCell align="right">{count(summary.totals.to_release)}</TableCell>
            <TableCell align="right">{count(summary.totals.released)}</TableCell>
            <TableCell align="right">{count(summary.totals.picked)}</TableCell>
            <TableCell align="right">{count(summary.totals.at_risk, 'warning')}</TableCell>
            <TableCell align="right">{count(summary.totals.late, 'error')}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
