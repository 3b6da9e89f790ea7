import {
  INQUIRY_MESSAGES,
  INQUIRY_SUBJECT_OF,
  type Inquiry,
  type InquiryCreateInput,
  type InquiryListQuery,
  type InquiryUpdateInput,
} from '@wms/contract/inquiries';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import { canSeeWarehouse, type Scope } from '../../../auth/scope';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, fieldError, forbidden, notFound } from '../../../http/errors';
import { listActivity, recordEvent } from '../../platform/activity/activity-api';
import {
  assignmentCandidates,
  countInquiriesByStatus,
  deleteInquiryRow,
  findInquiryView,
  type InquiryRow,
  inquiryHolder,
  insertInquiry,
  listAssignableUsers,
  listInquiryRows,
  lockInquiry,
  updateInquiryRow,
} from './inquiries-repository';
import { type InquiryReach, inquiryResource, requireInquiryChanged } from './inquiry-scope';
import { findSubjects, type SubjectType } from './inquiry-subjects-repository';
import { toInquiryView } from './inquiry-view';

const showAssignee = (auth: RequestAuth) => auth.allows('seeInquiryAssignees');

export async function listInquiries(db: Database, auth: RequestAuth, filter: InquiryListQuery) {
  const scope = await auth.scope();
  // Only staff filter by assignee: a client's filter would reveal who handles what.
  const effective = showAssignee(auth) ? filter : { ...filter, assigned_to: undefined };
  const { rows, total } = await listInquiryRows(db, scope, auth.user.id, effective);
  return { data: rows.map((r) => toInquiryView(r, { showAssignee: showAssignee(auth) })), total };
}

export async function inquiryStatistics(db: Database, auth: RequestAuth, warehouseId?: number) {
  return countInquiriesByStatus(db, await auth.scope(), auth.user.id, warehouseId);
}

async function viewOf(db: Executor, auth: RequestAuth, id: number): Promise<Inquiry> {
  const row = await findInquiryView(db, id);
  if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
  return toInquiryView(row, { showAssignee: showAssignee(auth) });
}

export async function getInquiry(db: Database, auth: RequestAuth, id: number): Promise<Inquiry> {
  await requireAccess(db, await auth.scope(), inquiryResource(auth.user.id), id);
  return viewOf(db, auth, id);
}

/** The status history on the detail page, from the activity log (typed inquiry events). */
export async function inquiryTimeline(db: Database, auth: RequestAuth, id: number) {
  const scope = await auth.scope();
  await requireAccess(db, scope, inquiryResource(auth.user.id), id);
  // Read with every scope (the access gate checked the inquiry); clients do not learn who it was assigned to.
  return listActivity(
    db,
    { kind: 'all' },
    { subject: { type: 'inquiry', id }, limit: 50, audience: showAssignee(auth) ? 'staff' : 'client' },
  );
}

interface ResolvedSubject {
  type: SubjectType | null;
  id: number | null;
  name: string | null;
  accountId: number | null;
}

async function resolveSubject(db: Executor, scope: Scope, input: InquiryCreateInput): Promise<ResolvedSubject> {
  const type = INQUIRY_SUBJECT_OF[input.type];
  if (!type) return { type: null, id: null, name: null, accountId: input.account_id ?? null };
  if (input.subject_id === undefined) {
    return {
      type,
      id: null,
      name: input.subject_name ?? input.order_number ?? null,
      accountId: input.account_id ?? null,
    };
  }
  const [subject] = await findSubjects(db, scope, type, { id: input.subject_id, limit: 1 });
  if (!subject) throw fieldError('subject_id', INQUIRY_MESSAGES.subjectInvalid);
  if (subject.warehouseId !== null && subject.warehouseId !== input.warehouse_id) {
    throw fieldError('subject_id', INQUIRY_MESSAGES.subjectInvalid);
  }
  return { type, id: subject.id, name: subject.label, accountId: subject.accountId };
}

async function assertAccountInScope(db: Executor, scope: Scope, accountId: number | null) {
  if (accountId === null || scope.kind === 'all') return;
  const [own] = await findSubjects(db, scope, 'account', { id: accountId, limit: 1 });
  if (!own) throw fieldError('account_id', INQUIRY_MESSAGES.subjectInvalid);
}

