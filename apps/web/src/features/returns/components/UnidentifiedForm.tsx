import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@wms/contract/products';
import type { Return } from '@wms/contract/returns';
import { useState } from 'react';
import { ProductPicker } from '../../../components/ProductPicker';
import { failureMessage } from '../../../lib/api/failure-message';
import { findLocationByCode, useReceiveUnidentified, warehouseAccountsQuery } from '../api';

interface UnidentifiedFormProps {
  warehouseId: number;
  onDone: (received: Return) => void;
  onLeave: () => void;
}

/**
 * A parcel no return and no order matches: one product's units into a quarantine location as an unidentified
 * return, until staff attach it to the order it came from.
 */
export function UnidentifiedForm({ warehouseId, onDone, onLeave }: UnidentifiedFormProps) {
  const accounts = useQuery(warehouseAccountsQuery(warehouseId));
  const receive = useReceiveUnidentified();
  const [accountId, setAccountId] = useState('');
  const [product, setProduct] = useState<Product | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [locationCode, setLocationCode] = useState('');
  const [lot, setLot] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    setProblem(null);
    try {
      const location = locationCode.trim() ? await findLocationByCode(warehouseId, locationCode.trim()) : null;
      if (!location) return setProblem('Scan an active quarantine location of this warehouse.');
      const answer = await receive.mutateAsync({
        account_id: Number(accountId),
        warehouse_id: warehouseId,
        lines: [
          {
            product_id: product?.id ?? 0,
            quantity: Number(quantity),
            location_id: location.id,
            lot: lot.trim() || null,
            expiry: null,
          },
        ],
      });
      onDone(answer.data);
    } catch (failure) {
      setProblem(failureMessage(failure, 'The parcel could not be received.'));
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Unidentified return
      </Typography>
      {problem && (
        <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
      <TextField select label="Account" value={accountId} onChange={(event) => setAccountId(event.target.value)}>
        {(accounts.data ?? []).map((account) => (
          <MenuItem key={account.id} value={String(account.id)}>
            {account.name}
          </MenuItem>
        ))}
      </TextField>
      <ProductPicker id="unidentified-product" value={product} onChange={setProduct} />
      <TextField
        label="Units"
        type="number"
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
      />
      <TextField
        label="Scan quarantine location"
        value={locationCode}
        onChange={(event) => setLocationCode(event.target.value)}
      />
      <TextField label="Lot (tracked products)" value={lot} onChange={(event) => setLot(event.target.value)} />
      <Stack direction="row" spacing={2}>
        <Button onClick={onLeave} color="inherit" sx={{ minHeight: 48 }}>
          Back to scan
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={receive.isPending || !accountId || !product}
          sx={{ flex: 1, minHeight: 48 }}
        >
          Receive into quarantine
        </Button>
      </Stack>
    </Stack>
  );
}
