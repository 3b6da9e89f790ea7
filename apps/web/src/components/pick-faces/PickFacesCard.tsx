import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { PickFace } from '@wms/contract/replenishment';
import { useState } from 'react';
import { failureMessage } from '../../lib/api/failure-message';
import { notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../ConfirmDialog';
import { LoadingState } from '../LoadingState';
import { PickFaceDialog } from './PickFaceDialog';
import { withFace } from './pick-face-edits';
import { inventoryPickFacesQuery, useSavePickFaces } from './pick-faces-api';

interface PickFacesCardProps {
  inventoryId: number;
  warehouseId: number;
  /** `manage replenishment`: add, edit and remove (the server checks it again). */
  canManage: boolean;
}

/**
 * The "Pick faces" section of inventory detail: each pick location of the row with its min / max / increment and
 * the units there (on hand, and free of pick tasks). Free below min is what the replenishment report lists.
 */
export function PickFacesCard({ inventoryId, warehouseId, canManage }: PickFacesCardProps) {
  const faces = useQuery(inventoryPickFacesQuery(inventoryId));
  const save = useSavePickFaces(inventoryId);
  const [editing, setEditing] = useState<{ face: PickFace | null } | null>(null);
  const [removing, setRemoving] = useState<PickFace | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const list = faces.data ?? [];

  const remove = async (face: PickFace) => {
    setProblem(null);
    try {
      const answer = await save.mutateAsync(withFace(list, { replaces: face.id, face: null }).list);
      notifySuccess(answer.message);
    } catch (failure) {
      // 409: the face has an open or in-progress task; the server's words say what to do.
      setProblem(failureMessage(failure, 'The pick face could not be removed.'));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Pick faces
          </Typography>
          {canManage && (
            <Button startIcon={<AddIcon />} onClick={() => setEditing({ face: null })}>
              Add pick face
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Pick locations kept full from storage: below min free units, a replenishment brings stock up to max in whole
          increments.
        </Typography>
        {problem && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }} onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
        {faces.isPending && <LoadingState label="Loading pick faces…" />}
        {faces.isError && <Typography color="error">Failed to load pick faces</Typography>}
        {faces.isSuccess && list.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No pick faces set.
          </Typography>
        )}
        {list.length > 0 && (
          <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Pick faces">
            <Table size="small" aria-label="Pick faces">
              <TableHead>
                <TableRow>
                  <TableCell>Location</TableCell>
                  <TableCell align="right">Min</TableCell>
                  <TableCell align="right">Max</TableCell>
                  <TableCell align="right">Increment</TableCell>
                  <TableCell align="right">Free</TableCell>
                  <TableCell align="right">On hand</TableCell>
                  {canManage && <TableCell align="right">Actions</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((face) => (
                  <TableRow key={face.id} data-testid={`pick-face-${face.location.code}`}>
                    <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{face.location.code}</TableCell>
                    <TableCell align="right">{face.min}</TableCell>
                    <TableCell align="right">{face.max}</TableCell>
                    <TableCell align="right">{face.increment}</TableCell>
                    <TableCell
                      align="right"
                      sx={{ color: face.available < face.min ? 'error.main' : undefined, fontWeight: 600 }}
                    >
                      {face.available}
                    </TableCell>
                    <TableCell align="right">{face.quantity}</TableCell>
                    {canManage && (
                      <TableCell align="right">
                        <Box sx={{ whiteSpace: 'nowrap' }}>
                          <Tooltip title={`Edit pick face ${face.location.code}`}>
                            <IconButton
                              aria-label={`Edit pick face ${face.location.code}`}
                              onClick={() => setEditing({ face })}
                            >
                              <EditOutlinedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={`Remove pick face ${face.location.code}`}>
                            <IconButton
                              aria-label={`Remove pick face ${face.location.code}`}
                              onClick={() => setRemoving(face)}
                            >
                              <DeleteOutlinedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </Box>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      {editing && (
        <PickFaceDialog
          inventoryId={inventoryId}
          warehouseId={warehouseId}
          faces={list}
          face={editing.face}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove pick face"
        text={`Remove the pick face at ${removing?.location.code ?? ''}? Its units stay where they are.`}
        confirmLabel="Remove"
        busy={save.isPending}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
