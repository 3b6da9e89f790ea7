import {
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { HospitalEntry } from '@wms/contract/picking';
import { useNavigate } from 'react-router';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifyError } from '../../../lib/notify';
import { useClearHospital, useCountLocation } from '../api';
import { NO_WRAP } from '../table-style';

const REASON: Record<string, string> = {
  empty: 'Found empty',
  damaged: 'Damaged',
  not_found: 'Not found',
  not_empty: 'Not empty after the last units',
};

/**
 * Hospital locations of the warehouse: kept out of allocation until cleared. "Count now" opens the location's count
 * (creating one when none is open); "Clear" sends it back into allocation.
 */
export function HospitalTable({
  warehouseId,
  entries,
  canClear,
}: {
  warehouseId: number;
  entries: readonly HospitalEntry[];
  canClear: boolean;
}) {
  const navigate = useNavigate();
  const clear = useClearHospital(warehouseId);
  const count = useCountLocation();
  if (entries.length === 0) return <Typography color="text.secondary">No location is in hospital.</Typography>;

  const countNow = (entry: HospitalEntry) => {
    if (entry.cycle_count_id) {
      navigate(`/cycle-counts/${entry.cycle_count_id}`);
      return;
    }
    count.mutate(
      { warehouseId, code: entry.location.code },
      {
        onSuccess: (answer) => navigate(`/cycle-counts/${answer.data.id}`),
        onError: (failure) => notifyError(failureMessage(failure, 'The count could not be created') ?? ''),
      },
    );
  };

  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Hospital locations (scrolls)">
      <Table size="small" sx={NO_WRAP} aria-label="Hospital locations">
        <TableHead>
          <TableRow>
            <TableCell>Location</TableCell>
            <TableCell>Why</TableCell>
            <TableCell>Since</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.location.id}>
              <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                {entry.location.code}
              </TableCell>
              <TableCell>{REASON[entry.reason] ?? entry.reason}</TableCell>
              <TableCell>
                {new Date(entry.since).toLocaleString()}
                {entry.by && ` · ${entry.by.name}`}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={count.isPending}
                    onClick={() => countNow(entry)}
                    aria-label={`Count now: ${entry.location.code}`}
                  >
                    Count now
                  </Button>
                  {canClear && (
                    <Button
                      size="small"
                      color="success"
                      variant="outlined"
                      disabled={clear.isPending}
                      onClick={() => clear.mutate(entry.location.id)}
                      aria-label={`Clear: ${entry.location.code}`}
                    >
                      Clear
                    </Button>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
