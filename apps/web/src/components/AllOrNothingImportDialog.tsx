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
import { type ReactNode, useState } from 'react';
import { HttpError } from '../lib/api/api-error';
import type { FileRules } from '../lib/files/file-checks';
import { notifySuccess } from '../lib/notify';
import { FileDrop } from './FileDrop';

/** A spreadsheet of up to 10 MB, as every all-or-nothing import takes it. */
export const SPREADSHEET_EXTENSIONS = ['.xlsx', '.xls', '.csv', '.numbers'];
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;

interface AllOrNothingImportDialogProps {
  title: string;
  /** What a row holds and what happens to the rows (shown above the file). */
  intro: ReactNode;
  fileRules: FileRules;
  /** The file field's name, e.g. "Locations spreadsheet". */
  fileLabel: string;
  /** Sends the file: resolves with the server's summary, rejects with its 422 (the rows to fix). */
  importFile: (file: File) => Promise<{ message: string }>;
  onClose: () => void;
}

/**
 * An import that writes every row or none: a refused file shows the server's message and every bad row, and the
 * dialog stays open on the same file until it is clean. The success message comes from the server's answer.
 */
export function AllOrNothingImportDialog({
  title,
  intro,
  fileRules,
  fileLabel,
  importFile,
  onClose,
}: AllOrNothingImportDialogProps) {
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
      const answer = await importFile(file);
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
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
        <FileDrop
          rules={fileRules}
          file={file}
          onFileChange={(chosen) => {
            setFile(chosen);
            setProblem(null);
            setRows([]);
          }}
          onReject={setProblem}
          label={fileLabel}
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
