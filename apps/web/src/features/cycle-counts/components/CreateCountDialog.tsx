import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import {
  CYCLE_COUNT_SCOPE_LABELS,
  CYCLE_COUNT_SCOPES,
  type CycleCountCreateInput,
  type CycleCountScope,
} from '@wms/contract/cycle-counts';
import type { Account } from '@wms/contract/entities';
import type { Product } from '@wms/contract/products';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ProductPicker } from '../../../components/ProductPicker';
import { HttpError } from '../../../lib/api/api-error';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateCycleCount } from '../api';
import { CountAccountPicker } from './CountAccountPicker';

const CREATE_FAILED = 'Failed to create the cycle count';

interface CreateCountDialogProps {
  warehouse: { id: number; name: string };
  onClose: () => void;
}

/**
 * Creates a count of the header's warehouse: a zone, a code range, one product (the bins holding it), one account
 * (the bins holding its stock), or locations not counted for N days. The product picker searches the products of
 * the accounts linked to the header's warehouse — the count's warehouse — so it offers what the API accepts.
 */
export function CreateCountDialog({ warehouse, onClose }: CreateCountDialogProps) {
  const createCycleCount = useCreateCycleCount();
  const navigate = useNavigate();
  const [scope, setScope] = useState<CycleCountScope>('zone');
  const [values, setValues] = useState({ zone: '', from_code: '', to_code: '', days: '30', notes: '' });
  const [product, setProduct] = useState<Product | null>(null);
  const [account, setAccount] = useState<Account | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const input = {
      warehouse_id: warehouse.id,
      scope,
      zone: scope === 'zone' ? values.zone : null,
      from_code: scope === 'range' ? values.from_code : null,
      to_code: scope === 'range' ? values.to_code : null,
      product_id: scope === 'product' ? (product?.id ?? null) : null,
      account_id: scope === 'account' ? (account?.id ?? null) : null,
      days: scope === 'not_counted' ? Number(values.days) : null,
      notes: values.notes || null,
    } as CycleCountCreateInput;
    try {
      const answer = await createCycleCount.mutateAsync(input);
      notifySuccess(answer.message);
      onClose();
      void navigate(`/cycle-counts/${answer.data.id}`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([f, m]) => [f, m.join(' ')])));
      } else {
        const message = failureMessage(error, CREATE_FAILED);
        if (message) notifyError(message);
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof values, label: string, extra: object = {}) => (
    <TextField
      id={`count-${name}`}
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      size="small"
      {...extra}
    />
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle>New cycle count — {warehouse.name}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              select
              id="count-scope"
              label="What to count"
              value={scope}
              onChange={(e) => setScope(e.target.value as CycleCountScope)}
              error={Boolean(errors.scope)}
              helperText={errors.scope}
              size="small"
              fullWidth
            >
              {CYCLE_COUNT_SCOPES.map((s) => (
                <MenuItem key={s} value={s}>
                  {CYCLE_COUNT_SCOPE_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
            {scope === 'zone' && field('zone', 'Zone')}
            {scope === 'range' && (
              <>
                {field('from_code', 'First location code')}
                {field('to_code', 'Last location code')}
              </>
            )}
            {scope === 'product' && (
              <ProductPicker
                id="count-product_id"
                size="small"
                value={product}
                onChange={setProduct}
                error={errors.product_id}
              />
            )}
            {scope === 'account' && (
              <CountAccountPicker
                warehouse={warehouse}
                value={account}
                onChange={setAccount}
                error={errors.account_id}
              />
            )}
            {scope === 'not_counted' && field('days', 'Not counted for (days)', { type: 'number' })}
            {field('notes', 'Notes', { multiline: true, minRows: 2 })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Create count
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