export async function createInquiry(db: Database, auth: RequestAuth, input: InquiryCreateInput): Promise<Inquiry> {
  const scope = await auth.scope();
  if (!canSeeWarehouse(scope, input.warehouse_id)) throw fieldError('warehouse_id', INQUIRY_MESSAGES.warehouseRequired);
  const subject = await resolveSubject(db, scope, input);
  await assertAccountInScope(db, scope, subject.accountId);
  if (subject.accountId === null && scope.kind === 'accounts') {
    // A client's inquiry always concerns one of their accounts (the selected one), so their scope covers it.
    subject.accountId = scope.accountIds[0] ?? null;
  }
  const id = await inTransaction(db, async (tx) => {
    const assignee = await assignmentCandidates(tx, input.warehouse_id);
    const created = await insertInquiry(tx, {
      type: input.type,
      subtype: input.subtype ?? null,
      query: input.query,
      warehouseId: input.warehouse_id,
      accountId: subject.accountId,
      userId: auth.user.id,
      assignedTo: assignee?.id ?? null,
      assignedAt: assignee ? new Date() : null,
      subjectType: subject.type,
      subjectId: subject.id,
      subjectName: subject.name,
    });
    const scopeIds = { warehouseIds: [input.warehouse_id], accountIds: subject.accountId ? [subject.accountId] : [] };
    await recordEvent(tx, {
      kind: 'inquiry.created',
      payload: { inquiry_id: created, type: input.type, subject: subject.name },
      actorId: auth.user.id,
      subject: { type: 'inquiry', id: created },
      ...scopeIds,
    });
    if (assignee) {
      await recordEvent(tx, {
        kind: 'inquiry.assigned',
        payload: { inquiry_id: created, assignee_name: assignee.name },
        actorId: null,
        subject: { type: 'inquiry', id: created },
        ...scopeIds,
      });
    }
    return created;
  });
  return viewOf(db, auth, id);
}

/**
 * The caller's reach, resolved before a transaction opens (resolving reads through the request's own handle, which
 * on a single-connection database would wait for the transaction). The lock and the writes carry it, so a change
 * that skipped the access gate still changes nothing.
 */
const reachOf = async (auth: RequestAuth): Promise<InquiryReach> => ({
  scope: await auth.scope(),
  userId: auth.user.id,
});

const scopeIdsOf = (row: InquiryRow) => ({
  warehouseIds: [row.warehouseId],
  accountIds: row.accountId ? [row.accountId] : [],
});

/**
 * Spec 2 §6/§7: staff, or the creator, edit (with `edit inquiries`); everyone may change the query; staff and the
 * creating client the status and response; only administrators the assignee.
 */
export async function updateInquiry(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: InquiryUpdateInput,
): Promise<Inquiry> {
  const reach = await reachOf(auth);
  await requireAccess(db, reach.scope, inquiryResource(auth.user.id), id);
  await inTransaction(db, async (tx) => {
    const row = await lockInquiry(tx, reach, id);
    if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
    const isCreator = row.userId === auth.user.id;
    if (!auth.allows('editAnyInquiry') && !isCreator) throw forbidden(INQUIRY_MESSAGES.cannotEdit);
    if (input.assigned_to !== undefined) auth.require('assignInquiries', INQUIRY_MESSAGES.assignOnlyAdmins);
    const changes: Parameters<typeof updateInquiryRow>[3] = {};
    if (input.query !== undefined) changes.query = input.query;
    if (input.response !== undefined) changes.response = input.response;
    if (input.status !== undefined && input.status !== row.status) {
      changes.status = input.status;
      const resolving = input.status === 'resolved' || input.status === 'closed';
      changes.resolvedAt = resolving ? new Date() : null;
      changes.resolvedBy = resolving ? auth.user.id : null;
    }
    let newAssignee: { name: string } | undefined;
    if (input.assigned_to !== undefined && input.assigned_to !== row.assignedTo) {
      if (input.assigned_to !== null) {
        newAssignee = await inquiryHolder(tx, input.assigned_to, row.warehouseId);
        if (!newAssignee) throw fieldError('assigned_to', INQUIRY_MESSAGES.assigneeInvalid);
      }
      changes.assignedTo = input.assigned_to;
      changes.assignedAt = input.assigned_to === null ? null : new Date();
    }
    requireInquiryChanged(await updateInquiryRow(tx, reach, id, changes));
    await recordEvent(tx, {
      kind: 'inquiry.updated',
      payload: { inquiry_id: id, ...(changes.status ? { status: changes.status } : {}) },
      actorId: auth.user.id,
      subject: { type: 'inquiry', id },
      ...scopeIdsOf(row),
    });
    // Its own event, as on creation: the timeline shows it and the new assignee is notified.
    if (newAssignee) {
      await recordEvent(tx, {
        kind: 'inquiry.assigned',
        payload: { inquiry_id: id, assignee_name: newAssignee.name },
        actorId: auth.user.id,
        subject: { type: 'inquiry', id },
        ...scopeIdsOf(row),
      });
    }
  });
  return viewOf(db, auth, id);
}

