import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { LocationStockRow } from '@wms/contract/location-stock';
import { useState } from 'react';
import { LoadingState } from '../LoadingState';
import { PickFaceDialog } from './PickFaceDialog';
import { inventoryPickFacesQuery, locationRowsQuery } from './pick-faces-api';

interface LocationPickFacesDialogProps {
  location: { id: number; code: string };
  warehouseId: number;
  canManage: boolean;
  onClose: () => void;
}

/** One row of the location's stock with its face here (if any) and Set / Edit. */
function RowFace({
  row,
  location,
  warehouseId,
  canManage,
}: { row: LocationStockRow } & Omit<LocationPickFacesDialogProps, 'onClose'>) {
  const faces = useQuery(inventoryPickFacesQuery(row.inventory_id));
  const [editing, setEditing] = useState(false);
  const face = faces.data?.find((one) => one.location.id === location.id) ?? null;
  return (
    <TableRow data-testid={`location-face-${row.product.sku}`}>
      <TableCell sx={{ fontFamily: 'monospace' }}>{row.product.sku}</TableCell>
      <TableCell>{row.account.name}</TableCell>
      <TableCell align="right">{row.quantity}</TableCell>
      <TableCell>{face ? `min ${face.min} · max ${face.max} · by ${face.increment}` : '—'}</TableCell>
      {canManage && (
        <TableCell align="right">
          <Button
            size="small"
            disabled={!faces.data}
            onClick={() => setEditing(true)}
            aria-label={`${face ? 'Edit' : 'Set'} pick face of ${row.product.sku}`}
          >
            {face ? 'Edit' : 'Set'}
          </Button>
          {editing && faces.data && (
            <PickFaceDialog
              inventoryId={row.inventory_id}
              warehouseId={warehouseId}
              faces={faces.data}
              face={face}
              fixedLocation={location}
              title={`Pick face ${location.code} · ${row.product.sku}`}
              onClose={() => setEditing(false)}
            />
          )}
        </TableCell>
      )}
    </TableRow>
  );
}

/** A pick location's stock, each inventory row with the pick face it has here: set or edit it in place. */
export function LocationPickFacesDialog({ location, warehouseId, canManage, onClose }: LocationPickFacesDialogProps) {
  const rows = useQuery(locationRowsQuery(location.id));
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Stock and pick faces — {location.code}</DialogTitle>
      <DialogContent dividers>
        {rows.isPending && <LoadingState />}
        {rows.isError && <Typography color="error">Failed to load the location's stock</Typography>}
        {rows.data?.length === 0 && (
          <Typography color="text.secondary">
            Nothing lies here yet: set a pick face from the inventory row's page.
          </Typography>
        )}
        {rows.data && rows.data.length > 0 && (
          <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Stock and pick faces">
            <Table size="small" aria-label="Stock and pick faces">
              <TableHead>
                <TableRow>
                  <TableCell>SKU</TableCell>
                  <TableCell>Account</TableCell>
                  <TableCell align="right">Units</TableCell>
                  <TableCell>Pick face</TableCell>
                  {canManage && <TableCell align="right">Actions</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.data.map((row) => (
                  <RowFace
                    key={row.inventory_id}
                    row={row}
                    location={location}
                    warehouseId={warehouseId}
                    canManage={canManage}
                  />
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
