import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { PRODUCT_MESSAGES } from '@wms/contract/products';
import { useState } from 'react';

interface PhotoPreviewDialogProps {
  url: string | null;
  onClose: () => void;
}

/** Spec §2: the photo at most 400 px tall; an image that does not load says so. */
export function PhotoPreviewDialog({ url, onClose }: PhotoPreviewDialogProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = url !== null && failedUrl === url;

  return (
    <Dialog open={url !== null} onClose={onClose} maxWidth="md" aria-labelledby="photo-preview-title">
      <DialogTitle id="photo-preview-title">Photo Preview</DialogTitle>
      <DialogContent sx={{ minWidth: { sm: 360 } }}>
        {failed ? (
          <Alert severity="error">{PRODUCT_MESSAGES.imageFailed}</Alert>
        ) : (
          url && (
            <Box sx={{ display: 'flex', justifyContent: 'center', bgcolor: 'grey.50', borderRadius: 1, p: 1 }}>
              <Box
                component="img"
                src={url}
                alt="Product photo preview"
                referrerPolicy="no-referrer"
                onError={() => setFailedUrl(url)}
                sx={{ maxHeight: 400, maxWidth: '100%', objectFit: 'contain', display: 'block' }}
              />
            </Box>
          )
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
