import {
  CYCLE_COUNT_MAX_LOCATIONS,
  CYCLE_COUNT_MESSAGES,
  type CycleCount,
  type CycleCountCreateInput,
  type CycleCountEntryInput,
  type CycleCountListQuery,
  type CycleCountState,
  type CycleCountSummary,
  INVENTORY_ACCURACY_DAYS,
  type InventoryAccuracy,
} from '@wms/contract/cycle-counts';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { assertWarehouseInScope, getLocation } from '../locations/locations-api';
import { lotIdByCode } from '../stock/stock-api';
import { approveVariances } from './approve-variances';
import {
  accountInWarehouse,
  accuracyOver,
  type CountLineRow,
  countLines,
  countLocationByCode,
  countLocations,
  countsOfLocation,
  findCount,
  insertCount,
  insertFoundLine,
  inventoryIdOf,
  linesAt,
  listCounts,
  locationsToCount,
  lockCount,
  markForRecount,
  productInWarehouse,
  productsByCode,
  recordLineCount,
  setCountState,
  stockInLocations,
  uncountedLines,
  unitsAt,
  varianceCount,
} from './cycle-counts-repository';

type SummaryRow = NonNullable<Awaited<ReturnType<typeof findCount>>>;
type LockedCount = NonNullable<Awaited<ReturnType<typeof lockCount>>>;

/** A count's events concern its warehouse: its managers see them. */
const countEvent = (auth: RequestAuth, warehouseId: number, id: number) => ({
  actorId: auth.user.id,
  subject: { type: 'cycle_count', id },
  warehouseIds: [warehouseId],
  accountIds: [],
});

function toSummary(row: SummaryRow): CycleCountSummary {
  return {
    id: row.id,
    warehouse: { id: row.warehouseId, name: row.warehouseName },
    state: row.state as CycleCountState,
    scope: row.scope as CycleCountSummary['scope'],
    scope_label: row.scopeLabel,
    notes: row.notes,
    locations_count: row.locationsCount,
    lines_count: row.linesCount,
    lines_counted: row.linesCounted,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    approved_at: row.approvedAt?.toISOString() ?? null,
  };
}

/**
 * Blind counting: expected quantities (and so variances) are shown only to callers who may approve, and only once
 * counting is over (review, approved). While counting, nobody sees them — the counter counts what is there, not
 * what the system expects.
 */
const expectedVisible = (auth: RequestAuth, state: string) =>
  auth.can('approve cycle counts') && (state === 'review' || state === 'approved');

function toLine(row: CountLineRow, visible: boolean): CycleCount['lines'][number] {
  return {
    id: row.id,
    location: { id: row.locationId, code: row.locationCode },
    product: { id: row.productId, sku: row.sku, name: row.productName, barcode: row.barcode },
    account: { id: row.accountId, name: row.accountName },
    lot: row.lotId === null ? null : { id: row.lotId, code: row.lotCode ?? '' },
    counted_quantity: row.countedQuantity,
    recount: row.recount,
    added: row.added,
    expected_quantity: visible ? row.expectedQuantity : null,
    variance: visible && row.countedQuantity !== null ? row.countedQuantity - row.expectedQuantity : null,
  };
}

export async function listCycleCounts(db: Database, auth: RequestAuth, query: CycleCountListQuery) {
  const page = await listCounts(db, await auth.scope(), query);
  return { ...page, data: page.data.map((row) => toSummary(row!)) };
}

export async function getCycleCount(db: Executor, auth: RequestAuth, id: number): Promise<CycleCount> {
  const row = await findCount(db, await auth.scope(), id);
  if (!row) throw notFound(CYCLE_COUNT_MESSAGES.notFound);
  const visible = expectedVisible(auth, row.state);
  const [locations, lines] = await Promise.all([countLocations(db, id), countLines(db, id)]);
  return {
    ...toSummary(row),
    locations,
    lines: lines.map((line) => toLine(line, visible)),
    expected_visible: visible,
  };
}

/** What the count takes, in words, for the list. */
async function describeScope(db: Executor, input: CycleCountCreateInput): Promise<string> {
  switch (input.scope) {
    case 'zone':
      return `Zone ${input.zone!.toUpperCase()}`;
    case 'range':
      return `${input.from_code!.toUpperCase()} to ${input.to_code!.toUpperCase()}`;
    case 'product': {
      const product = await productInWarehouse(db, input.product_id!, input.warehouse_id);
      if (!product) throw fieldError('product_id', CYCLE_COUNT_MESSAGES.productRequired);
      return `Product ${product.sku}`;
    }
    case 'account': {
      const account = await accountInWarehouse(db, input.account_id!, input.warehouse_id);
      if (!account) throw fieldError('account_id', CYCLE_COUNT_MESSAGES.accountRequired);
      return `Account ${account.name}`;
    }
    case 'not_counted':
      return `Not counted for ${input.days} days`;
  }
}

