import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Autocomplete, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import type { Warehouse } from '@wms/contract/entities';
import { PRODUCT_MESSAGES } from '@wms/contract/products';
import { useState } from 'react';
import { failureMessage } from '../../../lib/api/failure-message';
import { selectableWarehousesQuery } from '../../../lib/context/context-queries';
import { isActiveAccount } from '../../../lib/context/valid-pairs';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import {
  type AccountOption,
  accountOptionsQueryOptions,
  type CopyTarget,
  copyTargetsQueryOptions,
  useCopyProducts,
} from '../api';

interface CopyToAccountBarProps {
  selectedIds: readonly number[];
  onClear: () => void;
  onCopied: () => void;
}

const targetKey = (target: CopyTarget) => `${target.id}:${target.warehouse_id}`;

/**
 * Valid pairs only (docs/platform.md "Working context"): active accounts in active warehouses, grouped by warehouse (sorted
 * by warehouse, then account, so every group heading appears once). Until the status lists load, nothing is offered.
 */
function validTargets(
  targets: readonly CopyTarget[] | undefined,
  accounts: readonly AccountOption[] | undefined,
  warehouses: readonly Warehouse[] | undefined,
): CopyTarget[] {
  if (!targets || !accounts || !warehouses) return [];
  const activeAccounts = new Set(accounts.filter(isActiveAccount).map((account) => account.id));
  const activeWarehouses = new Set(warehouses.filter((w) => w.is_active).map((warehouse) => warehouse.id));
  return targets
    .filter((target) => activeAccounts.has(target.id) && activeWarehouses.has(target.warehouse_id))
    .sort((a, b) => a.warehouse_name.localeCompare(b.warehouse_name) || a.name.localeCompare(b.name));
}

/** Spec §2: copies the selected products into another account (in one of its warehouses). */
export function CopyToAccountBar({ selectedIds, onClear, onCopied }: CopyToAccountBarProps) {
  const targets = useQuery(copyTargetsQueryOptions());
  const accounts = useQuery(accountOptionsQueryOptions());
  const warehouses = useQuery(selectableWarehousesQuery());
  const options = validTargets(targets.data, accounts.data, warehouses.data);
  const [target, setTarget] = useState<CopyTarget | null>(null);
  const copy = useCopyProducts({
    onSuccess: (answer) => {
      notifySuccess(PRODUCT_MESSAGES.copied(answer.copied_count, 0));
      if (answer.total_skipped > 0) notifyWarning(PRODUCT_MESSAGES.copySkipped(answer.total_skipped));
      setTarget(null);
      onCopied();
    },
    onError: (error) => {
      const message = failureMessage(error, 'Error copying products');
      if (message) notifyError(message);
    },
  });

  const count = selectedIds.length;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Copy selected products"
      sx={(theme) => ({
        p: 1.5,
        mb: 2,
        bgcolor: alpha(theme.palette.primary.main, 0.05),
        borderColor: alpha(theme.palette.primary.main, 0.3),
      })}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 150 }}>
          {count} {count === 1 ? 'product' : 'products'} selected
        </Typography>
        <Autocomplete
          size="small"
          sx={{ flex: 1, minWidth: 280 }}
          options={options}
          loading={targets.isLoading || accounts.isLoading || warehouses.isLoading}
          value={target}
          onChange={(_event, value) => setTarget(value)}
          groupBy={(option) => option.warehouse_name}
          getOptionLabel={(option) => `${option.name} — ${option.warehouse_name}`}
          getOptionKey={targetKey}
          isOptionEqualToValue={(a, b) => targetKey(a) === targetKey(b)}
          renderOption={(props, option) => (
            <li {...props} key={targetKey(option)}>
              {option.name}
            </li>
          )}
          renderInput={(params) => <TextField {...params} label="Copy to account" placeholder="Choose an account" />}
          noOptionsText="No accounts available"
        />
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            startIcon={copy.isPending ? <CircularProgress size={16} color="inherit" /> : <ContentCopyIcon />}
            disabled={!target || copy.isPending}
            onClick={() => target && copy.mutate({ productIds: [...selectedIds], target })}
          >
            Copy to Account
          </Button>
          <Button color="inherit" onClick={onClear} disabled={copy.isPending}>
            Clear selection
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
