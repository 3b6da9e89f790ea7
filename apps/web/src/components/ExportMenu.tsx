import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button, CircularProgress, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import type { QueryParams } from '../lib/api/context-defaults';
import { downloadFile } from '../lib/api/download';
import { timestampedName } from '../lib/files/file-names';

export type ExportFormat = 'csv' | 'xlsx';

const FORMATS: readonly { format: ExportFormat; label: string; hint: string }[] = [
  { format: 'csv', label: 'CSV', hint: 'Comma-separated text' },
  { format: 'xlsx', label: 'Excel (XLSX)', hint: 'Excel workbook' },
];

export interface ExportMenuProps {
  /** The export endpoint, e.g. '/products/export'; it receives `format` plus `query`. */
  path: string;
  /** The list's current filter (search, account, warehouse, status…), so the file matches what is shown. */
  query?: QueryParams;
  /** Skip the selected warehouse/account defaults (the query already says exactly what to export). */
  bypassDefault?: boolean;
  /** Start of the saved file's name: products → products_20260122_143005.csv */
  fileBase: string;
  disabled?: boolean;
}

/** An Export button with a CSV / XLSX choice. Failures are shown by the api client's error catalogue. */
export function ExportMenu({ path, query, bypassDefault = false, fileBase, disabled = false }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const exportAs = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadFile(path, timestampedName(fileBase, format), {
        query: { ...query, format },
        bypass_default: bypassDefault,
      });
    } catch {
      // Already notified by the api client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} /> : <FileDownloadOutlinedIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={disabled || busy}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
      >
        Export
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, label, hint }) => (
          <MenuItem key={format} onClick={() => exportAs(format)}>
            <ListItemText primary={label} secondary={hint} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
