import type { WarehouseDetail, WarehouseInput, WarehouseStatistics } from '@wms/contract/warehouses';
import { WAREHOUSE_MESSAGES } from '@wms/contract/warehouses';
import type { RequestAuth } from '../../../auth/request-auth';
import { visibleUserIds } from '../../../auth/scope-repository';
import type { Database, Executor } from '../../../db/client';
import { refuseDuplicate } from '../../../http/database-errors';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { addUnassignedLocation } from '../../floor/locations/locations-api';
import { deleteRecorded, recordEvent } from '../../platform/activity/activity-api';
import { loadWarehouseDetail, warehouseStatistics } from './warehouse-detail-repository';
import {
  assignWarehouseUsers,
  deleteWarehouseRow,
  findUserName,
  findWarehouseInScope,
  insertCustomCartonType,
  insertWarehouse,
  isWarehouseCodeTaken,
  listActiveWarehouses,
  listPublicWarehouses,
  listWarehouses,
  lockWarehouse,
  removeWarehouseUser,
  replaceWarehouseUsers,
  updateWarehouseRow,
  type WarehouseColumns,
  warehouseDependents,
} from './warehouses-repository';

/** A warehouse's events concern the warehouse itself (kept as an id, so they stay readable after a delete). */
const warehouseEvent = (auth: RequestAuth, id: number) => ({
  actorId: auth.user.id,
  subject: { type: 'warehouse', id },
  warehouseIds: [id],
  accountIds: [],
});

/** A scoped write that changed no row: the warehouse is out of the caller's scope (404, the transaction rolls back). */
function requireChanged(rows: number): void {
  if (rows === 0) throw notFound();
}

async function warehouseInScope(db: Database, auth: RequestAuth, id: number) {
  const warehouse = await findWarehouseInScope(db, await auth.scope(), id);
  if (!warehouse) throw notFound();
  return warehouse;
}

/** Active warehouses for the registration form (public): identifying fields only. */
export const listRegistrationWarehouses = (db: Executor) => listPublicWarehouses(db);

/** Warehouses in the caller's scope, with assigned users' names for those who may view users. */
export async function listWarehousesInScope(
  db: Executor,
  auth: RequestAuth,
  filter: Parameters<typeof listWarehouses>[2],
) {
  return listWarehouses(db, await auth.scope(), filter, { withUserNames: auth.can('view users') });
}

export async function listActiveWarehousesInScope(db: Executor, auth: RequestAuth) {
  return listActiveWarehouses(db, await auth.scope());
}

const detailOf = async (db: Database, auth: RequestAuth, id: number) =>
  loadWarehouseDetail(db, await warehouseInScope(db, auth, id), auth.can('view users'));

export const getWarehouseDetail = detailOf;

export async function getWarehouseStatistics(
  db: Database,
  auth: RequestAuth,
  id: number,
): Promise<WarehouseStatistics> {
  await warehouseInScope(db, auth, id);
  return warehouseStatistics(db, await auth.scope(), id, auth.can('view users'));
}

/** Only the fields that were sent (undefined = leave as is); blank optional fields were turned into null. */
function columnsOf(input: WarehouseInput): Partial<WarehouseColumns> {
  const columns: Partial<WarehouseColumns> = {
    name: input.name,
    code: input.code,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zip_code,
    country: input.country,
    phone: input.phone,
    email: input.email,
    managerName: input.manager_name,
    isActive: input.is_active,
    notes: input.notes,
    timezone: input.timezone,
    aisleSpacingCm: input.aisle_spacing_cm,
    rackSpacingCm: input.rack_spacing_cm,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

async function assertCodeFree(db: Database, code: string, exceptId?: number): Promise<void> {
  if (await isWarehouseCodeTaken(db, code, exceptId)) throw fieldError('code', WAREHOUSE_MESSAGES.codeTaken);
}

/** User ids sent by the caller, each existing and visible to them (422 otherwise). */
async function checkedUserIds(db: Database, auth: RequestAuth, ids: number[], field: string): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const visible = await visibleUserIds(db, await auth.scope(), auth.user.id, wanted);
  if (visible.length !== wanted.length) throw fieldError(field, WAREHOUSE_MESSAGES.userInvalid);
  return wanted;
}

export async function createWarehouse(
  db: Database,
  auth: RequestAuth,
  input: WarehouseInput,
): Promise<WarehouseDetail> {
  // A new warehouse is in no one's scope but an administrator's (a manager's or client's warehouses were resolved
  // when the request began): refuse before writing rather than create it and answer 404, should a
  // role ever be given `create warehouses`.
  const scope = await auth.scope();
  if (scope.kind !== 'all') throw notFound();
  await assertCodeFree(db, input.code);
  const userIds = await checkedUserIds(db, auth, input.user_ids ?? [], 'user_ids');
  const id = await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        const warehouseId = await insertWarehouse(tx, { isActive: true, ...columnsOf(input) } as WarehouseColumns);
        await assignWarehouseUsers(tx, scope, warehouseId, userIds);
        // Every warehouse has somewhere for stock that names no location.
        await addUnassignedLocation(tx, warehouseId);
        // …and a Custom carton type for parcels of any size.
        await insertCustomCartonType(tx, warehouseId);
        await recordEvent(tx, {
          kind: 'warehouse.created',
          payload: { name: input.name, code: input.code },
          ...warehouseEvent(auth, warehouseId),
        });
        return warehouseId;
      }),
    'code',
    WAREHOUSE_MESSAGES.codeTaken,
  );
  return detailOf(db, auth, id);
}

