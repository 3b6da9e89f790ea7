import { describe, expect, it } from 'vitest';
import { checkLocation, checkLot, checkProduct, checkTote, quantityProblem, sameCode } from './pick-checks';
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
      message: 'Wrong location B-09-01: go to A-01-02.',
    });
  });

  it('takes the product by barcode or SKU and refuses another, naming the SKU', () => {
    const product = { sku: 'LAMP-1', barcode: '0012345678905' };
    expect(checkProduct(product, '0012345678905').status).toBe('success');
    expect(checkProduct(product, 'lamp-1').status).toBe('success');
    expect(checkProduct({ sku: 'LAMP-1', barcode: null }, 'X')).toEqual({
      status: 'not-found',
      message: 'Wrong product X: pick LAMP-1.',
    });
  });

  it('takes the allocated lot, or an offered substitute, and refuses any other lot', () => {
    expect(checkLot('L1', [], 'l1').lot).toBe('L1');
    expect(checkLot('L1', ['L2'], 'L2').lot).toBe('L2');
    const wrong = checkLot('L1', ['L2'], 'L9');
    expect(wrong.lot).toBeNull();
    expect(wrong.outcome.message).toBe('Wrong lot L9: take lot L1 (or L2).');
  });

  it('refuses a tote that is not the order’s', () => {
    expect(checkTote('T-1', 'ORD-1', 't-1').status).toBe('success');
    expect(checkTote('T-1', 'ORD-1', 'T-2').message).toBe("Wrong tote T-2: put ORD-1's units into tote T-1.");
  });

  it('accepts a quantity from 1 to what the task asks', () => {
    expect(quantityProblem('3', 3)).toBeNull();
    expect(quantityProblem('0', 3)).not.toBeNull();
    expect(quantityProblem('2.5', 3)).not.toBeNull();
    expect(quantityProblem('4', 3)).toContain('asks for 3');
  });
});

describe('the steps of a task', () => {
  it('asks the lot only of a lot task and the tote only in cluster mode', () => {
    expect(pickSteps({ lotCode: null }, false)).toEqual(['location', 'product', 'quantity']);
    expect(pickSteps({ lotCode: 'L1' }, true)).toEqual(['location', 'product', 'lot', 'quantity', 'tote']);
  });
});
