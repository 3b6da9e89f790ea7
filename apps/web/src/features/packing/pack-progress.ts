import type { Carton, PackItem, PackView } from '@wms/contract/packing';

/** Units of the whole order: ordered, brought to the bench, verified by a scan, and lying in a carton. */
export function packTotals(items: readonly PackItem[]) {
  return items.reduce(
    (sum, item) => ({
      quantity: sum.quantity + item.quantity,
      picked: sum.picked + item.picked,
      verified: sum.verified + item.verified,
      packed: sum.packed + item.packed,
    }),
    { quantity: 0, picked: 0, verified: 0, packed: 0 },
  );
}

/** A line is done when every unit brought to the bench is verified and packed (short picks ship as backorders). */
export function lineState(item: PackItem): 'done' | 'started' | 'waiting' {
  if (item.picked > 0 && item.packed >= item.picked) return 'done';
  return item.verified > 0 || item.packed > 0 ? 'started' : 'waiting';
}

/** The carton new scans go into: the one the packer chose while it is open, else the newest open carton. */
export function targetCarton(cartons: readonly Carton[], chosenId: number | null): Carton | null {
  const open = cartons.filter((carton) => carton.status === 'open');
  return open.find((carton) => carton.id === chosenId) ?? open.at(-1) ?? null;
}

/** "Carton 2 of 3". */
export const cartonTitle = (carton: Carton, cartons: readonly Carton[]) =>
  `Carton ${carton.number} of ${cartons.length}`;

export interface ShipLine {
  cartonId: number;
  number: number;
  sscc: string | null;
  carrier: string;
  trackingNumber: string;
}

/**
 * The Ship form's starting values, one line per carton: what was already typed on the carton, else the order's
 * carrier and tracking number (from its uploaded label). A second carton keeps the order's carrier but not its
 * tracking number: a carrier gives each parcel its own.
 */
export function shipLines(view: PackView): ShipLine[] {
  return view.cartons.map((carton, index) => ({
    cartonId: carton.id,
    number: carton.number,
    sscc: carton.sscc,
    carrier: carton.carrier ?? view.order.carrier ?? '',
    trackingNumber: carton.tracking_number ?? (index === 0 ? (view.order.tracking_number ?? '') : ''),
  }));
}

/** The Ship request: blank fields are left out, so the server falls back to the order's carrier and tracking. */
export function shipRequest(lines: readonly ShipLine[]) {
  return {
    cartons: lines.map((line) => ({
      carton_id: line.cartonId,
      ...(line.carrier.trim() && { carrier: line.carrier.trim() }),
      ...(line.trackingNumber.trim() && { tracking_number: line.trackingNumber.trim() }),
    })),
  };
}

/** What one carton line may move to another open carton: its units, at most. */
export interface MovableLine {
  key: string;
  orderItemId: number;
  lotId: number | null;
  label: string;
  quantity: number;
}

export function movableLines(carton: Carton): MovableLine[] {
  return carton.items.map((item) => ({
    key: `${item.order_item_id}-${item.lot_id ?? 'none'}`,
    orderItemId: item.order_item_id,
    lotId: item.lot_id,
    label: item.lot_number ? `${item.sku} · lot ${item.lot_number}` : item.sku,
    quantity: item.quantity,
  }));
}