/**
 * Creates a count: the active locations the scope names (empty ones too for zone, range and "not counted"), and one
 * line per (location, inventory row, lot) they hold, its expected quantity the location stock now.
 */
export async function createCycleCount(db: Database, auth: RequestAuth, input: CycleCountCreateInput) {
  await assertWarehouseInScope(db, auth, input.warehouse_id);
  const scopeLabel = await describeScope(db, input);
  const productId = input.scope === 'product' ? input.product_id : null;
  const accountId = input.scope === 'account' ? input.account_id : null;
  const id = await inTransaction(db, async (tx) => {
    const locations = await locationsToCount(
      tx,
      input.warehouse_id,
      {
        zone: input.scope === 'zone' ? input.zone : null,
        fromCode: input.scope === 'range' ? input.from_code : null,
        toCode: input.scope === 'range' ? input.to_code : null,
        productId,
        accountId,
        days: input.scope === 'not_counted' ? input.days : null,
      },
      CYCLE_COUNT_MAX_LOCATIONS + 1,
    );
    if (locations.length === 0) throw fieldError('scope', CYCLE_COUNT_MESSAGES.nothingToCount);
    if (locations.length > CYCLE_COUNT_MAX_LOCATIONS) {
      throw fieldError('scope', CYCLE_COUNT_MESSAGES.tooManyLocations(locations.length));
    }
    const stock = await stockInLocations(
      tx,
      locations.map((l) => l.id),
      { productId, accountId },
    );
    const created = await insertCount(
      tx,
      {
        warehouseId: input.warehouse_id,
        scope: input.scope,
        criteria: {
          zone: input.zone ?? null,
          from_code: input.from_code ?? null,
          to_code: input.to_code ?? null,
          product_id: productId ?? null,
          account_id: accountId ?? null,
          days: input.days ?? null,
        },
        scopeLabel,
        notes: input.notes,
        createdBy: auth.user.id,
      },
      locations.map((l) => l.id),
      stock.map((s) => ({
        locationId: s.locationId,
        inventoryId: s.inventoryId,
        productId: s.productId,
        accountId: s.accountId,
        lotId: s.lotId,
        expectedQuantity: s.quantity,
      })),
    );
    await recordEvent(tx, {
      kind: 'cycle_count.created',
      payload: { cycle_count_id: created, scope: scopeLabel, lines: stock.length },
      ...countEvent(auth, input.warehouse_id, created),
    });
    return created;
  });
  const count = await getCycleCount(db, auth, id);
  return { data: count, message: CYCLE_COUNT_MESSAGES.created(count.lines_count) };
}

async function lockedCount(tx: Executor, auth: RequestAuth, id: number): Promise<LockedCount> {
  const row = await lockCount(tx, await auth.scope(), id);
  if (!row) throw notFound(CYCLE_COUNT_MESSAGES.notFound);
  return row;
}

const isCounting = (state: string) => state === 'open' || state === 'counting';

/**
 * Records one count: the scanned location must be one of the count's, the scanned code a product's SKU or barcode
 * (SKU first). The count replaces an earlier count of the same line. A product the count did not expect there is
 * added as a line (expected 0, or what the location holds of it if stock arrived since). The expected quantity is
 * taken again now, so stock moved in or out since the count was created is not counted as a variance.
 *
 * Lots: where the location holds the product in lots (or in several lines), or the product tracks lots, the counter
 * names the lot counted, or says the units carry none (`without_lot`); else 422 on `lot_code`, since counting "the
 * product" there would credit one lot with another's units. Each lot is its own line; a lot not expected there adds
 * a line, its code recorded for the product when new.
 */
