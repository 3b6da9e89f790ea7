import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ORDER_MESSAGES } from '@wms/contract/orders';
import { Link as RouterLink } from 'react-router';

export interface ShipRefusal {
  orderId: number;
  reason: string;
  verified: number;
  units: number;
}

interface ShipRefusalDialogProps {
  refusal: ShipRefusal | null;
  /** The lists link to the order's page, where its items are verified; the order page itself does not. */
  linkToOrder: boolean;
  onClose: () => void;
}

/** Why an order cannot ship yet, shown instead of the "cannot be undone" question. */
export function ShipRefusalDialog({ refusal, linkToOrder, onClose }: ShipRefusalDialogProps) {
  return (
    <Dialog
      open={refusal !== null}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="ship-refusal-title"
      aria-describedby="ship-refusal-text"
    >
      <DialogTitle id="ship-refusal-title">{ORDER_MESSAGES.shipRefusedTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="ship-refusal-text">{refusal?.reason}</DialogContentText>
        {refusal && (
          <DialogContentText sx={{ mt: 1 }}>
            {ORDER_MESSAGES.unitsVerified(refusal.verified, refusal.units)}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {linkToOrder && refusal && (
          <Button component={RouterLink} to={`/orders/${refusal.orderId}`} onClick={onClose}>
            {ORDER_MESSAGES.verifyItems}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
