import { REPLENISHMENT_MESSAGES as M, type ReplenishmentTask } from '@wms/contract/replenishment';
import { describe, expect, it } from 'vitest';
import { checkScan, quantityProblem, taskSteps } from './task-steps';

const task = {
  source: { id: 1, code: 'S-01' },
  target: { id: 2, code: 'P-01' },
  product: { id: 3, sku: 'SKU-1', name: 'Thing', barcode: '0012345678905' },
  lot: null,
  quantity: 24,
} as unknown as ReplenishmentTask;

describe('replenishment task steps', () => {
  it('asks for the lot only when the task names one', () => {
    expect(taskSteps(task)).toEqual(['source', 'product', 'quantity', 'target']);
    expect(taskSteps({ lot: { id: 1, code: 'L1', expiry_date: null } })).toContain('lot');
  });

  it('takes the expected codes in any case and refuses others with the server words', () => {
    expect(checkScan(task, 'source', ' s-01 ').status).toBe('success');
    expect(checkScan(task, 'source', 'S-02')).toEqual({ status: 'not-found', message: M.wrongSource('S-01') });
    expect(checkScan(task, 'target', 'S-01')).toEqual({ status: 'not-found', message: M.wrongTarget('P-01') });
    expect(checkScan(task, 'product', 'sku-1').status).toBe('success');
    // The product's barcode is taken as well as its SKU.
    expect(checkScan(task, 'product', '0012345678905').status).toBe('success');
    expect(checkScan(task, 'product', 'SKU-2')).toEqual({ status: 'not-found', message: M.wrongProduct('SKU-1') });
  });

  it('takes 1 up to the task quantity', () => {
    expect(quantityProblem('24', 24)).toBeNull();
    expect(quantityProblem('7', 24)).toBeNull();
    expect(quantityProblem('25', 24)).toBe(M.quantityTooMany(24));
    expect(quantityProblem('0', 24)).toBe(M.quantityInvalid);
    expect(quantityProblem('', 24)).toBe(M.quantityInvalid);
    expect(quantityProblem('2.5', 24)).toBe(M.quantityInvalid);
  });
});