export async function recordCount(db: Database, auth: RequestAuth, id: number, input: CycleCountEntryInput) {
  await inTransaction(db, async (tx) => {
    const count = await lockedCount(tx, auth, id);
    if (!isCounting(count.state)) throw conflict(CYCLE_COUNT_MESSAGES.notCounting);
    const location = await countLocationByCode(tx, id, input.location_code);
    if (!location) throw fieldError('location_code', CYCLE_COUNT_MESSAGES.locationNotInCount);
    const criteria = count.criteria as { product_id?: number | null; account_id?: number | null };
    const matches = await productsByCode(tx, count.warehouseId, input.code, {
      accountId: input.account_id ?? criteria.account_id ?? null,
    });
    if (matches.length === 0) throw fieldError('code', CYCLE_COUNT_MESSAGES.productNotFound);
    const existing = await linesAt(tx, id, location.id);
    // A code shared by products of several accounts: the one expected here wins, else the caller must choose.
    const expectedHere = matches.filter((m) =>
      existing.some((l) => l.productId === m.productId && l.accountId === m.accountId),
    );
    const candidates = expectedHere.length > 0 ? expectedHere : matches;
    if (candidates.length > 1) throw fieldError('code', CYCLE_COUNT_MESSAGES.productAmbiguous);
    const product = candidates[0]!;
    if (criteria.product_id && criteria.product_id !== product.productId) {
      throw fieldError('code', CYCLE_COUNT_MESSAGES.productNotInCount);
    }
    const linesOfProduct = existing.filter(
      (l) => l.productId === product.productId && l.accountId === product.accountId,
    );
    const byLot = product.trackLots || linesOfProduct.length > 1 || linesOfProduct.some((l) => l.lotId !== null);
    const lotCode = input.lot_code ?? null;
    if (byLot && lotCode === null && !input.without_lot) {
      throw fieldError('lot_code', CYCLE_COUNT_MESSAGES.lotRequired);
    }
    const line =
      lotCode === null
        ? linesOfProduct.find((l) => l.lotId === null)
        : linesOfProduct.find((l) => l.lotCode !== null && l.lotCode.toLowerCase() === lotCode.toLowerCase());
    if (line) {
      const expected = line.inventoryId === null ? 0 : await unitsAt(tx, line.inventoryId, location.id, line.lotId);
      await recordLineCount(tx, line.id, { counted: input.quantity, expected, userId: auth.user.id });
    } else {
      const inventoryId = await inventoryIdOf(tx, { ...product, warehouseId: count.warehouseId });
      const lotId = lotCode === null ? null : await lotIdByCode(tx, product.productId, lotCode);
      await insertFoundLine(tx, {
        cycleCountId: id,
        locationId: location.id,
        productId: product.productId,
        accountId: product.accountId,
        inventoryId,
        lotId,
        expectedQuantity: inventoryId === null ? 0 : await unitsAt(tx, inventoryId, location.id, lotId),
        countedQuantity: input.quantity,
        countedBy: auth.user.id,
        added: true,
      });
    }
    if (count.state === 'open') await setCountState(tx, id, 'counting');
    await recordEvent(tx, {
      kind: 'cycle_count.line_counted',
      payload: {
        cycle_count_id: id,
        location_code: location.code,
        sku: product.sku,
        lot_code: line?.lotCode ?? lotCode,
        counted: input.quantity,
        added: !line,
      },
      ...countEvent(auth, count.warehouseId, id),
    });
  });
  return { data: await getCycleCount(db, auth, id), message: CYCLE_COUNT_MESSAGES.counted };
}

/**
 * Counting is over: lines nobody counted were not found, so they count 0 (expected taken again now). A count with a
 * variance goes to review; one without is approved at once (the stock already matches; nothing to adjust).
 */
export async function finishCounting(db: Database, auth: RequestAuth, id: number) {
  await inTransaction(db, async (tx) => {
    const count = await lockedCount(tx, auth, id);
    if (!isCounting(count.state)) throw conflict(CYCLE_COUNT_MESSAGES.notCounting);
    for (const line of await uncountedLines(tx, id)) {
      const expected = line.inventoryId === null ? 0 : await unitsAt(tx, line.inventoryId, line.locationId, line.lotId);
      await recordLineCount(tx, line.id, { counted: 0, expected, userId: auth.user.id });
    }
    const variances = await varianceCount(tx, id);
    if (variances > 0) await setCountState(tx, id, 'review');
    else await setCountState(tx, id, 'approved', { approvedBy: auth.user.id });
    await recordEvent(tx, {
      kind: 'cycle_count.submitted',
      payload: { cycle_count_id: id, variances },
      ...countEvent(auth, count.warehouseId, id),
    });
  });
  return { data: await getCycleCount(db, auth, id), message: CYCLE_COUNT_MESSAGES.submitted };
}

/** Sends lines of a count in review back to be counted again; the count returns to counting. */
export async function requestRecount(db: Database, auth: RequestAuth, id: number, lineIds: readonly number[]) {
  const unique = [...new Set(lineIds)];
  await inTransaction(db, async (tx) => {
    const count = await lockedCount(tx, auth, id);
    if (count.state !== 'review') throw conflict(CYCLE_COUNT_MESSAGES.notInReview);
    const marked = await markForRecount(tx, id, unique);
    if (marked !== unique.length) throw fieldError('line_ids', CYCLE_COUNT_MESSAGES.lineNotInCount);
    await setCountState(tx, id, 'counting');
    await recordEvent(tx, {
      kind: 'cycle_count.recount_requested',
      payload: { cycle_count_id: id, lines: marked },
      ...countEvent(auth, count.warehouseId, id),
    });
  });
  return { data: await getCycleCount(db, auth, id), message: CYCLE_COUNT_MESSAGES.recountRequested };
}

