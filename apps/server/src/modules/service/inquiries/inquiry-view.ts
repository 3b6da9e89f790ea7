import {
  humanizeSince,
  INQUIRY_STATUS_LABELS,
  INQUIRY_TYPE_LABELS,
  type Inquiry,
  type InquiryStatus,
  type InquiryType,
} from '@wms/contract/inquiries';
import type { InquiryViewRow } from './inquiries-repository';

/** The §3 Inquiry answer. Clients never receive the assignee: the key is absent, not hidden. */
export function toInquiryView(v: InquiryViewRow, options: { showAssignee: boolean }): Inquiry {
  const r = v.row;
  const subjectType = (r.subjectType as Inquiry['subject_type']) ?? null;
  const subject =
    subjectType === 'order' && v.orderNumber !== null
      ? {
          order_number: v.orderNumber,
          customer_name: v.orderCustomer ?? '',
          formatted_status: v.orderStatus ?? '',
        }
      : subjectType === 'product' && v.productName !== null
        ? { name: v.productName, sku: v.productSku ?? '' }
        : subjectType === 'account' && v.subjectAccountName !== null
          ? { name: v.subjectAccountName, status: v.subjectAccountStatus ?? '' }
          : null;
  const displayName =
    subjectType === 'order' && v.orderNumber
      ? `${v.orderNumber}${v.orderCustomer ? ` (${v.orderCustomer})` : ''}`
      : subjectType === 'product' && v.productName
        ? `${v.productName}${v.productSku ? ` (${v.productSku})` : ''}`
        : subjectType === 'account' && v.subjectAccountName
          ? v.subjectAccountName
          : r.subjectName;
  const createdAt = r.createdAt.toISOString();
  const view: Inquiry = {
    id: r.id,
    type: r.type as InquiryType,
    subtype: r.subtype,
    query: r.query,
    status: r.status as InquiryStatus,
    response: r.response,
    user_id: r.userId,
    user: v.creatorName === null ? null : { name: v.creatorName, email: v.creatorEmail ?? '' },
    warehouse: v.warehouse,
    account: r.accountId === null || v.accountName === null ? null : { id: r.accountId, name: v.accountName },
    subject_id: r.subjectId,
    subject_type: subjectType,
    subject_name: r.subjectName,
    subject_display_name: displayName ?? null,
    subject,
    formatted_type: INQUIRY_TYPE_LABELS[r.type as InquiryType] ?? r.type,
    formatted_status: INQUIRY_STATUS_LABELS[r.status as InquiryStatus] ?? r.status,
    created_at: createdAt,
    created_at_human: humanizeSince(createdAt),
    updated_at: r.updatedAt.toISOString(),
    resolved_at: r.resolvedAt?.toISOString() ?? null,
    is_resolved: r.status === 'resolved' || r.status === 'closed',
  };
  if (options.showAssignee) {
    view.assigned_to =
      v.assigneeId === null ? null : { id: v.assigneeId, name: v.assigneeName ?? '', email: v.assigneeEmail ?? '' };
  }
  return view;
}
