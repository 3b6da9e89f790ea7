import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { PrinterNetwork } from '@wms/contract/packing';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { printerNetworksQuery } from '../api';
import { formErrors } from '../form-errors';
import { useAddPrinterNetwork, useRemovePrinterNetwork } from '../setup-api';

/**
 * The private networks label printers of this warehouse may be on (CIDRs). The server sends ZPL only to an address
 * inside one of them; outside, the webhook guard's rules still refuse loopback and metadata addresses.
 */
export function PrinterNetworksCard({ warehouseId }: { warehouseId: number }) {
  const networks = useQuery(printerNetworksQuery(warehouseId));
  const add = useAddPrinterNetwork(warehouseId);
  const remove = useRemovePrinterNetwork(warehouseId);
  const [cidr, setCidr] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({
    fields: {},
    form: null,
  });
  const [removing, setRemoving] = useState<PrinterNetwork | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { cidr: cidr.trim(), note: note.trim() },
      {
        onSuccess: () => {
          setCidr('');
          setNote('');
          setErrors({ fields: {}, form: null });
        },
        onError: (error) => setErrors(formErrors(error, ['cidr', 'note'])),
      },
    );
  };

  return (
    <Card component="section" aria-label="Printer networks">
      <CardContent>
        <Typography variant="h6" component="h2">
          Printer networks
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Label printers must have an address inside one of these networks.
        </Typography>
        {networks.isPending && <LoadingState label="Loading printer networks…" />}
        {networks.isError && (
          <ErrorState message="Failed to load printer networks" onRetry={() => void networks.refetch()} />
        )}
        {networks.data?.length === 0 && <Typography color="text.secondary">No printer network allowed yet.</Typography>}
        {networks.data && networks.data.length > 0 && (
          <List aria-label="Allowed printer networks" dense>
            {networks.data.map((network) => (
              <ListItem
                key={network.id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    color="error"
                    aria-label={`Remove ${network.cidr}`}
                    onClick={() => setRemoving(network)}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={network.cidr}
                  secondary={network.note || undefined}
                  slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Stack
          component="form"
          onSubmit={submit}
          noValidate
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label="Network (CIDR)"
            placeholder="10.20.0.0/16"
            value={cidr}
            onChange={(event) => setCidr(event.target.value)}
            error={Boolean(errors.fields.cidr)}
            helperText={errors.fields.cidr}
            slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
          />
          <TextField
            label="Note"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={Boolean(errors.fields.note)}
            helperText={errors.fields.note}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={add.isPending || cidr.trim() === ''}
            sx={{ minHeight: 56 }}
          >
            Allow network
          </Button>
        </Stack>
        {errors.form && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errors.form}
          </Alert>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title="Remove printer network"
        text={`Remove ${removing?.cidr ?? ''}? Stations whose printer is in it can no longer print.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      />
    </Card>
  );
}
