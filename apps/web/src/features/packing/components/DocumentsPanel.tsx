import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { PackingSlipLayout, PackView } from '@wms/contract/packing';
import { useState } from 'react';
import { shippingLabelsQuery } from '../api';
import type { Documents } from '../use-documents';

const LAYOUTS: readonly [PackingSlipLayout, string][] = [
  ['a4', 'A4'],
  ['letter', 'Letter'],
  ['4x6', '4×6 label'],
];

/** The packing slip (layout of choice), every closed carton's label and the uploaded shipping label. */
export function DocumentsPanel({
  view,
  documents,
  offlineReason = null,
}: {
  view: PackView;
  documents: Documents;
  /** With no network: why the documents are disabled. */
  offlineReason?: string | null;
}) {
  const [layout, setLayout] = useState<PackingSlipLayout>('a4');
  // Read ahead, so the shipping label's tab opens within the click.
  useQuery({ ...shippingLabelsQuery(view.order.id), enabled: view.order.has_label && !documents.toPrinter });
  const disabled = documents.busy || offlineReason !== null;
  const closed = view.cartons.filter((carton) => carton.status !== 'open' && carton.sscc);
  const verb = documents.toPrinter ? 'Print' : 'Open';
  const icon = documents.toPrinter ? <PrintIcon /> : <PictureAsPdfIcon />;
  return (
    <Card component="section" aria-label="Documents">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Documents
        </Typography>
        <Stack spacing={1.5}>
          {offlineReason && (
            <Alert severity="info" role="status">
              {offlineReason}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              label="Slip layout"
              value={layout}
              onChange={(event) => setLayout(event.target.value as PackingSlipLayout)}
              fullWidth={false}
              sx={{ minWidth: 140 }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {LAYOUTS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </TextField>
            <Button
              variant="outlined"
              startIcon={icon}
              disabled={disabled}
              onClick={() => void documents.slip(layout)}
              sx={{ flex: 1 }}
            >
              {verb} packing slip
            </Button>
          </Stack>
          {closed.map((carton) => (
            <Button
              key={carton.id}
              variant="outlined"
              startIcon={icon}
              disabled={disabled}
              onClick={() => void documents.cartonLabel(carton)}
            >
              {verb} label of carton {carton.number}
            </Button>
          ))}
          {closed.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              Carton labels come with each closed carton.
            </Typography>
          )}
          {view.order.has_label ? (
            <Button
              variant="outlined"
              startIcon={icon}
              disabled={disabled}
              onClick={() => void documents.shippingLabel()}
            >
              {verb} shipping label
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {view.order.require_label
                ? 'This account requires a shipping label: upload it on the order before shipping.'
                : 'No shipping label uploaded.'}
            </Typography>
          )}
          {documents.outcome && (
            <Alert
              severity={documents.outcome.ok ? 'success' : 'error'}
              role={documents.outcome.ok ? 'status' : 'alert'}
            >
              {documents.outcome.message}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
