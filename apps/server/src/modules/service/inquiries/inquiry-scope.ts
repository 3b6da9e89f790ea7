import { INQUIRY_MESSAGES } from '@wms/contract/inquiries';
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ScopedResource } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import { inquiries } from '../../../db/schema/inquiries';
import { notFound } from '../../../http/errors';

/** What an inquiry's reach depends on: the caller's scope, and who the caller is (a creator reaches their own). */
export interface InquiryReach {
  scope: Scope;
  userId: number;
}

const within = (column: typeof inquiries.warehouseId | typeof inquiries.accountId, ids: number[]) =>
  ids.length ? inArray(column, ids) : sql`false`;

/**
 * Who reads which inquiries: admins all; a manager those of their warehouses; a client those about accounts they
 * own, and their own (a general inquiry may concern no account) — never another client's.
 */
export function inquiryScopeCondition({ scope, userId }: InquiryReach): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'warehouses') return within(inquiries.warehouseId, scope.warehouseIds);
  return or(within(inquiries.accountId, scope.accountIds), eq(inquiries.userId, userId));
}

/** Inquiries for the access gate (`requireAccess`), as the caller `userId` reaches them. */
export const inquiryResource = (userId: number): ScopedResource => ({
  table: inquiries,
  id: inquiries.id,
  scopeCondition: (scope) => inquiryScopeCondition({ scope, userId }),
  notFoundMessage: INQUIRY_MESSAGES.notFound,
});

/**
 * A scoped write (inquiries-repository.ts) that changed no row: the inquiry is out of the caller's reach even though
 * the gate let the request through. Answered like any out-of-scope id, and the transaction rolls back.
 */
export function requireInquiryChanged(rows: number): void {
  if (rows === 0) throw notFound(INQUIRY_MESSAGES.notFound);
}
