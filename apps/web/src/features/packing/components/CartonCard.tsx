import { Box, Button, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { ssccText } from '@wms/contract/gs1';
import type { Carton } from '@wms/contract/packing';
import type { ReactNode } from 'react';
import { type MovableLine, movableLines } from '../pack-progress';
import { formatDimensions, formatGrams } from '../scale-weight';
import { CloseCartonForm } from './CloseCartonForm';

interface CartonCardProps {
  carton: Carton;
  title: string;
  /** New scans go into this carton. */
  isTarget: boolean;
  /** Another open carton exists: lines may move there. */
  canMove: boolean;
  busy: boolean;
  /** The carton label's button (browser or printer), for a closed carton. */
  labelAction?: ReactNode;
  onTarget: () => void;
  onMoveLine: (line: MovableLine) => void;
  onClose: (grams: number) => void;
  onReopen: () => void;
  onRemove: () => void;
}

const STATUS_CHIP = {
  open: { label: 'Open', color: 'primary' },
  closed: { label: 'Closed', color: 'success' },
  shipped: { label: 'Shipped', color: 'default' },
} as const;

/** One carton: its contents, and while open its weight and close; once closed its SSCC and label. */
export function CartonCard(props: CartonCardProps) {
  const { carton, title, isTarget, canMove, busy } = props;
  const open = carton.status === 'open';
  const status = STATUS_CHIP[carton.status];
  const dimensions = formatDimensions(carton);
  return (
    <Paper
      component="section"
      aria-label={title}
      variant="outlined"
      data-testid="carton"
      sx={{ p: 2, borderWidth: isTarget ? 2 : 1, borderColor: isTarget ? 'primary.main' : 'divider' }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}
      >
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {carton.type_name}
            {dimensions ? ` · ${dimensions}` : ''}
            {carton.weight_g !== null ? ` · ${formatGrams(carton.weight_g)}` : ''}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {open &&
            (isTarget ? (
              <Chip color="primary" label="Scans go here" />
            ) : (
              <Button size="small" variant="outlined" onClick={props.onTarget}>
                Scan into carton {carton.number}
              </Button>
            ))}
          <Chip size="small" label={status.label} color={status.color} />
        </Stack>
      </Stack>
      {carton.sscc && (
        <Typography
          data-testid="carton-sscc"
          sx={{ fontFamily: 'monospace', fontSize: '1.1rem', fontWeight: 600, mb: 1 }}
        >
          SSCC {ssccText(carton.sscc)}
        </Typography>
      )}
      {carton.items.length === 0 ? (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          Empty: scan units into it.
        </Typography>
      ) : (
        <List dense aria-label={`Contents of carton ${carton.number}`}>
          {movableLines(carton).map((line) => (
            <ListItem
              key={line.key}
              divider
              secondaryAction={
                open && canMove ? (
                  <Button size="small" disabled={busy} onClick={() => props.onMoveLine(line)}>
                    Move
                  </Button>
                ) : undefined
              }
            >
              <ListItemText primary={`${line.quantity} × ${line.label}`} />
            </ListItem>
          ))}
        </List>
      )}
      {open && carton.items.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <CloseCartonForm cartonNumber={carton.number} busy={busy} onClose={props.onClose} />
        </Box>
      )}
      {open && carton.items.length === 0 && (
        <Button color="inherit" disabled={busy} onClick={props.onRemove}>
          Remove empty carton {carton.number}
        </Button>
      )}
      {carton.status === 'closed' && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {props.labelAction}
          <Button color="inherit" disabled={busy} onClick={props.onReopen}>
            Reopen carton {carton.number}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
