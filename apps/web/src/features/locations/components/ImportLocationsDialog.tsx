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
import { LOCATION_MESSAGES } from '@wms/contract/locations';
import { useState } from 'react';
import { FileDrop } from '../../../components/FileDrop';
import { HttpError } from '../../../lib/api/api-error';
import { downloadFile } from '../../../lib/api/download';
import type { FileRules } from '../../../lib/files/file-checks';
import { notifySuccess } from '../../../lib/notify';
import { useImportLocations } from '../api';

const FILE_RULES: FileRules = {
  extensions: ['.xlsx', '.xls', '.csv', '.numbers'],
  maxBytes: 10 * 1024 * 1024,
  tooLargeMessage: LOCATION_MESSAGES.importTooLarge,
  invalidTypeMessage: LOCATION_MESSAGES.importInvalidType,
};

/** All or nothing: a refused file lists every bad row, nothing is imported until the file is clean. */
export function ImportLocationsDialog({ warehouseId, onClose }: { warehouseId: number; onClose: () => void }) {
  const importLocations = useImportLocations(warehouseId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    setRows([]);
    try {
      const answer = await importLocations.mutateAsync(file);
      notifySuccess(answer.message);
      onClose();
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        setProblem(error.serverMessage ?? 'The file was refused');
        setRows(error.fieldErrors.file ?? []);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Import Locations</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          One location per row: Code and Zone are required. Every row must be valid; otherwise nothing is imported.{' '}
          <Button
            size="small"
            onClick={() => void downloadFile('/locations/template', 'locations_template.xlsx').catch(() => undefined)}
          >
            Download template
          </Button>
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
          label="Locations spreadsheet"
          hint="Excel, CSV or Numbers, up to 10 MB"
          disabled={busy}
        />
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {problem}
          </Alert>
        )}
        {rows.length > 0 && (
          // A scroll region a keyboard can reach (axe scrollable-region-focusable); the list names it.
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
