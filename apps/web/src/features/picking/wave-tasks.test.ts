import type { PickTask, Wave, WaveDetail } from '@wms/contract/waves';
import { describe, expect, it } from 'vitest';
import { mergeTaskAnswer, putBacksToDo, tasksToDo } from './wave-tasks';

const task = (id: number, sequence: number, status: PickTask['status'] = 'open', kind: PickTask['kind'] = 'pick') =>
  ({ id, sequence, status, kind, location: { code: `L-${id}` }, quantity: 1, quantity_picked: 0 }) as PickTask;

const held = {
  id: 1,
  status: 'picking',
  tasks_done: 0,
  orders: [{ order_id: 9, tote: 'T-1' }],
  tasks: [task(1, 1), task(2, 2), task(3, 3)],
} as unknown as WaveDetail;

const counts = (fields: Partial<Wave>) => ({ id: 1, status: 'picking', ...fields }) as Wave;

describe('merging a task write into the wave the handheld holds', () => {
  it('a pick: the task is replaced, the counts updated, the next task is the next open one', () => {
    const merged = mergeTaskAnswer(held, { wave: counts({ tasks_done: 1 }), tasks: [task(1, 1, 'picked')] });
    expect(merged.tasks_done).toBe(1);
    expect(merged.orders).toBe(held.orders);
    expect(tasksToDo(merged).map((t) => t.id)).toEqual([2, 3]);
  });

  it('a skip: the task goes to the end of the route', () => {
    const merged = mergeTaskAnswer(held, { wave: counts({}), tasks: [task(1, 4)] });
    expect(tasksToDo(merged).map((t) => t.id)).toEqual([2, 3, 1]);
  });

  it('a short pick: the re-allocated task joins right after it, the later tasks moved on', () => {
    const merged = mergeTaskAnswer(held, {
      wave: counts({}),
      tasks: [task(1, 1, 'short'), task(7, 2), task(2, 3), task(3, 4)],
    });
    expect(tasksToDo(merged).map((t) => t.id)).toEqual([7, 2, 3]);
  });

  it('the last pick: the wave is picked; put-backs are told apart from picks', () => {
    const merged = mergeTaskAnswer(held, {
      wave: counts({ status: 'picked' }),
      tasks: [task(1, 1, 'picked'), task(2, 2, 'picked'), task(3, 3, 'picked'), task(4, 4, 'open', 'put_back')],
    });
    expect(merged.status).toBe('picked');
    expect(tasksToDo(merged)).toEqual([]);
    expect(putBacksToDo(merged).map((t) => t.id)).toEqual([4]);
  });
});
