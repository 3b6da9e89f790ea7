import type { ReturnDisposition } from '@wms/contract/returns';

/** How each disposition reads on screen (Shopify's vocabulary underneath). */
export const DISPOSITION_LABELS: Record<ReturnDisposition, string> = {
  restocked: 'Restocked',
  processing_required: 'Quarantine',
  not_restocked: 'Not restocked',
  missing: 'Missing',
};

/** Units of these dispositions enter a location (restocked: storage or pick; processing_required: quarantine). */
export const dispositionNeedsLocation = (disposition: ReturnDisposition) =>
  disposition === 'restocked' || disposition === 'processing_required';
