import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import type { ProductImportResult } from '@wms/contract/products';
import { splitRowMessages } from '../import-dialog-state';

const Stat = ({ label, value, color }: { label: string; value: number; color: string }) => (
  <Paper variant="outlined" sx={{ p: 1.5, textAlign: 'center' }}>
    <Typography variant="h5" component="p" sx={{ fontWeight: 700, color }}>
      {value}
    </Typography>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
  </Paper>
);

/** Spec §5: the summary (success_count, failure_count, total_processed) and each row's message. */
export function ImportResultView({ result }: { result: ProductImportResult }) {
  const { warnings, errors } = splitRowMessages(result);
  const rows = [
    ...errors.map((issue) => ({ ...issue, warning: false })),
    ...warnings.map((issue) => ({ ...issue, warning: true })),
  ];
  rows.sort((a, b) => a.row - b.row);

  return (
    <Box>
      <Alert severity={result.failure_count > 0 ? 'warning' : 'success'} sx={{ mb: 2 }}>
        {result.message}
      </Alert>
      <Box
        aria-label="Import summary"
        role="group"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))', gap: 1.5, mb: 2 }}
      >
        <Stat label="Imported" value={result.success_count} color="success.main" />
        <Stat
          label="Failed"
          value={result.failure_count}
          color={result.failure_count > 0 ? 'error.main' : 'text.primary'}
        />
        <Stat label="Warnings" value={warnings.length} color={warnings.length > 0 ? 'warning.main' : 'text.primary'} />
        <Stat label="Total processed" value={result.total_processed} color="text.primary" />
      </Box>
      {rows.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            Row details
          </Typography>
          {/* A scroll region a keyboard can reach and a screen reader can name (axe scrollable-region-focusable). */}
          <Paper
            variant="outlined"
            sx={{ maxHeight: 240, overflow: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label="Row details (scrolls)"
          >
            <List dense disablePadding aria-label="Import row messages">
              {rows.map((issue) => (
                <ListItem key={`${issue.row}-${issue.message}`} divider>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    {issue.warning ? (
                      <WarningAmberIcon fontSize="small" color="warning" />
                    ) : (
                      <ErrorOutlineIcon fontSize="small" color="error" />
                    )}
                  </ListItemIcon>
                  <ListItemText primary={`Row ${issue.row}: ${issue.message}`} />
                </ListItem>
              ))}
            </List>
          </Paper>
        </>
      )}
    </Box>
  );
}
