import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Alert, Box, InputAdornment, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { ORDER_MESSAGES } from '@wms/contract/orders';
import { useEffect, useRef, useState } from 'react';
import { scanOrderSku } from '../api';
import { orderFailure } from '../orderFailure';
import { orderKeys } from '../query-keys';

interface Feedback {
  severity: 'success' | 'error' | 'warning';
  text: string;
}

/**
 * Scan-to-verify: a focused input where a barcode scanner (it types the SKU, then Enter) or a person enters SKUs.
 * Each scan verifies the next unverified unit of that SKU; a wrong SKU or an over-scan is said clearly, and the
 * input is cleared and keeps the focus for the next scan.
 */
export function ScanToVerify({ orderId }: { orderId: number }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [sku, setSku] = useState('');
  // A ref, not state: the input stays enabled (and focused) while a scan is sent; Enter meanwhile is ignored.
  const busy = useRef(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  useEffect(() => input.current?.focus(), []);

  const submit = async () => {
    const scanned = sku.trim();
    if (!scanned) {
      setFeedback({ severity: 'warning', text: ORDER_MESSAGES.skuRequired });
      return;
    }
    if (busy.current) return;
    busy.current = true;
    try {
      const answer = await scanOrderSku(orderId, scanned);
      queryClient.setQueryData(orderKeys.detail(orderId), answer.data);
      setFeedback({
        severity: 'success',
        text: answer.all_verified ? `${answer.message}. Every item of this order is verified.` : answer.message,
      });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    } catch (error) {
      setFeedback({ severity: 'error', text: orderFailure(error, ORDER_MESSAGES.statusUpdateFailed) ?? '' });
    } finally {
      busy.current = false;
      setSku('');
      input.current?.focus();
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <TextField
        inputRef={input}
        label="Scan SKU"
        placeholder="Scan or type a SKU, then Enter"
        fullWidth
        value={sku}
        onChange={(event) => setSku(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void submit();
          }
        }}
        slotProps={{
          htmlInput: { maxLength: 255, autoComplete: 'off', spellCheck: false },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <QrCodeScannerIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box aria-live="polite" sx={{ mt: 1, minHeight: 48 }}>
        {feedback && (
          <Alert severity={feedback.severity} data-testid="scan-feedback">
            {feedback.text}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
