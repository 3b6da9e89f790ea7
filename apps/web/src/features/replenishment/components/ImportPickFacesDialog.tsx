import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { PICK_FACE_SHEET_COLUMNS, REPLENISHMENT_MESSAGES } from '@wms/contract/replenishment';
import { useState } from 'react';
import { FileDrop } from '../../../components/FileDrop';
import { HttpError } from '../../../lib/api/api-error';
import type { FileRules } from '../../../lib/files/file-checks';
import { notifySuccess } from '../../../lib/notify';
import { useImportPickFaces } from '../api';

const FILE_RULES: FileRules = {
  extensions: ['.xlsx', '.xls', '.csv', '.numbers'],
  maxBytes: 10 * 1024 * 1024,
  tooLargeMessage: REPLENISHMENT_MESSAGES.importTooLarge,
  invalidTypeMessage: REPLENISHMENT_MESSAGES.importInvalidType,
};

/** As the locations import: all or nothing, a refused file lists every bad row. */
export function ImportPickFacesDialog({ warehouseId, onClose }: { warehouseId: number; onClose: () => void }) {
  const importFaces = useImportPickFaces(warehouseId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<string[]>([]);
  const busy = importFaces.isPending;

  const submit = async () => {
    if (!file) return;
    setProblem(null);
    setRows([]);
    try {
      const answer = await importFaces.mutateAsync(file);
      notifySuccess(answer.message);
      onClose();
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        setProblem(error.serverMessage ?? 'The file was refused');
        setRows(error.fieldErrors.file ?? []);
      }
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Import pick faces</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          One pick face per row, columns {PICK_FACE_SHEET_COLUMNS.join(', ')} (Account only where a SKU is held for
          several accounts). Faces named are added or updated, others stay. Every row must be valid; otherwise nothing
          is imported. The export has the same columns.
        </Typography>
        <FileDrop
          rules={FILE_RULES}
          file={file}
          onFileChange={(chosen) => {
            setFile(chosen);
            setProblem(null);
            setRows([]);
          }}
          onReject={setProblem}
          label="Pick faces spreadsheet"
          hint="Excel, CSV or Numbers, up to 10 MB"
          disabled={busy}
        />
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {problem}
          </Alert>
        )}
        {rows.length > 0 && (
          <List dense aria-label="Rows to fix" tabIndex={0} sx={{ maxHeight: 240, overflow: 'auto' }}>
            {rows.map((row) => (
              <ListItem key={row} disableGutters>
                <ListItemText primary={row} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!file || busy}>
          {busy ? 'Importing…' : 'Import'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
