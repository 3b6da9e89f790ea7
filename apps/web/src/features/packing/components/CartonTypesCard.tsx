import AddIcon from '@mui/icons-material/Add';
import { Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { CartonType } from '@wms/contract/packing';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { cartonTypesQuery } from '../api';
import { formatDimensions, formatGrams } from '../scale-weight';
import { useDeactivateCartonType } from '../setup-api';
import { CartonTypeDialog } from './CartonTypeDialog';
import { SetupTable } from './SetupTable';

/** The warehouse's carton types; "Custom" always exists (its cartons take typed dimensions) and cannot change. */
export function CartonTypesCard({ warehouseId }: { warehouseId: number }) {
  const types = useQuery(cartonTypesQuery(warehouseId));
  const deactivate = useDeactivateCartonType(warehouseId);
  const [editing, setEditing] = useState<{ type: CartonType | null } | null>(null);
  const [retiring, setRetiring] = useState<CartonType | null>(null);
  return (
    <Card component="section" aria-label="Carton types">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Carton types
          </Typography>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditing({ type: null })}>
            Add carton type
          </Button>
        </Stack>
        {types.isPending && <LoadingState label="Loading carton types…" />}
        {types.isError && <ErrorState message="Failed to load carton types" onRetry={() => void types.refetch()} />}
        {types.data && (
          <SetupTable
            label="Carton types"
            headers={['Name', 'Inner dimensions', 'Tare', 'Status', 'Actions']}
            rows={types.data}
            rowKey={(type) => type.id}
            cells={(type) => [
              type.name,
              type.is_custom ? 'Typed per carton' : formatDimensions(type),
              formatGrams(type.tare_weight_g),
              <Chip
                key="status"
                size="small"
                label={type.active ? 'Active' : 'Inactive'}
                color={type.active ? 'success' : 'default'}
              />,
              type.is_custom ? (
                <Typography key="actions" variant="caption" color="text.secondary">
                  Always available
                </Typography>
              ) : (
                <Stack key="actions" direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button size="small" onClick={() => setEditing({ type })} aria-label={`Edit ${type.name}`}>
                    Edit
                  </Button>
                  {type.active && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setRetiring(type)}
                      aria-label={`Deactivate ${type.name}`}
                    >
                      Deactivate
                    </Button>
                  )}
                </Stack>
              ),
            ]}
          />
        )}
      </CardContent>
      {editing && <CartonTypeDialog warehouseId={warehouseId} type={editing.type} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={retiring !== null}
        title="Deactivate carton type"
        text={`Deactivate "${retiring?.name ?? ''}"? Packers will no longer be offered it.`}
        confirmLabel="Deactivate"
        busy={deactivate.isPending}
        onCancel={() => setRetiring(null)}
        onConfirm={() => retiring && deactivate.mutate(retiring.id, { onSettled: () => setRetiring(null) })}
      />
    </Card>
  );
}
