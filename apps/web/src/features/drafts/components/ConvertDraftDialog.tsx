import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import type { DraftSummary } from '@wms/contract/drafts';
import { type BulkCreateResult, backorderText } from '@wms/contract/order-creation';

export interface ConvertDraftDialogProps {
  draft: DraftSummary | null;
  busy: boolean;
  result: BulkCreateResult | null;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** The spec's convert dialog, opened from a draft card: confirm, then the created orders and backorders. */
export function ConvertDraftDialog({ draft, busy, result, error, onConfirm, onClose }: ConvertDraftDialogProps) {
  const name = draft ? draft.title || `Draft #${draft.id}` : '';
  return (
    <Dialog open={draft !== null} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Convert draft to orders</DialogTitle>
      <DialogContent>
        {!result && (
          <DialogContentText>
            Create the {draft?.total_orders ?? 0} order(s) of "{name}" now? Stock is reserved as for any new order and
            the draft is deleted.
          </DialogContentText>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {result && (
          <>
            <Alert severity="success">{result.message}</Alert>
            <List dense aria-label="Created orders">
              {result.data.map((o) => (
                <ListItem key={o.id} disableGutters>
                  <ListItemText primary={`${o.order_number} — ${o.order_id}`} secondary={o.customer_name} />
                </ListItem>
              ))}
            </List>
            {result.backorder_items.length > 0 && (
              <Alert severity="warning">
                <List dense aria-label="Backorder items">
                  {result.backorder_items.map((b) => (
                    <ListItem key={`${b.order_id}-${b.product_id}`} disableGutters>
                      <ListItemText primary={backorderText(b)} />
                    </ListItem>
                  ))}
                </List>
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {result ? 'Close' : 'Cancel'}
        </Button>
        {!result && (
          <Button variant="contained" onClick={onConfirm} disabled={busy}>
            {busy ? 'Converting…' : 'Convert'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
