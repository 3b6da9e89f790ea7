import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { parseRate } from '@wms/contract/money';
import { useState } from 'react';
import { isValidationError } from '../../../lib/forms/server-errors';
import { notifySuccess } from '../../../lib/notify';
import { useCreateManualCharge } from '../api';

type Field = 'account_id' | 'charge_date' | 'description' | 'quantity' | 'rate_micros';

/** Adds a manual charge (a value-added service) to an account on a day; 422 answers show under their fields. */
export function ManualChargeForm({ accounts }: { accounts: { id: number; name: string }[] }) {
  const createManualCharge = useCreateManualCharge();
  const [accountId, setAccountId] = useState('');
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const rateMicros = parseRate(rate);
    if (rateMicros === null) {
      setErrors({ rate_micros: 'Enter a rate with at most 4 decimals.' });
      return;
    }
    setBusy(true);
    try {
      const saved = await createManualCharge.mutateAsync({
        account_id: Number(accountId),
        charge_date: date,
        description,
        quantity: Number(quantity),
        rate_micros: rateMicros,
      });
      notifySuccess(saved.message);
      setErrors({});
      setDescription('');
      setRate('');
    } catch (error) {
      if (!isValidationError(error)) throw error;
      setErrors(
        Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.join(', ')])),
      );
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field) => ({ error: Boolean(errors[name]), helperText: errors[name] });
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
      <TextField
        select
        size="small"
        label="Charge account"
        value={accountId}
        onChange={(e) => setAccountId(e.target.value)}
        sx={{ minWidth: 200 }}
        {...field('account_id')}
      >
        {accounts.map((a) => (
          <MenuItem key={a.id} value={String(a.id)}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label="Day"
        value={date}
        onChange={(e) => setDate(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        {...field('charge_date')}
      />
      <TextField
        size="small"
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        sx={{ flexGrow: 1 }}
        {...field('description')}
      />
      <TextField
        size="small"
        label="Quantity"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        sx={{ maxWidth: { md: 110 } }}
        {...field('quantity')}
      />
      <TextField
        size="small"
        label="Rate"
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        sx={{ maxWidth: { md: 130 } }}
        {...field('rate_micros')}
      />
      <Button variant="contained" onClick={save} disabled={busy || !accountId}>
        Add charge
      </Button>
    </Stack>
  );
}
