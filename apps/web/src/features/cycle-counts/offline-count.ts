import type { CycleCount, CycleCountEntryValues } from '@wms/contract/cycle-counts';
import { SAVED_OFFLINE } from '../../lib/offline/floor-queue';
import type { QueuedAction } from '../../lib/offline/queued-action';

const same = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/**
 * A count entry the handheld could not send, applied to the count it holds as the server would: the line of that
 * location, product (SKU or barcode) and lot gets the counted quantity. A product the count does not expect there
 * changes no line here (the server adds one when the entry syncs). Still blind: nothing expected is known here.
 */
export function countedOffline(count: CycleCount, entry: CycleCountEntryValues): { data: CycleCount; message: string } {
  const lotCode = entry.lot_code ?? null;
  const matches = (line: CycleCount['lines'][number]) =>
    same(line.location.code, entry.location_code) &&
    (same(line.product.sku, entry.code) || same(line.product.barcode, entry.code)) &&
    (lotCode ? same(line.lot?.code, lotCode) : entry.without_lot ? line.lot === null : true);
  const target = count.lines.find(matches);
  if (!target) return { data: count, message: SAVED_OFFLINE };
  const lines = count.lines.map((line) =>
    line.id === target.id ? { ...line, counted_quantity: entry.quantity, recount: false } : line,
  );
  const counted = lines.filter((line) => line.counted_quantity !== null).length;
  return { data: { ...count, lines, lines_counted: counted }, message: SAVED_OFFLINE };
}

/**
 * The held count with the entries still queued on the device that it does not show (its remembered copy missed
 * them: a reload right after the entry), applied in the order they were made, as `countedOffline` did.
 */
export function withWaitingEntries(
  count: CycleCount,
  missing: readonly Pick<QueuedAction, 'path' | 'body'>[],
): CycleCount {
  const path = `/cycle-counts/${count.id}/lines`;
  return missing
    .filter((action) => action.path === path)
    .reduce((held, action) => countedOffline(held, action.body as CycleCountEntryValues).data, count);
}
