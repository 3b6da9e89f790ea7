import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { CYCLE_COUNT_STATE_LABELS } from '@wms/contract/cycle-counts';
import type { Location } from '@wms/contract/locations';
import { Link as RouterLink } from 'react-router';
import { LoadingState } from '../../../components/LoadingState';
import { locationCountsQuery } from '../api';

/** The cycle counts that took one location, newest first, with what they found. */
export function LocationCountsDialog({ location, onClose }: { location: Location; onClose: () => void }) {
  const history = useQuery(locationCountsQuery(location.id));
  const rows = history.data?.data ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Count history — {location.code}</DialogTitle>
      <DialogContent dividers>
        {history.isPending && <LoadingState />}
        {history.isError && <Typography color="error">Failed to load the count history</Typography>}
        {history.isSuccess && rows.length === 0 && (
          <Typography color="text.secondary">This location has not been counted yet.</Typography>
        )}
        {rows.length > 0 && (
          <TableContainer
            sx={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={`Counts of ${location.code} (scrolls sideways)`}
          >
            <Table size="small" aria-label={`Counts of ${location.code}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Count</TableCell>
                  <TableCell>State</TableCell>
                  <TableCell>Date</TableCell>
                  <TableCell align="right">Lines counted</TableCell>
                  <TableCell align="right">Variances</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.cycle_count_id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/cycle-counts/${row.cycle_count_id}`}>
                        #{row.cycle_count_id}
                      </Link>
                    </TableCell>
                    <TableCell>{CYCLE_COUNT_STATE_LABELS[row.state]}</TableCell>
                    <TableCell>{new Date(row.approved_at ?? row.created_at).toLocaleDateString()}</TableCell>
                    <TableCell align="right">{row.lines_counted}</TableCell>
                    <TableCell align="right">{row.lines_with_variance ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
