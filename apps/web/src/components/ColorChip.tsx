import { Chip, type ChipProps } from '@mui/material';
import { readableTextColor } from '../lib/readable-text-color';

interface ColorChipProps {
  label: string;
  /** #RRGGBB, e.g. a status's colour. */
  color: string;
  size?: ChipProps['size'];
}

/** A chip in a configurable colour (statuses), with text that stays readable on it. */
export function ColorChip({ label, color, size = 'small' }: ColorChipProps) {
  return (
    <Chip
      label={label}
      size={size}
      sx={{ bgcolor: color, color: readableTextColor(color), fontWeight: 600, maxWidth: '100%' }}
    />
  );
}
