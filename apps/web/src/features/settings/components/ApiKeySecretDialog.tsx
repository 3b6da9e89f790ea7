import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { API_KEY_MESSAGES } from '@wms/contract/api-keys';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';

/** The new key's secret, shown once: the server keeps only its hash. */
export function ApiKeySecretDialog({
  secret,
  name,
  onClose,
}: {
  secret: string | null;
  name: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret ?? '');
    setCopied(true);
    notifySuccess('API key copied');
  };
  const done = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={secret !== null} onClose={done} fullWidth maxWidth="sm" aria-labelledby="api-key-secret-title">
      <DialogTitle id="api-key-secret-title">API key {name}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">{API_KEY_MESSAGES.created}</Alert>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          <Typography
            component="code"
            aria-label="API key secret"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', flex: 1, fontSize: 14 }}
          >
            {secret}
          </Typography>
          <Tooltip title={copied ? 'Copied' : 'Copy'}>
            <IconButton onClick={copy} aria-label="Copy API key">
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Typography variant="body2" color="text.secondary">
          Send it as <code>Authorization: Bearer &lt;key&gt;</code>.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={done}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
