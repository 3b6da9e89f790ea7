import { buildSscc } from '@wms/contract/gs1';
import {
  type CartonCloseInput,
  type CartonCreateInput,
  type CartonItemsInput,
  type CartonPatchInput,
  PACKING_MESSAGES,
  type PackView,
} from '@wms/contract/packing';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { fieldError, notFound } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { eventScopeOfOrder } from '../orders/orders-api';
import {
  customCartonTypeOf,
  findCartonType,
  insertCustomCartonType,
  lastUsedCartonType,
} from './carton-types-repository';
import { type LockedPack, withPackedOrder } from './pack-access';
import { loadPackState, type PackState, packedOf, toPackView, verifiedOf } from './pack-state';
import {
  type CartonRow,
  changeCartonItem,
  deleteCarton,
  findPackingSettings,
  insertCarton,
  lockCarton,
  lotOfProduct,
  setCartonClosed,
  setCartonReopened,
  takeSsccSerial,
  updateCarton,
} from './packing-repository';

/**
 * Cartons of an order at the bench: opened with a type (dimensions from it; the Custom type's typed), units put in
 * and moved between open cartons, weighed and closed with an SSCC-18, reopened before Ship, removed while empty.
 * Every write runs under the order's row lock (withPackedOrder) and answers the PackView.
 */

const view = async (pack: LockedPack): Promise<PackView> => toPackView(await loadPackState(pack.tx, pack.order.id));

/** The carton a scan goes into: the one named (open, of the order), else the newest open one, else a new one. */
export async function openCartonFor(tx: Executor, state: PackState, cartonId: number | null): Promise<CartonRow> {
  if (cartonId !== null) {
    const carton = await lockCarton(tx, state.order.id, cartonId);
    if (!carton) throw fieldError('carton_id', PACKING_MESSAGES.cartonNotFound);
    if (carton.status !== 'open') throw fieldError('carton_id', PACKING_MESSAGES.cartonNotOpen);
    return carton;
  }
  const newest = state.cartons.filter((c) => c.status === 'open').at(-1);
  if (newest) return newest;
  // The box size the packer used last for this order, else the warehouse's Custom type.
  const type = (await lastUsedCartonType(tx, state.order.id)) ?? (await customType(tx, state.order.warehouseId));
  const id = await insertCarton(tx, {
    orderId: state.order.id,
    cartonTypeId: type.id,
    lengthMm: type.length_mm,
    widthMm: type.width_mm,
    heightMm: type.height_mm,
  });
  return (await lockCarton(tx, state.order.id, id))!;
}

async function customType(tx: Executor, warehouseId: number) {
  // Warehouses written straight into the database (imports, old fixtures) get theirs on first use.
  await insertCustomCartonType(tx, warehouseId);
  return (await customCartonTypeOf(tx, warehouseId))!;
}

export function createCarton(db: Executor, auth: RequestAuth, orderId: number, input: CartonCreateInput) {
  return withPackedOrder(db, auth, orderId, async (pack) => {
    const type = await findCartonType(pack.tx, Number(input.carton_type_id));
    if (!type || type.warehouse_id !== pack.order.warehouseId) {
      throw fieldError('carton_type_id', PACKING_MESSAGES.cartonTypeOtherWarehouse);
    }
    if (!type.active) throw fieldError('carton_type_id', PACKING_MESSAGES.cartonTypeInactive);
    await insertCarton(pack.tx, {
      orderId: pack.order.id,
      cartonTypeId: type.id,
      lengthMm: type.is_custom ? (input.length_mm ?? null) : type.length_mm,
      widthMm: type.is_custom ? (input.width_mm ?? null) : type.width_mm,
      heightMm: type.is_custom ? (input.height_mm ?? null) : type.height_mm,
    });
    return view(pack);
  });
}

async function cartonOf(pack: LockedPack, cartonId: number, field = 'carton'): Promise<CartonRow> {
  const carton = await lockCarton(pack.tx, pack.order.id, cartonId);
  if (!carton)
    throw field === 'carton'
      ? notFound(PACKING_MESSAGES.cartonNotFound)
      : fieldError(field, PACKING_MESSAGES.cartonNotFound);
  return carton;
}

const requireOpen = (carton: CartonRow, field = 'carton') => {
  if (carton.status === 'shipped') throw fieldError(field, PACKING_MESSAGES.cartonShipped);
  if (carton.status !== 'open') throw fieldError(field, PACKING_MESSAGES.cartonNotOpen);
};

/**
 * POST /orders/{id}/cartons/{c}/items: verified units not yet in a carton go into c, or — with `from_carton_id` —
 * units move from another open carton of the order into c (same line and lot).
 */
export function putCartonItems(
  db: Executor,
  auth: RequestAuth,
  orderId: number,
  cartonId: number,
  input: CartonItemsInput,
) {
  return withPackedOrder(db, auth, orderId, async (pack) => {
    const target = await cartonOf(pack, cartonId);
    requireOpen(target);
    const line = pack.state.lines.find((l) => l.id === Number(input.order_item_id));
    if (!line) throw fieldError('order_item_id', PACKING_MESSAGES.itemNotInOrder);
    const lotId = input.lot_id == null ? null : Number(input.lot_id);
    if (lotId !== null && (await lotOfProduct(pack.tx, lotId, line.productId)) === null) {
      throw fieldError('lot_id', PACKING_MESSAGES.lotNotPicked(String(lotId)));
    }
    const quantity = input.quantity;
    if (input.from_carton_id != null) {
      const source = await cartonOf(pack, Number(input.from_carton_id), 'from_carton_id');
      requireOpen(source, 'from_carton_id');
      if (source.id === target.id) throw fieldError('from_carton_id', PACKING_MESSAGES.sameCarton);
      const inSource = pack.state.contents
        .filter((c) => c.cartonId === source.id && c.orderItemId === line.id && c.lotId === lotId)
        .reduce((sum, c) => sum + c.quantity, 0);
      if (inSource < quantity) throw fieldError('quantity', PACKING_MESSAGES.notEnoughInCarton(line.sku, inSource));
      await changeCartonItem(pack.tx, source.id, line.id, lotId, -quantity);
    } else {
      const free = verifiedOf(line) - packedOf(pack.state, line.id);
      if (free < quantity)
        throw fieldError('quantity', PACKING_MESSAGES.notEnoughVerified(line.sku, Math.max(0, free)));
    }
    await changeCartonItem(pack.tx, target.id, line.id, lotId, quantity);
    return view(pack);
  });
}