/**
 * Approves a count in review: one ledger `count` adjustment per line with a variance, referencing the count, in one
 * transaction (approve-variances.ts). The count's row is locked first and its state checked under the lock, so two
 * approvals at once adjust once (the second answers 409).
 */
export async function approveCycleCount(db: Database, auth: RequestAuth, id: number) {
  await inTransaction(db, async (tx) => {
    const count = await lockedCount(tx, auth, id);
    if (count.state !== 'review') throw conflict(CYCLE_COUNT_MESSAGES.notInReview);
    const result = await approveVariances(tx, { countId: id, warehouseId: count.warehouseId, userId: auth.user.id });
    await setCountState(tx, id, 'approved', { approvedBy: auth.user.id });
    await recordEvent(tx, {
      kind: 'cycle_count.approved',
      payload: { cycle_count_id: id, adjusted_lines: result.adjustedLines, net_units: result.netUnits },
      ...countEvent(auth, count.warehouseId, id),
    });
  });
  return { data: await getCycleCount(db, auth, id), message: CYCLE_COUNT_MESSAGES.approvedMessage };
}

export async function cancelCycleCount(db: Database, auth: RequestAuth, id: number) {
  await inTransaction(db, async (tx) => {
    const count = await lockedCount(tx, auth, id);
    if (count.state === 'approved' || count.state === 'cancelled') throw conflict(CYCLE_COUNT_MESSAGES.notCancellable);
    await setCountState(tx, id, 'cancelled');
    await recordEvent(tx, {
      kind: 'cycle_count.cancelled',
      payload: { cycle_count_id: id },
      ...countEvent(auth, count.warehouseId, id),
    });
  });
  return { data: await getCycleCount(db, auth, id), message: CYCLE_COUNT_MESSAGES.cancelled };
}

/** The counts that took a location (404 unless the location is in the caller's warehouses), newest first. */
export async function locationCountHistory(db: Database, auth: RequestAuth, locationId: number) {
  await getLocation(db, auth, locationId);
  const rows = await countsOfLocation(db, locationId, 50);
  return rows.map((row) => ({
    cycle_count_id: row.id,
    state: row.state as CycleCountState,
    created_at: row.createdAt.toISOString(),
    approved_at: row.approvedAt?.toISOString() ?? null,
    lines_counted: row.linesCounted,
    lines_with_variance: row.state === 'approved' ? row.linesWithVariance : null,
  }));
}

/** Share of counted lines without a variance in counts approved in the last 30 days, in the caller's warehouses. */
export async function inventoryAccuracy(db: Executor, auth: RequestAuth): Promise<InventoryAccuracy> {
  const { counted, accurate } = await accuracyOver(db, await auth.scope(), INVENTORY_ACCURACY_DAYS);
  return {
    days: INVENTORY_ACCURACY_DAYS,
    lines_counted: counted,
    lines_accurate: accurate,
    accuracy: counted === 0 ? null : accurate / counted,
  };
}

/**
 * A count of one location, created inside the caller's transaction (a short pick or a "not empty" answer sends the
 * location to hospital with a count): one line per (row, lot) the location holds now.
 */
export async function createLocationCountIn(
  tx: Executor,
  input: { warehouseId: number; locationId: number; code: string; userId: number; notes: string },
): Promise<number> {
  const stock = await stockInLocations(tx, [input.locationId], {});
  const code = input.code.toUpperCase();
  const scopeLabel = `${code} to ${code}`;
  const id = await insertCount(
    tx,
    {
      warehouseId: input.warehouseId,
      scope: 'range',
      criteria: { zone: null, from_code: code, to_code: code, product_id: null, account_id: null, days: null },
      scopeLabel,
      notes: input.notes,
      createdBy: input.userId,
    },
    [input.locationId],
    stock.map((s) => ({
      locationId: s.locationId,
      inventoryId: s.inventoryId,
      productId: s.productId,
      accountId: s.accountId,
      lotId: s.lotId,
      expectedQuantity: s.quantity,
    })),
  );
  await recordEvent(tx, {
    kind: 'cycle_count.created',
    payload: { cycle_count_id: id, scope: scopeLabel, lines: stock.length },
    actorId: input.userId,
    subject: { type: 'cycle_count', id },
    warehouseIds: [input.warehouseId],
    accountIds: [],
  });
  return id;
}
