import { PICKING_MESSAGES as M } from '@wms/contract/picking';
import type { ScanOutcome } from '../../components/ScanField';

/** Scanned codes compare without case or surrounding blanks: labels print upper case, people type lower. */
export const sameCode = (a: string | null | undefined, b: string | null | undefined): boolean =>
  a != null && b != null && a.trim().toLowerCase() === b.trim().toLowerCase();

const ok = (message: string): ScanOutcome => ({ status: 'success', message });
const refused = (message: string): ScanOutcome => ({ status: 'not-found', message });

/** The location scan: only the task's own location, refused at once naming the one expected. */
export function checkLocation(expected: string, scanned: string): ScanOutcome {
  return sameCode(expected, scanned) ? ok(`At ${expected}`) : refused(M.wrongLocation(expected));
}

/** The product scan: its barcode or its SKU, refused naming the SKU expected. */
export function checkProduct(expected: { sku: string; barcode?: string | null }, scanned: string): ScanOutcome {
  return sameCode(expected.sku, scanned) || sameCode(expected.barcode, scanned)
    ? ok(`Product ${expected.sku}`)
    : refused(M.wrongProduct(expected.sku, expected.barcode ?? null));
}

/**
 * The lot scan: the allocated lot, or (where the account allows substitution) one of the lots the server offers as
 * equal or later expiry in the same location. Answers the lot code taken, or the refusal naming what is expected.
 */
export function checkLot(
  allocated: string,
  substitutes: readonly string[],
  scanned: string,
): { outcome: ScanOutcome; lot: string | null } {
  if (sameCode(allocated, scanned)) return { outcome: ok(`Lot ${allocated}`), lot: allocated };
  const substitute = substitutes.find((code) => sameCode(code, scanned));
  if (substitute) return { outcome: ok(`Lot ${substitute} instead of ${allocated}`), lot: substitute };
  return { outcome: refused(M.wrongLot(allocated)), lot: null };
}

/** The tote scan in cluster mode: the tote of the order the units go to. */
export function checkTote(expected: string, order: string, scanned: string): ScanOutcome {
  return sameCode(expected, scanned) ? ok(`Into tote ${expected}`) : refused(M.wrongTote(order, expected));
}

/** A confirmed pick takes exactly what the task asks: fewer there is a short pick, as the server also says. */
export function quantityProblem(typed: string, asked: number): string | null {
  return Number(typed.trim()) === asked && typed.trim() !== '' ? null : M.wrongQuantity(asked);
}

/**
 * The lots a picker may take instead of the allocated one, as far as the handheld can tell: other lots of the
 * product in the same location expiring no sooner. The server decides at confirmation (the account may not allow
 * substitution, or the lot's units may be held for someone else) and says so in place.
 */
export function substituteLots(
  held: readonly {
    product: { id: number };
    lot: { code: string; expiry_date?: string | null } | null;
    quantity: number;
  }[],
  productId: number,
  allocated: { code: string; expiry_date: string | null } | null,
): string[] {
  if (!allocated) return [];
  return held
    .filter(
      (row) => row.product.id === productId && row.lot && row.quantity > 0 && !sameCode(row.lot.code, allocated.code),
    )
    .filter((row) => !allocated.expiry_date || (row.lot!.expiry_date ?? '') >= allocated.expiry_date)
    .map((row) => row.lot!.code);
}
