import type { PickTask, Wave, WaveDetail } from '@wms/contract/waves';
import type { PickTaskView } from './pick-task-view';

/** Pick tasks still to do, in walk order (a skipped task has gone to the end of the route). */
export function tasksToDo(wave: Pick<WaveDetail, 'tasks'>): PickTask[] {
  return wave.tasks
    .filter((task) => task.kind === 'pick' && (task.status === 'open' || task.status === 'skipped'))
    .sort((a, b) => a.sequence - b.sequence || a.id - b.id);
}

/** Put-back tasks still to do (units on the cart to return to a bin), in route order. */
export function putBacksToDo(wave: Pick<WaveDetail, 'tasks'>): PickTask[] {
  return wave.tasks
    .filter((task) => task.kind === 'put_back' && task.status === 'open')
    .sort((a, b) => a.sequence - b.sequence || a.id - b.id);
}

/** Put-backs done of all, for the progress line of a wave whose only work left is putting back. */
export function putBackProgress(wave: Pick<WaveDetail, 'tasks'>) {
  const all = wave.tasks.filter((task) => task.kind === 'put_back');
  const done = all.filter((task) => task.status === 'done');
  return {
    tasksDone: done.length,
    tasksTotal: all.length,
    unitsDone: done.reduce((sum, task) => sum + task.quantity, 0),
    unitsTotal: all.reduce((sum, task) => sum + task.quantity, 0),
  };
}

/** Tasks finished (picked or short) and units taken, for the progress line. */
export function waveProgress(wave: Pick<WaveDetail, 'tasks'>) {
  const picks = wave.tasks.filter((task) => task.kind === 'pick' && task.status !== 'cancelled');
  const done = picks.filter((task) => task.status === 'picked' || task.status === 'short');
  return {
    tasksDone: done.length,
    tasksTotal: picks.length,
    unitsDone: picks.reduce((sum, task) => sum + task.quantity_picked, 0),
    unitsTotal: picks.reduce((sum, task) => sum + task.quantity, 0),
  };
}

/** The handheld's view of a task: what is left to take, and where each order's units go. */
export function toTaskView(task: PickTask, wave: Pick<WaveDetail, 'orders'>): PickTaskView {
  const toteOf = new Map(wave.orders.map((order) => [order.order_id, order.tote]));
  return {
    id: task.id,
    locationCode: task.location.code,
    sku: task.product.sku,
    productName: task.product.name,
    barcode: task.product.barcode,
    lotCode: task.lot?.code ?? null,
    lotExpiry: task.lot?.expiry_date ?? null,
    substituteLots: [],
    quantity: task.quantity - task.quantity_picked,
    breakdown: task.orders.map((entry) => ({
      orderId: entry.order_id,
      orderLabel: entry.order_number,
      quantity: entry.quantity - entry.quantity_picked,
      tote: entry.tote ?? toteOf.get(entry.order_id) ?? null,
    })),
  };
}

/**
 * A task write's answer (the wave's counts and the tasks it changed) merged into the wave the handheld holds: each
 * answered task replaces its old self by id, new ones (re-allocations) join, the route is sorted again. The orders
 * keep what the handheld read (their totes do not change once picking started).
 */
export function mergeTaskAnswer(held: WaveDetail, answer: { wave: Wave; tasks: readonly PickTask[] }): WaveDetail {
  const changed = new Map(answer.tasks.map((task) => [task.id, task]));
  const kept = held.tasks.filter((task) => !changed.has(task.id));
  const tasks = [...kept, ...answer.tasks].sort((a, b) => a.sequence - b.sequence || a.id - b.id);
  return { ...held, ...answer.wave, orders: held.orders, tasks };
}