/** PATCH /orders/{id}/cartons/{c}: weight and dimensions of an open carton; carrier and tracking until it ships. */
export function patchCarton(
  db: Executor,
  auth: RequestAuth,
  orderId: number,
  cartonId: number,
  input: CartonPatchInput,
) {
  return withPackedOrder(db, auth, orderId, async (pack) => {
    const carton = await cartonOf(pack, cartonId);
    if (carton.status === 'shipped') throw fieldError('carton', PACKING_MESSAGES.cartonShipped);
    const measures = [input.weight_g, input.length_mm, input.width_mm, input.height_mm].some((v) => v !== undefined);
    if (measures) requireOpen(carton);
    await updateCarton(pack.tx, carton.id, {
      weightG: input.weight_g,
      lengthMm: input.length_mm,
      widthMm: input.width_mm,
      heightMm: input.height_mm,
      carrier: input.carrier,
      trackingNumber: input.tracking_number,
    });
    return view(pack);
  });
}

/**
 * POST /orders/{id}/cartons/{c}/close: weighed, measured (a Custom carton needs its three dimensions), then its
 * SSCC-18 from the account's GS1 company prefix (else the installation's) and the prefix's gap-free counter, in
 * this transaction. A reopened carton keeps its SSCC; closing a closed carton again answers it unchanged.
 */
export function closeCarton(
  db: Executor,
  auth: RequestAuth,
  orderId: number,
  cartonId: number,
  input: CartonCloseInput,
) {
  return withPackedOrder(db, auth, orderId, async (pack) => {
    const carton = await cartonOf(pack, cartonId);
    if (carton.status === 'closed') return view(pack);
    requireOpen(carton);
    if (!pack.state.contents.some((c) => c.cartonId === carton.id)) {
      throw fieldError('carton', PACKING_MESSAGES.cartonEmpty);
    }
    const dims = {
      lengthMm: input.length_mm ?? carton.lengthMm,
      widthMm: input.width_mm ?? carton.widthMm,
      heightMm: input.height_mm ?? carton.heightMm,
    };
    if (dims.lengthMm === null || dims.widthMm === null || dims.heightMm === null) {
      throw fieldError('length_mm', PACKING_MESSAGES.customDimensionsRequired);
    }
    const sscc = carton.sscc ?? (await nextSscc(pack));
    await updateCarton(pack.tx, carton.id, dims);
    await setCartonClosed(pack.tx, carton.id, { sscc, weightG: input.weight_g, userId: auth.user.id });
    await recordEvent(pack.tx, {
      kind: 'carton.closed',
      payload: { order_number: pack.order.orderNumber, carton_number: carton.number, sscc, weight_g: input.weight_g },
      actorId: auth.user.id,
      ...eventScopeOfOrder(pack.order),
    });
    return view(pack);
  });
}

async function nextSscc(pack: LockedPack): Promise<string> {
  const settings = await findPackingSettings(pack.tx);
  const prefix = pack.state.order.accountPrefix ?? settings.gs1CompanyPrefix;
  if (!prefix) throw fieldError('gs1_company_prefix', PACKING_MESSAGES.prefixMissing);
  return buildSscc(settings.ssccExtensionDigit, prefix, await takeSsccSerial(pack.tx, prefix));
}

/** POST /orders/{id}/cartons/{c}/reopen: a closed carton opens again before Ship (its SSCC kept). */
export function reopenCarton(db: Executor, auth: RequestAuth, orderId: number, cartonId: number) {
  return withPackedOrder(db, auth, orderId, async (pack) => {
    const carton = await cartonOf(pack, cartonId);
    if (carton.status === 'open') return view(pack);
    if (carton.status === 'shipped') throw fieldError('carton', PACKING_MESSAGES.cartonShipped);
    await setCartonReopened(pack.tx, carton.id);
    await recordEvent(pack.tx, {
      kind: 'carton.reopened',
      payload: { order_number: pack.order.orderNumber, carton_number: carton.number, sscc: carton.sscc },
      actorId: auth.user.id,
      ...eventScopeOfOrder(pack.order),
    });
    return view(pack);
  });
}

/** DELETE /orders/{id}/cartons/{c}: only an empty open carton goes away. */
export function removeCarton(db: Executor, auth: RequestAuth, orderId: number, cartonId: number) {
  return withPackedOrder(db, auth, orderId, async (pack) => {
    const carton = await cartonOf(pack, cartonId);
    requireOpen(carton);
    if (pack.state.contents.some((c) => c.cartonId === carton.id)) {
      throw fieldError('carton', PACKING_MESSAGES.cartonNotEmpty);
    }
    await deleteCarton(pack.tx, carton.id);
    return view(pack);
  });
}
