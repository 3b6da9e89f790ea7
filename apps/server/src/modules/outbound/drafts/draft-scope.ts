import { DRAFT_MESSAGES } from '@wms/contract/drafts';
import type { SQL } from 'drizzle-orm';
import type { ScopedResource } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import { warehouseAccountScope } from '../../../auth/scope-repository';
import { bulkOrderDrafts } from '../../../db/schema/drafts';
import { notFound } from '../../../http/errors';

/** Drafts are scoped like orders: a manager through the warehouse, a client through an owned account. */
export const draftScope = (scope: Scope): SQL | undefined =>
  warehouseAccountScope(scope, { warehouseId: bulkOrderDrafts.warehouseId, accountId: bulkOrderDrafts.accountId });

/** Drafts for the access gate (`requireAccess`): an id out of scope answers 404 exactly like a missing one. */
export const draftResource: ScopedResource = {
  table: bulkOrderDrafts,
  id: bulkOrderDrafts.id,
  scopeCondition: draftScope,
  notFoundMessage: DRAFT_MESSAGES.notFound,
};

/**
 * A scoped write (drafts-repository.ts, draft-files-repository.ts) that changed fewer rows than it should: the draft
 * is out of the caller's scope even though the gate let the request through. Answered like any out-of-scope id, and
 * the transaction rolls back.
 */
export function requireDraftChanged(rows: number, expected = 1): void {
  if (rows < expected) throw notFound(DRAFT_MESSAGES.notFound);
}
