import { Chip } from '@mui/material';

/** A released wave waits for this replenishment (its pick tasks reach into storage). */
export function UrgentChip() {
  return <Chip size="small" color="error" label="Urgent" />;
}
