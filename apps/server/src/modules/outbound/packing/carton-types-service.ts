import { type CartonType, type CartonTypeInput, PACKING_MESSAGES } from '@wms/contract/packing';
import { isWarehouseInScope } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { refuseDuplicate } from '../../../http/database-errors';
import { fieldError, forbidden, notFound } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import {
  type CartonTypeValues,
  deactivateCartonType,
  deleteCartonType,
  findCartonType,
  insertCartonType,
  insertCustomCartonType,
  isCartonTypeUsed,
  listCartonTypes,
  updateCartonType,
} from './carton-types-repository';

/**
 * Carton types of a warehouse, scoped like its locations (a manager reaches only their warehouses; 404 otherwise).
 * Read by whoever packs or sets up packing; written with `manage packing stations`. The Custom type is never
 * written here.
 */

async function assertWarehouse(db: Executor, auth: RequestAuth, warehouseId: number): Promise<void> {
  const scope = await auth.scope();
  if (scope.kind === 'accounts') throw forbidden();
  if (!(await isWarehouseInScope(db, scope, warehouseId))) throw notFound();
}

const event = (auth: RequestAuth, type: CartonType) => ({
  actorId: auth.user.id,
  subject: { type: 'carton_type', id: type.id },
  warehouseIds: [type.warehouse_id],
  accountIds: [],
});

const valuesOf = (input: CartonTypeInput): CartonTypeValues => ({
  name: input.name,
  lengthMm: input.length_mm,
  widthMm: input.width_mm,
  heightMm: input.height_mm,
  tareWeightG: input.tare_weight_g ?? 0,
  active: input.active,
});

export async function listWarehouseCartonTypes(
  db: Executor,
  auth: RequestAuth,
  warehouseId: number,
  includeInactive: boolean,
): Promise<CartonType[]> {
  if (!auth.can('pack') && !auth.can('manage packing stations')) throw forbidden();
  await assertWarehouse(db, auth, warehouseId);
  // A warehouse written straight into the database gets its Custom type the first time anyone looks.
  await insertCustomCartonType(db, warehouseId);
  return listCartonTypes(db, warehouseId, includeInactive);
}

export async function createCartonType(
  db: Executor,
  auth: RequestAuth,
  warehouseId: number,
  input: CartonTypeInput,
): Promise<CartonType> {
  await assertWarehouse(db, auth, warehouseId);
  return refuseDuplicate(
    () =>
      inTransaction(db, async (tx) => {
        const created = await insertCartonType(tx, warehouseId, valuesOf(input));
        await recordEvent(tx, {
          kind: 'carton_type.created',
          payload: { name: created.name },
          ...event(auth, created),
        });
        return created;
      }),
    'name',
    PACKING_MESSAGES.cartonTypeNameTaken,
  );
}

async function typeInScope(db: Executor, auth: RequestAuth, id: number): Promise<CartonType> {
  const type = await findCartonType(db, id);
  if (!type) throw notFound(PACKING_MESSAGES.cartonTypeNotFound);
  await assertWarehouse(db, auth, type.warehouse_id).catch(() => {
    throw notFound(PACKING_MESSAGES.cartonTypeNotFound);
  });
  if (type.is_custom) throw fieldError('name', PACKING_MESSAGES.customLocked);
  return type;
}

export async function changeCartonType(
  db: Executor,
  auth: RequestAuth,
  id: number,
  input: CartonTypeInput,
): Promise<CartonType> {
  await typeInScope(db, auth, id);
  return refuseDuplicate(
    () =>
      inTransaction(db, async (tx) => {
        const updated = await updateCartonType(tx, id, valuesOf(input));
        await recordEvent(tx, {
          kind: 'carton_type.updated',
          payload: { name: updated.name },
          ...event(auth, updated),
        });
        return updated;
      }),
    'name',
    PACKING_MESSAGES.cartonTypeNameTaken,
  );
}

/** A type cartons already use is deactivated (they keep naming it); an unused one is deleted. */
export async function removeCartonType(db: Executor, auth: RequestAuth, id: number): Promise<string> {
  const type = await typeInScope(db, auth, id);
  return inTransaction(db, async (tx) => {
    if (await isCartonTypeUsed(tx, id)) {
      await deactivateCartonType(tx, id);
      await recordEvent(tx, { kind: 'carton_type.deactivated', payload: { name: type.name }, ...event(auth, type) });
      return PACKING_MESSAGES.cartonTypeDeactivated;
    }
    await deleteCartonType(tx, id);
    await recordEvent(tx, { kind: 'carton_type.deactivated', payload: { name: type.name }, ...event(auth, type) });
    return PACKING_MESSAGES.cartonTypeDeleted;
  });
}