/** Super-admin, or the creator (the route also needs `delete inquiries`). */
export async function deleteInquiry(db: Database, auth: RequestAuth, id: number): Promise<void> {
  const reach = await reachOf(auth);
  await requireAccess(db, reach.scope, inquiryResource(auth.user.id), id);
  await inTransaction(db, async (tx) => {
    const row = await lockInquiry(tx, reach, id);
    if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
    if (!auth.allows('deleteAnyInquiry') && row.userId !== auth.user.id) throw forbidden(INQUIRY_MESSAGES.cannotDelete);
    requireInquiryChanged(await deleteInquiryRow(tx, reach, id));
    await recordEvent(tx, {
      kind: 'inquiry.deleted',
      payload: { inquiry_id: id },
      actorId: auth.user.id,
      subject: { type: 'inquiry', id },
      ...scopeIdsOf(row),
    });
  });
}

/** Staff answer and resolve an open or in-progress inquiry, once. */
export async function resolveInquiry(db: Database, auth: RequestAuth, id: number, response: string): Promise<Inquiry> {
  auth.require('resolveInquiries', INQUIRY_MESSAGES.cannotResolve);
  const reach = await reachOf(auth);
  await requireAccess(db, reach.scope, inquiryResource(auth.user.id), id);
  await inTransaction(db, async (tx) => {
    const row = await lockInquiry(tx, reach, id);
    if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
    if (row.status === 'resolved' || row.status === 'closed') throw conflict(INQUIRY_MESSAGES.alreadyResolved);
    requireInquiryChanged(
      await updateInquiryRow(tx, reach, id, {
        status: 'resolved',
        response,
        resolvedAt: new Date(),
        resolvedBy: auth.user.id,
      }),
    );
    await recordEvent(tx, {
      kind: 'inquiry.resolved',
      payload: { inquiry_id: id },
      actorId: auth.user.id,
      subject: { type: 'inquiry', id },
      ...scopeIdsOf(row),
    });
  });
  return viewOf(db, auth, id);
}

export async function subjectOptions(
  db: Database,
  auth: RequestAuth,
  inquiryType: keyof typeof INQUIRY_SUBJECT_OF,
  filter: { search?: string; warehouse_id?: number; account_id?: number },
) {
  const type = INQUIRY_SUBJECT_OF[inquiryType];
  if (!type) return [];
  const scope = await auth.scope();
  const list = await findSubjects(db, scope, type, {
    search: filter.search,
    warehouseId: type === 'order' ? filter.warehouse_id : undefined,
    // Clients pick among the selected account's subjects; staff search across their scope.
    accountId: scope.kind === 'accounts' ? filter.account_id : undefined,
    limit: 20,
  });
  return list.map((s) => ({ id: s.id, value: s.id, label: s.label }));
}

/** Staff an inquiry can go to, within the caller's reach (and the header's warehouse when given). */
export async function assignableUsers(auth: RequestAuth, db: Database, warehouseId: number | undefined) {
  const scope = await auth.scope();
  const reach =
    scope.kind === 'all'
      ? warehouseId === undefined
        ? undefined
        : [warehouseId]
      : scope.warehouseIds.filter((w) => warehouseId === undefined || w === warehouseId);
  return listAssignableUsers(db, reach);
}
