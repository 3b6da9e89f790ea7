import type { User } from '@wms/contract/entities';
import type { Inquiry } from '@wms/contract/inquiries';
import { allows } from '@wms/contract/policy';
import { hasPermission } from '../../lib/permissions';

/** The server's inquiry rules (contract policy + permissions), mirrored to show only the actions that will work. */
export const isStaff = (user: User | null | undefined): boolean =>
  Boolean(user && allows(user.role, 'seeInquiryAssignees'));

export const canEditInquiry = (user: User | null | undefined, inquiry: Inquiry): boolean =>
  Boolean(user) &&
  hasPermission(user, 'edit inquiries') &&
  (allows(user!.role, 'editAnyInquiry') || inquiry.user_id === user!.id);

export const canDeleteInquiry = (user: User | null | undefined, inquiry: Inquiry): boolean =>
  Boolean(user) &&
  hasPermission(user, 'delete inquiries') &&
  (allows(user!.role, 'deleteAnyInquiry') || inquiry.user_id === user!.id);

export const canResolveInquiry = (user: User | null | undefined, inquiry: Inquiry): boolean =>
  Boolean(user) && allows(user!.role, 'resolveInquiries') && !inquiry.is_resolved;

export const canAssignInquiry = (user: User | null | undefined): boolean =>
  Boolean(user && allows(user.role, 'assignInquiries'));
