import { Chip } from '@mui/material';
import { LOCATION_TYPE_LABELS, type LocationType } from '@wms/contract/locations';

/** Outlined chips: only palette colours with text contrast ≥ 4.5:1 on white (info and warning fall short). */
const COLORS: Record<LocationType, 'default' | 'primary' | 'secondary' | 'error' | 'success'> = {
  receiving: 'default',
  storage: 'default',
  pick: 'primary',
  packing: 'secondary',
  staging: 'success',
  quarantine: 'error',
};

export function LocationTypeChip({ type }: { type: LocationType }) {
  return <Chip size="small" variant="outlined" color={COLORS[type]} label={LOCATION_TYPE_LABELS[type]} />;
}
