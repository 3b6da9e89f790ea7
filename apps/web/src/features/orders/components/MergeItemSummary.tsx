import CallMergeIcon from '@mui/icons-material/CallMerge';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { type MergeItemRow, ORDER_MESSAGES } from '@wms/contract/orders';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { downloadMergePdf } from '../api';
import { orderFailure } from '../order-failure';

/** A merge item's line (spec 2 §2): title, orders_count, creator name, PDF name, and its PDF download. */
export function MergeItemSummary({ item }: { item: MergeItemRow }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadMergePdf(item.merge_item_id);
    } catch (error) {
      const message = orderFailure(error, ORDER_MESSAGES.pdfDownloadFailed);
      if (message) notifyError(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { sm: 'center' } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <CallMergeIcon color="primary" aria-hidden />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700 }}>
            {item.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {item.orders_count} {item.orders_count === 1 ? 'order' : 'orders'} · by {item.creator?.name ?? 'unknown'} ·{' '}
            {item.pdf_original_name ?? 'PDF built from labels'}
          </Typography>
        </Box>
      </Stack>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PictureAsPdfOutlinedIcon />}
        onClick={() => void download()}
        disabled={busy}
        sx={{ ml: { sm: 'auto' }, alignSelf: { xs: 'flex-start', sm: 'center' }, whiteSpace: 'nowrap' }}
      >
        Download PDF
      </Button>
    </Stack>
  );
}
