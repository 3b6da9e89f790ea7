import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import { Avatar, Chip, Stack } from '@mui/material';
import { ORDER_THUMBNAILS } from '@wms/contract/orders';

/** Spec 2 §2: up to 3 product thumbnails, then a '+N' chip for the rest. */
export function OrderThumbnails({ images, total }: { images: string[]; total: number }) {
  const shown = images.slice(0, ORDER_THUMBNAILS);
  const more = Math.max(0, total - shown.length);
  if (shown.length === 0) {
    return (
      <Avatar variant="rounded" sx={{ width: 36, height: 36, bgcolor: 'action.hover', color: 'text.secondary' }}>
        <ImageNotSupportedOutlinedIcon fontSize="small" titleAccess="No image" />
      </Avatar>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {shown.map((url) => (
        <Avatar
          key={url}
          variant="rounded"
          src={url}
          alt=""
          sx={{ width: 36, height: 36 }}
          slotProps={{ img: { loading: 'lazy' } }}
        />
      ))}
      {more > 0 && <Chip size="small" label={`+${more}`} aria-label={`${more} more products`} />}
    </Stack>
  );
}
