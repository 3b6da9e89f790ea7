import { Chip } from '@mui/material';
import { LOCATION_TYPE_LABELS, type LocationType } from '@wms/contract/locations';

const COLORS: Record<LocationType, 'default' | 'primary' | 'secondary' | 'info' | 'warning' | 'success'> = {
  receiving: 'info',
  storage: 'default',
  pick: 'primary',
  packing: 'secondary',
  staging: 'success',
  quarantine: 'warning',
};

export function LocationTypeChip({ type }: { type: LocationType }) {
  return <Chip size="small" variant="outlined" color={COLORS[type]} label={LOCATION_TYPE_LABELS[type]} />;
}
