import { REPLENISHMENT_MESSAGES as M, type ReplenishmentTask } from '@wms/contract/replenishment';
import { describe, expect, it } from 'vitest';
import { SAVED_OFFLINE } from '../../lib/offline/floor-queue';
import {
  completedOffline,
  completionLabel,
  type HeldTasks,
  shortedOffline,
  shortLabel,
  withTask,
  withWaitingTaskWrites,
} from './offline-tasks';
import { checkScan } from './task-steps';

const task = (id: number, status: ReplenishmentTask['status'], lot: string | null = null): ReplenishmentTask =>
  ({
    id,
    warehouse_id: 7,
    product: { id: id * 10, sku: `SKU-${id}`, name: `Product ${id}`, barcode: `00${id}` },
    lot: lot ? { id: 1, code: lot, expiry_date: null } : null,
    source: { id: id * 100, code: `R-0${id}` },
    target: { id: id * 100 + 1, code: `A-01-0${id}` },
    quantity: 12,
    quantity_moved: 0,
    status,
    urgent: false,
    short: false,
    assignee: status === 'in_progress' ? { id: 5, name: 'Dana' } : null,
    finished_at: null,
  }) as unknown as ReplenishmentTask;

const held = (): HeldTasks => ({ open: [task(1, 'open'), task(2, 'open')], inProgress: [task(3, 'in_progress')] });

describe('replenishment offline: the held tasks', () => {
  it('a completion made offline answers the task done with the units brought, in the online words', () => {
    const answer = completedOffline(task(3, 'in_progress'), 10);
    expect(answer.data).toMatchObject({ id: 3, status: 'done', quantity_moved: 10, short: false });
    expect(answer.data.finished_at).not.toBeNull();
    expect(answer.message).toBe(`${M.completed(10, 'SKU-3', 'A-01-03')} ${SAVED_OFFLINE}`);
  });

  it('a done or shorted task leaves the held list at once; the others stay in order', () => {
    const done = withTask(held(), completedOffline(task(3, 'in_progress'), 12).data);
    expect(done.inProgress).toEqual([]);
    expect(done.open.map((t) => t.id)).toEqual([1, 2]);
    const shorted = shortedOffline(task(3, 'in_progress'));
    expect(shorted.data).toMatchObject({ status: 'cancelled', short: true, quantity_moved: 0 });
    expect(shorted.message).toBe(`${M.shorted('R-03')} ${SAVED_OFFLINE}`);
    expect(withTask(held(), shorted.data).inProgress).toEqual([]);
  });

  it('a task taken online moves from the open list to the ones in progress (kept for offline)', () => {
    const taken = withTask(held(), { ...task(2, 'open'), status: 'in_progress' });
    expect(taken.open.map((t) => t.id)).toEqual([1]);
    expect(taken.inProgress.map((t) => t.id)).toEqual([3, 2]);
    // A task the list already has is replaced where it is.
    const again = withTask(taken, { ...task(3, 'in_progress'), quantity: 6 });
    expect(again.inProgress.map((t) => [t.id, t.quantity])).toEqual([
      [3, 6],
      [2, 12],
    ]);
  });

  it("the queue's words: what, how many, from where to where (the lot when there is one)", () => {
    expect(completionLabel(task(3, 'in_progress'), 12)).toBe('Replenish 12 × SKU-3 from R-03 to A-01-03');
    expect(completionLabel(task(4, 'in_progress', 'L-9'), 5)).toBe(
      'Replenish 5 × SKU-4 (lot L-9) from R-04 to A-01-04',
    );
    expect(shortLabel(task(3, 'in_progress'))).toBe('Report R-03 short (replenish SKU-3 to A-01-03)');
  });

  it('scans are judged against the held task with the online messages', () => {
    const held3 = held().inProgress[0]!;
    expect(checkScan(held3, 'source', 'R-01')).toEqual({ status: 'not-found', message: M.wrongSource('R-03') });
    expect(checkScan(held3, 'target', 'a-01-03').status).toBe('success');
    expect(checkScan(held3, 'product', '003').status).toBe('success');
    expect(checkScan(held3, 'product', '004')).toEqual({ status: 'not-found', message: M.wrongProduct('SKU-3') });
  });
});

describe('held tasks that missed writes still queued (their copy lost the race with a reload)', () => {
  it('applies the missing completions and shorts in the order they were made; others change nothing', () => {
    const after = withWaitingTaskWrites(held(), [
      { path: '/replenishment-tasks/3/complete', body: { quantity: 10, source_code: 'R-03', target_code: 'A-01-03' } },
      { path: '/replenishment-tasks/9/complete', body: { quantity: 1 } },
      { path: '/waves/1/tasks/1/pick', body: { quantity: 1 } },
      { path: '/replenishment-tasks/1/short', body: {} },
    ]);
    expect(after.inProgress).toEqual([]);
    expect(after.open.map((t) => t.id)).toEqual([2]);
    const untouched = held();
    expect(withWaitingTaskWrites(untouched, [])).toBe(untouched);
  });
});
