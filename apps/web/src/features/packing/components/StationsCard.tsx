import AddIcon from '@mui/icons-material/Add';
import { Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { PackingStation } from '@wms/contract/packing';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { stationsQuery } from '../api';
import { useDeactivateStation } from '../setup-api';
import { SetupTable } from './SetupTable';
import { StationDialog } from './StationDialog';

/** The warehouse's packing stations and where each sends its documents. */
export function StationsCard({ warehouseId }: { warehouseId: number }) {
  const stations = useQuery(stationsQuery(warehouseId));
  const deactivate = useDeactivateStation(warehouseId);
  const [editing, setEditing] = useState<{ station: PackingStation | null } | null>(null);
  const [retiring, setRetiring] = useState<PackingStation | null>(null);
  return (
    <Card component="section" aria-label="Packing stations">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Packing stations
          </Typography>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditing({ station: null })}>
            Add station
          </Button>
        </Stack>
        {stations.isPending && <LoadingState label="Loading stations…" />}
        {stations.isError && <ErrorState message="Failed to load stations" onRetry={() => void stations.refetch()} />}
        {stations.data?.length === 0 && (
          <Typography color="text.secondary">No station yet: packers' documents open in the browser.</Typography>
        )}
        {stations.data && stations.data.length > 0 && (
          <SetupTable
            label="Packing stations"
            headers={['Name', 'Documents', 'Printer', 'Status', 'Actions']}
            rows={stations.data}
            rowKey={(station) => station.id}
            cells={(station) => [
              station.name,
              station.output === 'printer' ? 'Label printer' : 'Browser',
              station.output === 'printer' ? `${station.printer_host}:${station.printer_port}` : '—',
              <Chip
                key="status"
                size="small"
                label={station.active ? 'Active' : 'Inactive'}
                color={station.active ? 'success' : 'default'}
              />,
              <Stack key="actions" direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button size="small" onClick={() => setEditing({ station })} aria-label={`Edit ${station.name}`}>
                  Edit
                </Button>
                {station.active && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRetiring(station)}
                    aria-label={`Deactivate ${station.name}`}
                  >
                    Deactivate
                  </Button>
                )}
              </Stack>,
            ]}
          />
        )}
      </CardContent>
      {editing && (
        <StationDialog warehouseId={warehouseId} station={editing.station} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={retiring !== null}
        title="Deactivate station"
        text={`Deactivate "${retiring?.name ?? ''}"? Devices that chose it will ask for a station again.`}
        confirmLabel="Deactivate"
        busy={deactivate.isPending}
        onCancel={() => setRetiring(null)}
        onConfirm={() => retiring && deactivate.mutate(retiring.id, { onSettled: () => setRetiring(null) })}
      />
    </Card>
  );
}
