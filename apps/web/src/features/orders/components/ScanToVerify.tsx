import { ORDER_MESSAGES } from '@wms/contract/orders';
import { ScanField, type ScanOutcome } from '../../../components/ScanField';
import { useScanOrderSku } from '../api';
import { orderFailure } from '../order-failure';

/**
 * Scan-to-verify: each scanned SKU or product barcode (keyboard-wedge scanner, typing, or the phone camera) verifies
 * the next unverified unit of that product; a code not in the order or an over-scan is said clearly.
 */
export function ScanToVerify({ orderId }: { orderId: number }) {
  const scanOrderSku = useScanOrderSku();

  const verify = async (code: string): Promise<ScanOutcome> => {
    try {
      const answer = await scanOrderSku.mutateAsync({ orderId, sku: code });
      return {
        status: 'success',
        message: answer.all_verified ? `${answer.message}. Every item of this order is verified.` : answer.message,
      };
    } catch (error) {
      // A code not in the order, an over-scan (422) or any other refusal: this scan verified nothing.
      return { status: 'not-found', message: orderFailure(error, ORDER_MESSAGES.statusUpdateFailed) ?? '' };
    }
  };

  return (
    <ScanField
      label="Scan SKU or barcode"
      placeholder="Scan or type a SKU or barcode, then Enter"
      emptyMessage={ORDER_MESSAGES.skuRequired}
      onScan={verify}
    />
  );
}
