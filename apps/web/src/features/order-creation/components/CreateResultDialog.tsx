import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { type BulkCreateResult, backorderText } from '@wms/contract/order-creation';

export interface LabelProgress {
  done: number;
  total: number;
  failed: number;
}

/** After creation: the created orders, what is on backorder (order, SKU, how short), and the label uploads. */
export function CreateResultDialog({
  result,
  labels,
  onClose,
}: {
  result: BulkCreateResult | null;
  labels: LabelProgress | null;
  onClose: () => void;
}) {
  const uploading = labels !== null && labels.done < labels.total;
  return (
    <Dialog open={result !== null} onClose={uploading ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Orders created</DialogTitle>
      <DialogContent>
        {result && (
          <>
            <Alert severity="success" sx={{ mb: 2 }}>
              {result.message}
            </Alert>
            <List dense aria-label="Created orders">
              {result.data.map((o) => (
                <ListItem key={o.id} disableGutters>
                  <ListItemText
                    primary={`${o.order_number} — ${o.order_id}`}
                    secondary={`${o.customer_name} · ${o.total_reserved} of ${o.total_quantity} units reserved`}
                  />
                </ListItem>
              ))}
            </List>
            {result.backorder_items.length > 0 && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                <Typography variant="subtitle2" component="h3">
                  Backorder items
                </Typography>
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
        {labels && labels.total > 0 && (
          <>
            <Typography variant="body2" sx={{ mt: 2 }}>
              Uploading labels: {labels.done} of {labels.total}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(labels.done / labels.total) * 100}
              aria-label="Label upload progress"
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={uploading} variant="contained">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
