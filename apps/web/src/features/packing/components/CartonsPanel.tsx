import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { Carton, CartonType } from '@wms/contract/packing';
import { useState } from 'react';
import type { OpenCartonInput } from '../api';
import { cartonTitle, type MovableLine } from '../pack-progress';
import type { Documents } from '../use-documents';
import { CartonCard } from './CartonCard';
import { MoveUnitsDialog } from './MoveUnitsDialog';
import { OpenCartonForm } from './OpenCartonForm';

export interface CartonActions {
  open: (input: OpenCartonInput) => void;
  move: (input: { to: Carton; from: Carton; line: MovableLine; quantity: number }) => void;
  close: (carton: Carton, grams: number) => void;
  reopen: (carton: Carton) => void;
  remove: (carton: Carton) => void;
}

interface CartonsPanelProps {
  cartons: readonly Carton[];
  types: readonly CartonType[];
  target: Carton | null;
  onTarget: (carton: Carton) => void;
  actions: CartonActions;
  documents: Documents;
  busy: boolean;
  problem: string | null;
  /** Shipped orders show their cartons without the controls. */
  readOnly: boolean;
  /** With no network: why the carton controls (and labels) are disabled; scans still go into the open carton. */
  offlineReason?: string | null;
}

/** The order's cartons: open one of a type, scan into the chosen one, move units between open ones, close each. */
export function CartonsPanel(props: CartonsPanelProps) {
  const { cartons, target, actions, documents, readOnly, offlineReason } = props;
  const busy = props.busy || Boolean(offlineReason);
  const [moving, setMoving] = useState<{ from: Carton; line: MovableLine } | null>(null);
  const openCartons = cartons.filter((carton) => carton.status === 'open');
  return (
    <Card component="section" aria-label="Cartons">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Cartons
        </Typography>
        <Stack spacing={2}>
          {!readOnly && <OpenCartonForm types={props.types} busy={busy} onOpen={actions.open} />}
          {offlineReason && (
            <Alert severity="info" role="status">
              {offlineReason}
            </Alert>
          )}
          {props.problem && (
            <Alert severity="error" role="alert">
              {props.problem}
            </Alert>
          )}
          {cartons.length === 0 && (
            <Typography color="text.secondary">No carton yet: the first scan opens one, or open one above.</Typography>
          )}
          {cartons.map((carton) => (
            <CartonCard
              key={carton.id}
              carton={carton}
              title={cartonTitle(carton, cartons)}
              isTarget={!readOnly && carton.id === target?.id}
              canMove={!readOnly && openCartons.length > 1}
              busy={busy || readOnly}
              labelAction={
                carton.sscc && (
                  <Button
                    variant="outlined"
                    startIcon={documents.toPrinter ? <PrintIcon /> : <PictureAsPdfIcon />}
                    disabled={documents.busy || Boolean(offlineReason)}
                    onClick={() => void documents.cartonLabel(carton)}
                  >
                    {documents.toPrinter ? 'Print' : 'Open'} label {carton.number}
                  </Button>
                )
              }
              onTarget={() => props.onTarget(carton)}
              onMoveLine={(line) => setMoving({ from: carton, line })}
              onClose={(grams) => actions.close(carton, grams)}
              onReopen={() => actions.reopen(carton)}
              onRemove={() => actions.remove(carton)}
            />
          ))}
        </Stack>
      </CardContent>
      {moving && (
        <MoveUnitsDialog
          line={moving.line}
          from={moving.from}
          targets={openCartons.filter((carton) => carton.id !== moving.from.id)}
          busy={busy}
          onCancel={() => setMoving(null)}
          onMove={(targetId, quantity) => {
            const to = openCartons.find((carton) => carton.id === targetId);
            if (to) actions.move({ to, from: moving.from, line: moving.line, quantity });
            setMoving(null);
          }}
        />
      )}
    </Card>
  );
}
