import { PICKING_MESSAGES } from '@wms/contract/picking';
import { describe, expect, it } from 'vitest';
import {
  checkLocation,
  checkLot,
  checkProduct,
  checkTote,
  quantityProblem,
  sameCode,
  substituteLots,
} from './pick-checks';
import { pickSteps } from './pick-task-view';

describe('handheld pick checks', () => {
  it('compares codes without case or blanks', () => {
    expect(sameCode(' a-01-02 ', 'A-01-02')).toBe(true);
    expect(sameCode(null, 'A')).toBe(false);
  });

  it('refuses a wrong location at once, naming the one expected', () => {
    expect(checkLocation('A-01-02', 'a-01-02').status).toBe('success');
    expect(checkLocation('A-01-02', 'B-09-01')).toEqual({
      status: 'not-found',
      message: PICKING_MESSAGES.wrongLocation('A-01-02'),
    });
  });

  it('takes the product by barcode or SKU and refuses another, naming the SKU', () => {
    const product = { sku: 'LAMP-1', barcode: '0012345678905' };
    expect(checkProduct(product, '0012345678905').status).toBe('success');
    expect(checkProduct(product, 'lamp-1').status).toBe('success');
    expect(checkProduct({ sku: 'LAMP-1', barcode: null }, 'X')).toEqual({
      status: 'not-found',
      message: PICKING_MESSAGES.wrongProduct('LAMP-1', null),
    });
  });

  it('takes the allocated lot, or an offered substitute, and refuses any other lot', () => {
    expect(checkLot('L1', [], 'l1').lot).toBe('L1');
    expect(checkLot('L1', ['L2'], 'L2').lot).toBe('L2');
    const wrong = checkLot('L1', ['L2'], 'L9');
    expect(wrong.lot).toBeNull();
    expect(wrong.outcome.message).toBe(PICKING_MESSAGES.wrongLot('L1'));
  });

  it('refuses a tote that is not the order’s', () => {
    expect(checkTote('T-1', 'ORD-1', 't-1').status).toBe('success');
    expect(checkTote('T-1', 'ORD-1', 'T-2').message).toBe(PICKING_MESSAGES.wrongTote('ORD-1', 'T-1'));
  });

  it('confirms exactly what the task asks (fewer is a short pick)', () => {
    expect(quantityProblem('3', 3)).toBeNull();
    expect(quantityProblem('2', 3)).toBe(PICKING_MESSAGES.wrongQuantity(3));
    expect(quantityProblem('', 3)).not.toBeNull();
    expect(quantityProblem('4', 3)).not.toBeNull();
  });

  it('offers as substitutes only other lots of the product here expiring no sooner', () => {
    const row = (productId: number, code: string | null, expiry: string | null, quantity = 1) => ({
      product: { id: productId },
      lot: code ? { code, expiry_date: expiry } : null,
      quantity,
    });
    const held = [
      row(1, 'L1', '2027-01-01'),
      row(1, 'L2', '2027-03-01'),
      row(1, 'L0', '2026-12-01'),
      row(1, 'L3', '2027-05-01', 0),
      row(2, 'L4', '2028-01-01'),
      row(1, null, null),
    ];
    expect(substituteLots(held, 1, { code: 'L1', expiry_date: '2027-01-01' })).toEqual(['L2']);
    expect(substituteLots(held, 1, null)).toEqual([]);
  });
});

describe('the steps of a task', () => {
  it('asks the lot only of a lot task and the tote only in cluster mode', () => {
    expect(pickSteps({ lotCode: null }, false)).toEqual(['location', 'product', 'quantity']);
    expect(pickSteps({ lotCode: 'L1' }, true)).toEqual(['location', 'product', 'lot', 'quantity', 'tote']);
  });
});
