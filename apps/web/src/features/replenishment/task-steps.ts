import { REPLENISHMENT_MESSAGES as M, type ReplenishmentTask } from '@wms/contract/replenishment';
import type { ScanOutcome } from '../../components/ScanField';

export type TaskStep = 'source' | 'product' | 'lot' | 'quantity' | 'target';

/** The scans of one task in order; the lot only when the task names one. */
export const taskSteps = (task: Pick<ReplenishmentTask, 'lot'>): TaskStep[] =>
  task.lot ? ['source', 'product', 'lot', 'quantity', 'target'] : ['source', 'product', 'quantity', 'target'];

/** Scanned codes compare without case or surrounding blanks: labels print upper case, people type lower. */
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const ok = (message: string): ScanOutcome => ({ status: 'success', message });
const refused = (message: string): ScanOutcome => ({ status: 'not-found', message });

/** Each scan checked at once with the server's own words; the server judges the completion again. */
export function checkScan(task: ReplenishmentTask, step: Exclude<TaskStep, 'quantity'>, code: string): ScanOutcome {
  switch (step) {
    case 'source':
      return same(task.source.code, code) ? ok(`At ${task.source.code}`) : refused(M.wrongSource(task.source.code));
    case 'product':
      return same(task.product.sku, code) || (task.product.barcode !== null && same(task.product.barcode, code))
        ? ok(`Product ${task.product.sku}`)
        : refused(M.wrongProduct(task.product.sku));
    case 'lot':
      return task.lot && same(task.lot.code, code)
        ? ok(`Lot ${task.lot.code}`)
        : refused(M.wrongLot(task.lot?.code ?? ''));
    case 'target':
      return same(task.target.code, code) ? ok(`At ${task.target.code}`) : refused(M.wrongTarget(task.target.code));
  }
}

/** The quantity brought: a whole number from 1 to the task's quantity (fewer is allowed; more is not). */
export function quantityProblem(typed: string, most: number): string | null {
  const value = Number(typed.trim());
  if (typed.trim() === '' || !Number.isInteger(value) || value < 1) return M.quantityInvalid;
  return value > most ? M.quantityTooMany(most) : null;
}
