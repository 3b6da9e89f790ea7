import { Box, Chip } from '@mui/material';
import {
  INQUIRY_STATUS_LABELS,
  INQUIRY_TYPE_LABELS,
  type InquiryStatus,
  type InquiryType,
} from '@wms/contract/inquiries';

/** Spec 2 §4 colours; the marker carries the colour so the label keeps full contrast (axe). */
const TYPE_COLORS: Record<InquiryType, string> = {
  general: '#3B82F6',
  orders: '#8B5CF6',
  account: '#F97316',
  products: '#10B981',
  inventory: '#14B8A6',
  delivery_shipping_issues: '#6366F1',
  finance_billing: '#D97706',
};
const STATUS_COLORS: Record<InquiryStatus, string> = {
  open: '#F97316',
  in_progress: '#3B82F6',
  resolved: '#10B981',
  closed: '#6B7280',
};

function ColourChip({ label, color }: { label: string; color: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      sx={{ borderColor: color }}
      icon={
        <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color, ml: '8px !important' }} />
      }
    />
  );
}

export const InquiryTypeChip = ({ type }: { type: InquiryType }) => (
  <ColourChip label={INQUIRY_TYPE_LABELS[type] ?? type} color={TYPE_COLORS[type] ?? '#6B7280'} />
);

export const InquiryStatusChip = ({ status }: { status: InquiryStatus }) => (
  <ColourChip label={INQUIRY_STATUS_LABELS[status] ?? status} color={STATUS_COLORS[status] ?? '#6B7280'} />
);
