import { Chip, type ChipProps } from '@mui/material';

interface StatusChipProps {
  /** Raw status value, e.g. 'active', 'in_progress'. */
  status: string;
  size?: ChipProps['size'];
}

const COLORS: Record<string, ChipProps['color']> = {
  active: 'success',
  inactive: 'default',
};

/** 'in_progress' → 'In Progress'. */
export const statusLabel = (status: string): string =>
  status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export function StatusChip({ status, size = 'small' }: StatusChipProps) {
  return <Chip label={statusLabel(status)} color={COLORS[status] ?? 'default'} size={size} variant="outlined" />;
}
