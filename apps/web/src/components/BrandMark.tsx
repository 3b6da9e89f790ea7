import WarehouseIcon from '@mui/icons-material/Warehouse';
import { Stack, Typography } from '@mui/material';

interface BrandMarkProps {
  size?: 'small' | 'large';
  color?: string;
}

/** The product's short label with its warehouse icon (spec 1 §1). */
export function BrandMark({ size = 'small', color = 'inherit' }: BrandMarkProps) {
  const large = size === 'large';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color }}>
      <WarehouseIcon sx={{ fontSize: large ? 44 : 28 }} />
      <Typography variant={large ? 'h4' : 'h6'} component="span" sx={{ fontWeight: 700, letterSpacing: 1 }}>
        WMS
      </Typography>
    </Stack>
  );
}
