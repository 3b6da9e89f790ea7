import { Alert, Button, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { cutoffTimeField } from '@wms/contract/waves';
import { useState } from 'react';
import { LoadingState } from '../../../components/LoadingState';
import { HttpError } from '../../../lib/api/api-error';
import { failureMessage } from '../../../lib/api/failure-message';
import { selectableWarehousesQuery } from '../../../lib/context/context-queries';
import { notifySuccess } from '../../../lib/notify';
import { type ShipperCutoff, shipperCutoffsQuery, useSaveShipperCutoffs } from '../api';

/** Typed times per warehouse id ('' = no cut-off there). */
type Times = Record<number, string>;

const timesOf = (cutoffs: readonly ShipperCutoff[]): Times =>
  Object.fromEntries(cutoffs.map((cutoff) => [cutoff.warehouse_id, cutoff.cutoff_time.slice(0, 5)]));

/**
 * The shipper's daily cut-off in each warehouse, in that warehouse's local time: orders due today that are not
 * picked by then show late on the release screen, and amber within the hour before.
 */
export function ShipperCutoffsCard({ shipperId }: { shipperId: number }) {
  const warehouses = useQuery(selectableWarehousesQuery());
  const cutoffs = useQuery(shipperCutoffsQuery(shipperId));
  if (warehouses.isPending || cutoffs.isPending) return <LoadingState label="Loading cut-off times…" />;
  if (warehouses.isError || cutoffs.isError) return <Alert severity="error">Failed to load the cut-off times</Alert>;
  return (
    <CutoffsForm
      key={JSON.stringify(cutoffs.data)}
      shipperId={shipperId}
      warehouses={warehouses.data.filter((w) => w.is_active)}
      initial={timesOf(cutoffs.data)}
    />
  );
}

function CutoffsForm({
  shipperId,
  warehouses,
  initial,
}: {
  shipperId: number;
  warehouses: { id: number; name: string; timezone: string }[];
  initial: Times;
}) {
  const save = useSaveShipperCutoffs(shipperId);
  const [times, setTimes] = useState<Times>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const invalid = warehouses.filter((w) => times[w.id] && !cutoffTimeField.safeParse(times[w.id]).success);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (invalid.length > 0) return;
    setProblem(null);
    const list = warehouses.filter((w) => times[w.id]).map((w) => ({ warehouse_id: w.id, cutoff_time: times[w.id]! }));
    save.mutate(list, {
      onSuccess: () => notifySuccess('Cut-off times saved'),
      onError: (failure) =>
        setProblem(
          failure instanceof HttpError && failure.status === 403
            ? 'You may not change cut-off times.'
            : failureMessage(failure, 'The cut-off times could not be saved'),
        ),
    });
  };

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Cut-off times">
          <Typography variant="h6" component="h2">
            Cut-off times
          </Typography>
          <Typography color="text.secondary">
            The latest time, in each warehouse's local time, by which today's orders must be picked for this shipper.
            Leave empty for no cut-off.
          </Typography>
          <Grid container spacing={2}>
            {warehouses.map((warehouse) => (
              <Grid key={warehouse.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <TextField
                  type="time"
                  label={`Cut-off in ${warehouse.name}`}
                  value={times[warehouse.id] ?? ''}
                  onChange={(event) => setTimes({ ...times, [warehouse.id]: event.target.value })}
                  error={invalid.includes(warehouse)}
                  helperText={invalid.includes(warehouse) ? 'A time of day (HH:MM)' : warehouse.timezone}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Grid>
            ))}
          </Grid>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
            {save.isPending ? 'Saving…' : 'Save cut-off times'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
