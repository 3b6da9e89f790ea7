import type { StatusModule } from '@wms/contract/order-lifecycle';
import {
  STATUS_MESSAGES,
  type Status,
  type StatusCreateInput,
  type StatusListQuery,
  type StatusUpdateInput,
} from '@wms/contract/statuses';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { refuseDuplicate, refuseWhenReferenced } from '../../../http/database-errors';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import {
  deleteStatusRow,
  findStatusRow,
  findStatusView,
  insertStatus,
  isStatusInUse,
  isStatusNameTaken,
  listStatuses as listStatusRows,
  replaceStatusModules,
  type StatusRow,
  updateStatusRow,
} from './statuses-repository';

/**
 * Statuses are global master data (no warehouse or account scope). What a status does to stock is its lifecycle;
 * the statuses the order rules depend on (system_key) keep their lifecycle, stay active and stay in the orders
 * module, but may be renamed, described, recoloured and re-sorted.
 */
/** GET /api/statuses: every status matching the filters, unpaged (spec 2 §2). */
export const listStatuses = (db: Executor, filter: StatusListQuery): Promise<Status[]> => listStatusRows(db, filter);

export async function getStatus(db: Executor, id: number): Promise<Status> {
  const status = await findStatusView(db, id);
  if (!status) throw notFound(STATUS_MESSAGES.notFound);
  return status;
}

async function assertNameFree(db: Executor, name: string, exceptId?: number) {
  if (await isStatusNameTaken(db, name, exceptId)) throw fieldError('name', STATUS_MESSAGES.nameTaken);
}

function assertSystemRulesKept(row: StatusRow, change: { isActive?: boolean; modules?: readonly string[] }) {
  if (!row.systemKey) return;
  if (change.isActive === false) throw conflict(STATUS_MESSAGES.systemCannotBeDeactivated);
  if (change.modules && !change.modules.includes('orders')) throw conflict(STATUS_MESSAGES.systemNeedsOrdersModule);
}

const record = (
  tx: Executor,
  auth: RequestAuth,
  kind: 'status.created' | 'status.updated' | 'status.deleted',
  id: number,
  name: string,
) =>
  recordEvent(tx, {
    kind,
    payload: { name },
    actorId: auth.user.id,
    subject: { type: 'status', id },
    warehouseIds: [],
    accountIds: [],
  });

export async function createStatus(db: Database, auth: RequestAuth, input: StatusCreateInput): Promise<Status> {
  await assertNameFree(db, input.name);
  const id = await refuseDuplicate(
    () =>
      inTransaction(db, async (tx) => {
        const created = await insertStatus(tx, {
          name: input.name,
          description: input.description,
          color: input.color,
          isActive: input.is_active,
          sortOrder: input.sort_order,
          audience: input.audience,
          lifecycle: input.lifecycle,
        });
        await replaceStatusModules(tx, created, input.modules);
        await record(tx, auth, 'status.created', created, input.name);
        return created;
      }),
    'name',
    STATUS_MESSAGES.nameTaken,
  );
  return getStatus(db, id);
}

export async function updateStatus(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: StatusUpdateInput,
): Promise<Status> {
  await assertNameFree(db, input.name, id);
  await refuseDuplicate(
    () =>
      inTransaction(db, async (tx) => {
        const row = await findStatusRow(tx, id, true);
        if (!row) throw notFound(STATUS_MESSAGES.notFound);
        assertSystemRulesKept(row, { isActive: input.is_active, modules: input.modules });
        await updateStatusRow(tx, id, {
          name: input.name,
          description: input.description,
          color: input.color,
          isActive: input.is_active,
          sortOrder: input.sort_order,
          audience: input.audience,
          // The rules' own statuses keep the lifecycle the rules need.
          lifecycle: row.systemKey ? row.lifecycle : input.lifecycle,
        });
        await replaceStatusModules(tx, id, input.modules);
        await record(tx, auth, 'status.updated', id, input.name);
      }),
    'name',
    STATUS_MESSAGES.nameTaken,
  );
  return getStatus(db, id);
}

export async function toggleStatusActive(db: Database, auth: RequestAuth, id: number): Promise<Status> {
  await inTransaction(db, async (tx) => {
    const row = await findStatusRow(tx, id, true);
    if (!row) throw notFound(STATUS_MESSAGES.notFound);
    assertSystemRulesKept(row, { isActive: !row.isActive });
    await updateStatusRow(tx, id, { isActive: !row.isActive });
    await record(tx, auth, 'status.updated', id, row.name);
  });
  return getStatus(db, id);
}

export async function assignStatusModules(
  db: Database,
  auth: RequestAuth,
  id: number,
  modules: readonly StatusModule[],
): Promise<Status> {
  await inTransaction(db, async (tx) => {
    const row = await findStatusRow(tx, id, true);
    if (!row) throw notFound(STATUS_MESSAGES.notFound);
    assertSystemRulesKept(row, { modules });
    await replaceStatusModules(tx, id, modules);
    await record(tx, auth, 'status.updated', id, row.name);
  });
  return getStatus(db, id);
}

/** Refused for the rules' statuses and for statuses orders still carry (RESTRICT key as the safety net). */
export async function deleteStatus(db: Database, auth: RequestAuth, id: number): Promise<void> {
  await refuseWhenReferenced(
    () =>
      inTransaction(db, async (tx) => {
        const row = await findStatusRow(tx, id, true);
        if (!row) throw notFound(STATUS_MESSAGES.notFound);
        if (row.systemKey) throw conflict(STATUS_MESSAGES.systemCannotBeDeleted);
        if (await isStatusInUse(tx, id)) throw conflict(STATUS_MESSAGES.inUse);
        await deleteStatusRow(tx, id);
        await record(tx, auth, 'status.deleted', id, row.name);
      }),
    STATUS_MESSAGES.inUse,
  );
}
