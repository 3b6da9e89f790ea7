import type { ScanOutcome } from '../../components/ScanField';

/** Scanned codes compare without case or surrounding blanks: labels print upper case, people type lower. */
export const sameCode = (a: string | null | undefined, b: string | null | undefined): boolean =>
  a != null && b != null && a.trim().toLowerCase() === b.trim().toLowerCase();

const ok = (message: string): ScanOutcome => ({ status: 'success', message });
const refused = (message: string): ScanOutcome => ({ status: 'not-found', message });

/** The location scan: only the task's own location, refused at once naming the one expected. */
export function checkLocation(expected: string, scanned: string): ScanOutcome {
  return sameCode(expected, scanned) ? ok(`At ${expected}`) : refused(`Wrong location ${scanned}: go to ${expected}.`);
}

/** The product scan: its barcode or its SKU, refused naming the SKU expected. */
export function checkProduct(expected: { sku: string; barcode?: string | null }, scanned: string): ScanOutcome {
  return sameCode(expected.sku, scanned) || sameCode(expected.barcode, scanned)
    ? ok(`Product ${expected.sku}`)
    : refused(`Wrong product ${scanned}: pick ${expected.sku}.`);
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
  const also = substitutes.length > 0 ? ` (or ${substitutes.join(', ')})` : '';
  return { outcome: refused(`Wrong lot ${scanned}: take lot ${allocated}${also}.`), lot: null };
}

/** The tote scan in cluster mode: the tote of the order the units go to. */
export function checkTote(expected: string, order: string, scanned: string): ScanOutcome {
  return sameCode(expected, scanned)
    ? ok(`Into tote ${expected}`)
    : refused(`Wrong tote ${scanned}: put ${order}'s units into tote ${expected}.`);
}

/** A quantity typed on the handheld: a whole number from 1 to what the task asks for, else why not. */
export function quantityProblem(typed: string, asked: number): string | null {
  const units = Number(typed);
  if (typed.trim() === '' || !Number.isInteger(units) || units < 1)
    return 'Enter how many units you took: a whole number from 1.';
  if (units > asked) return `This task asks for ${asked}: take no more (use "Short pick" if fewer are there).`;
  return null;
}
