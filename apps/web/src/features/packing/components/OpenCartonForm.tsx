import { Button, Grid, TextField } from '@mui/material';
import type { CartonType } from '@wms/contract/packing';
import { useState } from 'react';
import type { OpenCartonInput } from '../api';
import { formatDimensions } from '../scale-weight';

interface OpenCartonFormProps {
  types: readonly CartonType[];
  busy: boolean;
  onOpen: (input: OpenCartonInput) => void;
}

const DIMENSIONS = [
  ['length_mm', 'Length (mm)'],
  ['width_mm', 'Width (mm)'],
  ['height_mm', 'Height (mm)'],
] as const;

type Dimension = (typeof DIMENSIONS)[number][0];

/** Opens a carton of a chosen type; the custom type asks for its inner dimensions. */
export function OpenCartonForm({ types, busy, onOpen }: OpenCartonFormProps) {
  const usable = types.filter((type) => type.active);
  const [typeId, setTypeId] = useState<number | ''>('');
  const [sizes, setSizes] = useState<Record<Dimension, string>>({ length_mm: '', width_mm: '', height_mm: '' });
  const chosen = usable.find((type) => type.id === typeId) ?? usable.find((type) => !type.is_custom) ?? usable[0];
  const custom = chosen?.is_custom ?? false;
  const sizeOf = (name: Dimension) => Number(sizes[name]);
  const customReady = DIMENSIONS.every(([name]) => Number.isInteger(sizeOf(name)) && sizeOf(name) > 0);

  const open = () => {
    if (!chosen) return;
    onOpen({
      carton_type_id: chosen.id,
      ...(custom && { length_mm: sizeOf('length_mm'), width_mm: sizeOf('width_mm'), height_mm: sizeOf('height_mm') }),
    });
  };

  return (
    <Grid container spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Grid size={{ xs: 12, md: 8 }}>
        <TextField
          select
          label="Carton type"
          value={chosen?.id ?? ''}
          onChange={(event) => setTypeId(Number(event.target.value))}
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {usable.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
              {formatDimensions(type) ? ` · ${formatDimensions(type)}` : ''}
            </option>
          ))}
        </TextField>
      </Grid>
      {custom &&
        DIMENSIONS.map(([name, label]) => (
          <Grid key={name} size={{ xs: 4 }} sx={{ order: { md: 1 } }}>
            <TextField
              label={label}
              value={sizes[name]}
              onChange={(event) => setSizes((held) => ({ ...held, [name]: event.target.value.replace(/\D/g, '') }))}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
            />
          </Grid>
        ))}
      <Grid size={{ xs: 12, md: 4 }}>
        <Button
          variant="outlined"
          size="large"
          fullWidth
          disabled={busy || !chosen || (custom && !customReady)}
          onClick={open}
          sx={{ minHeight: 56 }}
        >
          Open carton
        </Button>
      </Grid>
    </Grid>
  );
}
