import type { PickTask, WaveDetail } from '@wms/contract/waves';
import { describe, expect, it } from 'vitest';
import { SAVED_OFFLINE } from '../../lib/offline/floor-queue';
import { pickedOffline, shortedOffline, skippedOffline, withWaitingTaskWrites } from './offline-answers';
import { mergeTaskAnswer, tasksToDo, waveProgress } from './wave-tasks';

const task = (id: number, sequence: number, quantity: number, orders: [number, number][]): PickTask =>
  ({
    id,
    kind: 'pick',
    sequence,
    status: 'open',
    quantity,
    quantity_picked: 0,
    picked_at: null,
    short_reason: null,
    location: { id: id * 10, code: `A-0${id}`, type: 'pick', zone: 'A' },
    product: { id: id * 100, sku: `SKU-${id}`, name: `Product ${id}`, barcode: null },
    orders: orders.map(([orderId, units]) => ({
      order_id: orderId,
      order_number: `ORD-${orderId}`,
      quantity: units,
      quantity_picked: 0,
      tote: null,
    })),
  }) as unknown as PickTask;

const wave = (): WaveDetail =>
  ({
    id: 1,
    number: 'WAVE-000001',
    status: 'picking',
    tasks_total: 3,
    tasks_done: 0,
    units_picked: 0,
    orders: [],
    tasks: [
      task(1, 1, 3, [[11, 3]]),
      task(2, 2, 5, [
        [11, 2],
        [12, 3],
      ]),
      task(3, 3, 1, [[12, 1]]),
    ],
  }) as unknown as WaveDetail;

describe('offline answers of picking writes', () => {
  it('a pick of every unit finishes the task, counts it and its units, and the next task shows', () => {
    const held = wave();
    const answer = pickedOffline(held, 1, { location_code: 'A-01', product_code: 'SKU-1', quantity: 3 });
    expect(answer.message).toBe(SAVED_OFFLINE);
    const after = mergeTaskAnswer(held, answer.data);
    expect(after.tasks.find((t) => t.id === 1)).toMatchObject({ status: 'picked', quantity_picked: 3 });
    expect(after).toMatchObject({ tasks_done: 1, units_picked: 3 });
    expect(tasksToDo(after)[0]!.id).toBe(2);
    expect(waveProgress(after)).toMatchObject({ tasksDone: 1, unitsDone: 3 });
  });

  it("shares the units over the orders in the task's order, or per tote as scanned", () => {
    const held = wave();
    const inOrder = pickedOffline(held, 2, { location_code: 'A-02', product_code: 'SKU-2', quantity: 4 });
    expect(inOrder.data.tasks[0]!.orders.map((o) => o.quantity_picked)).toEqual([2, 2]);
    expect(inOrder.data.tasks[0]!.status).toBe('open');
    const perTote = pickedOffline(held, 2, {
      location_code: 'A-02',
      product_code: 'SKU-2',
      quantity: 5,
      totes: [
        { order_id: 12, tote: 'T2', quantity: 3 },
        { order_id: 11, tote: 'T1', quantity: 2 },
      ],
    });
    expect(perTote.data.tasks[0]!.orders.map((o) => o.quantity_picked)).toEqual([2, 3]);
    expect(perTote.data.tasks[0]!.status).toBe('picked');
  });

  it('a short pick ends the task with what was found; a skip sends it to the end of the route', () => {
    const held = wave();
    const shorted = mergeTaskAnswer(held, shortedOffline(held, 1, { quantity_found: 1, reason: 'empty' }).data);
    expect(shorted.tasks.find((t) => t.id === 1)).toMatchObject({ status: 'short', quantity_picked: 1 });
    expect(shorted).toMatchObject({ tasks_done: 1, units_picked: 1 });
    const skipped = mergeTaskAnswer(held, skippedOffline(held, 2).data);
    expect(tasksToDo(skipped).map((t) => t.id)).toEqual([1, 3, 2]);
  });
});

describe('a held wave that missed writes still queued (its copy lost the race with a reload)', () => {
  const queued = (path: string, body: unknown = {}) => ({ path, body });

  it('applies the missing task writes of this wave in the order they were made', () => {
    const held = wave();
    const after = withWaitingTaskWrites(held, [
      queued('/waves/1/tasks/2/skip'),
      queued('/waves/1/tasks/1/pick', { location_code: 'A-01', product_code: 'SKU-1', quantity: 3 }),
      queued('/waves/1/tasks/3/short', { quantity_found: 0, reason: 'empty' }),
      queued('/waves/1/tasks/2/pick', { location_code: 'A-02', product_code: 'SKU-2', quantity: 5 }),
    ]);
    expect(after.tasks.map((t) => [t.id, t.status])).toEqual([
      [1, 'picked'],
      [3, 'short'],
      [2, 'picked'],
    ]);
    expect(after).toMatchObject({ tasks_done: 3, units_picked: 8 });
    expect(tasksToDo(after)).toEqual([]);
  });

  it("leaves alone another wave's writes, a task it does not hold and other queued actions", () => {
    const held = wave();
    const after = withWaitingTaskWrites(held, [
      queued('/waves/2/tasks/1/pick', { location_code: 'A-01', product_code: 'SKU-1', quantity: 3 }),
      queued('/waves/1/tasks/99/pick', { location_code: 'A-09', product_code: 'SKU-9', quantity: 1 }),
      queued('/cycle-counts/1/lines/1/count', { quantity: 4 }),
    ]);
    expect(after).toEqual(held);
  });
});
