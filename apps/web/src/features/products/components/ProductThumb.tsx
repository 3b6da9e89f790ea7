import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Avatar } from '@mui/material';

/** A product's photo as a small square, or a placeholder icon when it has none (or it fails to load). */
export function ProductThumb({
  src,
  name,
  size = 40,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
}) {
  return (
    <Avatar
      variant="rounded"
      src={src ?? undefined}
      alt={name}
      sx={{ width: size, height: size, bgcolor: 'grey.100', color: 'grey.500', border: 1, borderColor: 'divider' }}
      slotProps={{ img: { loading: 'lazy', referrerPolicy: 'no-referrer' } }}
    >
      <Inventory2OutlinedIcon fontSize="small" />
    </Avatar>
  );
}
