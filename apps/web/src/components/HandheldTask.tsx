import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

/*
 * The parts every one-task-per-screen flow of the floor shares (picking, replenishment; DESIGN §11): the location
 * to walk to in large type, what to take, which step of how many, the quantity form and the two ways out.
 */

/** The code to walk to, large enough to read at arm's length. */
export function TaskLocationBanner({ label, code }: { label: string; code: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="overline" component="p" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="p"
        data-testid="task-location"
        sx={{ fontSize: '2.5rem', fontWeight: 700, fontFamily: 'monospace', lineHeight: 1.2 }}
      >
        {code}
      </Typography>
    </Box>
  );
}

/** What the task moves: "quantity × SKU", the product's name, its lot if it has one, then `children`. */
export function TaskProductSummary({
  quantity,
  sku,
  name,
  lot,
  children,
}: {
  quantity: number;
  sku: string;
  name: string;
  lot: { code: string; expiry: string | null } | null;
  children?: ReactNode;
}) {
  return (
    <Box>
      <Typography sx={{ fontWeight: 600, fontSize: '1.2rem' }}>
        {quantity} × {sku}
      </Typography>
      <Typography color="text.secondary">{name}</Typography>
      {lot && (
        <Typography>
          Lot <strong>{lot.code}</strong>
          {lot.expiry && ` · expires ${lot.expiry}`}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** "Step n of m" and what to do now, as the screen's heading. */
export function TaskStepHeading({ step, of, title }: { step: number; of: number; title: string }) {
  return (
    <>
      <Typography variant="overline" component="p" color="text.secondary">
        Step {step} of {of}
      </Typography>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
    </>
  );
}

/** The quantity step: prefilled with what the task asks, a numeric keypad, the check's message in place. */
export function TaskQuantityForm({
  label,
  value,
  asked,
  error,
  submitLabel,
  disabled = false,
  onChange,
  onSubmit,
}: {
  label: string;
  value: string;
  asked: number;
  error: string | null;
  submitLabel: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
      <TextField
        label={label}
        value={value}
        autoFocus
        onChange={(event) => onChange(event.target.value)}
        error={error !== null}
        helperText={error ?? `The task asks for ${asked}.`}
        slotProps={{
          htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', autoComplete: 'off', enterKeyHint: 'done' },
          input: { sx: { minHeight: 56, fontSize: '1.3rem' } },
        }}
      />
      <Button type="submit" variant="contained" size="large" disabled={disabled} sx={{ minHeight: 56 }}>
        {submitLabel}
      </Button>
    </Stack>
  );
}

/** The two ways out of a task, side by side at the bottom: report a shortage, or leave the task for now. */
export function TaskFooterActions({
  shortLabel,
  onShort,
  leaveLabel,
  onLeave,
  busy,
}: {
  shortLabel: string;
  onShort: () => void;
  leaveLabel: string;
  onLeave: () => void;
  busy: boolean;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
      <Button color="warning" variant="outlined" onClick={onShort} disabled={busy} sx={{ flex: 1, minHeight: 48 }}>
        {shortLabel}
      </Button>
      <Button color="inherit" variant="outlined" onClick={onLeave} disabled={busy} sx={{ flex: 1, minHeight: 48 }}>
        {leaveLabel}
      </Button>
    </Stack>
  );
}
