import DownloadIcon from '@mui/icons-material/Download';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tooltip,
} from '@mui/material';
import { ORDER_MESSAGES, type ShipmentLabel } from '@wms/contract/orders';
import { notifyError } from '../../../lib/notify';
import { downloadLabel } from '../api';
import { orderFailure } from '../order-failure';
import { TrackingNumber } from './TrackingNumber';

interface LabelDownloadDialogProps {
  orderNumber: string;
  labels: ShipmentLabel[] | null;
  onClose: () => void;
}

/** The labels of one order, each downloadable (GET labels/{id}/download, authenticated). */
export function LabelDownloadDialog({ orderNumber, labels, onClose }: LabelDownloadDialogProps) {
  return (
    <Dialog open={labels !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Labels — {orderNumber}</DialogTitle>
      <DialogContent>
        <LabelList labels={labels ?? []} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export async function saveLabel(label: ShipmentLabel): Promise<void> {
  try {
    await downloadLabel(label);
  } catch (error) {
    const message = orderFailure(error, ORDER_MESSAGES.labelDownloadFailed);
    if (message) notifyError(message);
  }
}

/** One line per label: name, type, tracking and carrier, and a download button. */
export function LabelList({ labels }: { labels: ShipmentLabel[] }) {
  return (
    <List dense aria-label="Shipment labels">
      {labels.map((label) => (
        <ListItem
          key={label.id}
          divider
          secondaryAction={
            <Tooltip title="Download">
              <IconButton edge="end" aria-label={`Download ${label.label_name}`} onClick={() => void saveLabel(label)}>
                <DownloadIcon />
              </IconButton>
            </Tooltip>
          }
        >
          <ListItemText
            primary={label.label_name}
            secondary={
              <>
                {label.formatted_label_type}
                {label.tracking_number && (
                  <>
                    {' · Tracking '}
                    <TrackingNumber value={label.tracking_number} />
                  </>
                )}
                {label.carrier && ` · ${label.carrier}`}
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
