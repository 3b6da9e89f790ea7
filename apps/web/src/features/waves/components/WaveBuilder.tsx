import { Button, Grid, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { PICKING_MODE_LABELS, PICKING_MODES, type PickingMode } from '@wms/contract/waves';
import { builderAccountsQuery, builderShippersQuery, builderStatusesQuery } from '../api';
import { invalidNumbers, type WaveBuilderValues } from '../builder-values';
import { IdMultiSelect } from './IdMultiSelect';

interface WaveBuilderProps {
  warehouseId: number;
  values: WaveBuilderValues;
  onChange: (values: WaveBuilderValues) => void;
  onPreview: () => void;
}

const NUMBER_LABEL = { limit: 'Next N orders', max_lines: 'Max lines', max_units: 'Max units' };

/** A select whose '' choice (any) shows its words rather than an empty box. */
const SHOW_EMPTY = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

/**
 * The wave builder: which orders to take (accounts, shippers, ship date up to, statuses, single- or multi-item,
 * priority), how many (next N, max lines, max units) and how they are picked. Orders go urgent first, then by
 * ship date; the preview shows what a release would take before anything is allocated.
 */
export function WaveBuilder({ warehouseId, values, onChange, onPreview }: WaveBuilderProps) {
  const accounts = useQuery(builderAccountsQuery(warehouseId));
  const shippers = useQuery(builderShippersQuery());
  const statuses = useQuery(builderStatusesQuery());
  const set = <K extends keyof WaveBuilderValues>(field: K, value: WaveBuilderValues[K]) =>
    onChange({ ...values, [field]: value });
  const invalid = invalidNumbers(values);

  const numberField = (field: 'limit' | 'max_lines' | 'max_units', label: string) => (
    <TextField
      size="small"
      label={label}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={invalid.includes(field)}
      helperText={invalid.includes(field) ? 'A whole number from 1' : 'Empty: no limit per wave'}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
    />
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label="Wave builder"
      onSubmit={(event) => {
        event.preventDefault();
        if (invalid.length === 0) onPreview();
      }}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <IdMultiSelect
            label="Accounts"
            options={accounts.data ?? []}
            loading={accounts.isPending}
            value={values.account_ids}
            onChange={(ids) => set('account_ids', ids)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <IdMultiSelect
            label="Shippers"
            options={shippers.data ?? []}
            loading={shippers.isPending}
            value={values.shipper_ids}
            onChange={(ids) => set('shipper_ids', ids)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <IdMultiSelect
            label="Order statuses"
            options={statuses.data ?? []}
            loading={statuses.isPending}
            value={values.status_ids}
            onChange={(ids) => set('status_ids', ids)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            size="small"
            type="date"
            label="Ship date up to"
            value={values.ship_date_to}
            onChange={(event) => set('ship_date_to', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            size="small"
            select
            label="Items per order"
            slotProps={SHOW_EMPTY}
            value={values.item_count}
            onChange={(event) => set('item_count', event.target.value as WaveBuilderValues['item_count'])}
          >
            <MenuItem value="">Any</MenuItem>
            <MenuItem value="single">Single-item orders</MenuItem>
            <MenuItem value="multi">Multi-item orders</MenuItem>
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            size="small"
            select
            label="Priority"
            slotProps={SHOW_EMPTY}
            value={values.priority}
            onChange={(event) => set('priority', event.target.value as WaveBuilderValues['priority'])}
          >
            <MenuItem value="">Any (urgent first)</MenuItem>
            <MenuItem value="urgent">Urgent only</MenuItem>
            <MenuItem value="normal">Normal only</MenuItem>
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>{numberField('limit', NUMBER_LABEL.limit)}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{numberField('max_lines', NUMBER_LABEL.max_lines)}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{numberField('max_units', NUMBER_LABEL.max_units)}</Grid>
        <Grid size={12}>
          <TextField
            size="small"
            select
            label="Picking mode"
            value={values.mode}
            onChange={(event) => set('mode', event.target.value as PickingMode)}
          >
            {PICKING_MODES.map((mode) => (
              <MenuItem key={mode} value={mode}>
                {PICKING_MODE_LABELS[mode]}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
      <Button type="submit" variant="outlined" disabled={invalid.length > 0} sx={{ alignSelf: 'flex-start' }}>
        Preview
      </Button>
    </Stack>
  );
}