export async function updateWarehouse(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: WarehouseInput,
): Promise<WarehouseDetail> {
  const scope = await auth.scope();
  const before = await warehouseInScope(db, auth, id);
  await assertCodeFree(db, input.code, id);
  const userIds = input.user_ids && (await checkedUserIds(db, auth, input.user_ids, 'user_ids'));
  const columns = columnsOf(input);
  const statusChanged = columns.isActive !== undefined && columns.isActive !== before.isActive;
  await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        requireChanged(await updateWarehouseRow(tx, scope, id, columns));
        if (userIds) await replaceWarehouseUsers(tx, scope, id, userIds);
        if (statusChanged) {
          await recordEvent(tx, {
            kind: 'warehouse.status_changed',
            payload: { name: input.name, active: columns.isActive === true },
            ...warehouseEvent(auth, id),
          });
        } else {
          await recordEvent(tx, {
            kind: 'warehouse.updated',
            payload: { name: input.name },
            ...warehouseEvent(auth, id),
          });
        }
      }),
    'code',
    WAREHOUSE_MESSAGES.codeTaken,
  );
  return detailOf(db, auth, id);
}

/**
 * A warehouse with linked accounts or assigned users is refused with 409 (deactivate it instead); so is one that
 * stock, orders or anything later still references (RESTRICT foreign keys).
 */
export async function deleteWarehouse(db: Database, auth: RequestAuth, id: number): Promise<void> {
  const scope = await auth.scope();
  const warehouse = await warehouseInScope(db, auth, id);
  const dependents = await warehouseDependents(db, id);
  if (dependents.accounts > 0 || dependents.users > 0) throw conflict(WAREHOUSE_MESSAGES.inUse);
  await deleteRecorded(
    db,
    async (tx) => requireChanged(await deleteWarehouseRow(tx, scope, id)),
    () => ({
      kind: 'warehouse.deleted' as const,
      payload: { name: warehouse.name, code: warehouse.code },
      ...warehouseEvent(auth, id),
    }),
    WAREHOUSE_MESSAGES.inUseByRecords,
  );
}

export async function assignUsers(
  db: Database,
  auth: RequestAuth,
  id: number,
  requested: number[],
): Promise<WarehouseDetail> {
  const scope = await auth.scope();
  const warehouse = await warehouseInScope(db, auth, id);
  const userIds = await checkedUserIds(db, auth, requested, 'user_ids');
  await db.transaction(async (tx) => {
    // Locked in scope: a change that skipped the check above finds no warehouse (404), and nothing is written.
    if (!(await lockWarehouse(tx, scope, id))) throw notFound();
    await assignWarehouseUsers(tx, scope, id, userIds);
    await recordEvent(tx, {
      kind: 'warehouse.users_assigned',
      payload: { name: warehouse.name, count: userIds.length },
      ...warehouseEvent(auth, id),
    });
  });
  return detailOf(db, auth, id);
}

export async function removeUser(
  db: Database,
  auth: RequestAuth,
  id: number,
  userId: number,
): Promise<WarehouseDetail> {
  const scope = await auth.scope();
  const warehouse = await warehouseInScope(db, auth, id);
  await checkedUserIds(db, auth, [userId], 'user_id');
  await db.transaction(async (tx) => {
    if (!(await lockWarehouse(tx, scope, id))) throw notFound();
    if (!(await removeWarehouseUser(tx, scope, id, userId)))
      throw fieldError('user_id', WAREHOUSE_MESSAGES.userNotAssigned);
    await recordEvent(tx, {
      kind: 'warehouse.user_removed',
      payload: { name: warehouse.name, user_name: (await findUserName(tx, userId)) ?? `User #${userId}` },
      ...warehouseEvent(auth, id),
    });
  });
  return detailOf(db, auth, id);
}
