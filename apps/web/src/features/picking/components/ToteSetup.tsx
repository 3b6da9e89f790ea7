import { Alert, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ScanField } from '../../../components/ScanField';
import { assignTote, nextSlot, type ToteSlot } from '../tote-assignment';

interface ToteSetupProps {
  initial: ToteSlot[];
  busy: boolean;
  problem: string | null;
  onDone: (slots: ToteSlot[]) => void;
}

/** Cluster mode starts here: scan one empty tote per order onto the cart, then start picking. */
export function ToteSetup({ initial, busy, problem, onDone }: ToteSetupProps) {
  const [slots, setSlots] = useState(initial);
  const waiting = nextSlot(slots);
  const placed = slots.filter((s) => s.tote !== null).length;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Put a tote on the cart for each order ({placed} of {slots.length})
      </Typography>
      {waiting ? (
        <ScanField
          label={`Tote for ${waiting.orderLabel}`}
          placeholder="Scan an empty tote, then Enter"
          emptyMessage="Scan the tote's label"
          onScan={async (code) => {
            const answer = assignTote(slots, code);
            setSlots(answer.slots);
            return answer.outcome;
          }}
        />
      ) : (
        <Button variant="contained" size="large" disabled={busy} onClick={() => onDone(slots)} sx={{ minHeight: 56 }}>
          {busy ? 'Saving…' : 'Start picking'}
        </Button>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <List dense aria-label="Totes on the cart">
        {slots.map((slot) => (
          <ListItem key={slot.orderId} divider>
            <ListItemText primary={slot.orderLabel} secondary={slot.tote ? `Tote ${slot.tote}` : 'No tote yet'} />
          </ListItem>
        ))}
      </List>
      {placed > 0 && (
        <Button onClick={() => setSlots(initial.map((s) => ({ ...s, tote: null })))} disabled={busy}>
          Start the cart again
        </Button>
      )}
    </Stack>
  );
}
