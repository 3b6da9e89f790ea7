import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';

interface InitialPasswordDialogProps {
  /** The created user and the `initial_password` of POST /api/users; null = closed. */
  created: { name: string; email: string; password: string } | null;
  onClose: () => void;
}

/**
 * The only time the new user's initial password exists in the clear (POST /api/users answers it once): show it
 * with a copy button and say plainly that it will not be shown again. Closing needs a deliberate click.
 */
export function InitialPasswordDialog({ created, onClose }: InitialPasswordDialogProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.password);
      setCopied(true);
      notifySuccess('Password copied to the clipboard');
    } catch {
      notifyError('Could not copy: select the password and copy it by hand');
    }
  };

  return (
    <Dialog open={created !== null} aria-labelledby="initial-password-title" maxWidth="sm" fullWidth>
      <DialogTitle id="initial-password-title">Initial password for {created?.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Give this password to {created?.email}. They sign in with it and must then choose their own.
        </DialogContentText>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            p: 1.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'grey.50',
          }}
        >
          <Typography
            component="code"
            data-testid="initial-password"
            sx={{ flex: 1, fontFamily: 'monospace', fontSize: 18, overflowWrap: 'anywhere', userSelect: 'all' }}
          >
            {created?.password}
          </Typography>
          <Tooltip title={copied ? 'Copied' : 'Copy'}>
            <IconButton onClick={() => void copy()} aria-label="Copy password">
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Alert severity="warning" sx={{ mt: 2 }}>
          This password will not be shown again. Copy it now.
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
