import type { PickConfirmInput, PickTaskAnswer, ShortPickInput } from '@wms/contract/picking';
import type { PickTask, WaveDetail } from '@wms/contract/waves';

import { SAVED_OFFLINE } from '../../lib/offline/floor-queue';
import type { QueuedAction } from '../../lib/offline/queued-action';
import { mergeTaskAnswer } from './wave-tasks';

/**
 * A task write the handheld could not send (DESIGN §11: the floor keeps working offline) is applied to the wave it
 * holds as the server would, so the next task shows at once: the same answer shape as the server's, built from the
 * held wave. The server judges the action again when it is replayed; its answer then replaces this one.
 */
function answerFor(wave: WaveDetail, task: PickTask, changed: PickTask): PickTaskAnswer {
  const wasDone = task.status === 'picked' || task.status === 'short';
  const nowDone = changed.status === 'picked' || changed.status === 'short';
  const tasksDone = wave.tasks_done + (nowDone && !wasDone ? 1 : 0);
  const unitsPicked = wave.units_picked + (changed.quantity_picked - task.quantity_picked);
  const { tasks: _tasks, orders: _orders, ...counts } = wave;
  return {
    data: { wave: { ...counts, tasks_done: tasksDone, units_picked: unitsPicked }, tasks: [changed] },
    message: SAVED_OFFLINE,
  };
}

const taskOf = (wave: WaveDetail, taskId: number): PickTask => {
  const task = wave.tasks.find((candidate) => candidate.id === taskId);
  if (!task) throw new Error(`Task ${taskId} is not in the wave held on this device`);
  return task;
};

/** Units taken, shared over the task's orders: per tote as scanned (cluster), else in the task's order. */
function shareOver(task: PickTask, input: PickConfirmInput): PickTask['orders'] {
  const perOrder = new Map(input.totes?.map((entry) => [entry.order_id, entry.quantity]) ?? []);
  let left = input.quantity;
  return task.orders.map((entry) => {
    const open = entry.quantity - entry.quantity_picked;
    const taken = Math.min(open, perOrder.get(entry.order_id) ?? (input.totes ? 0 : left));
    left -= taken;
    return { ...entry, quantity_picked: entry.quantity_picked + taken };
  });
}

export function pickedOffline(wave: WaveDetail, taskId: number, input: PickConfirmInput): PickTaskAnswer {
  const task = taskOf(wave, taskId);
  const quantityPicked = Math.min(task.quantity, task.quantity_picked + input.quantity);
  return answerFor(wave, task, {
    ...task,
    quantity_picked: quantityPicked,
    status: quantityPicked >= task.quantity ? 'picked' : task.status,
    picked_at: new Date().toISOString(),
    orders: shareOver(task, input),
  });
}

/** A short pick: the task is done with what was found; the server finds the rest elsewhere when it syncs. */
export function shortedOffline(wave: WaveDetail, taskId: number, input: ShortPickInput): PickTaskAnswer {
  const task = taskOf(wave, taskId);
  const taken = Math.min(input.quantity_found, task.quantity - task.quantity_picked);
  return answerFor(wave, task, {
    ...task,
    quantity_picked: task.quantity_picked + taken,
    status: 'short',
    short_reason: input.reason,
    orders: shareOver(task, { location_code: '', product_code: '', quantity: taken }),
  });
}

/** A skip: the task goes to the end of the route, still to do. */
export function skippedOffline(wave: WaveDetail, taskId: number): PickTaskAnswer {
  const task = taskOf(wave, taskId);
  const last = Math.max(...wave.tasks.map((candidate) => candidate.sequence));
  return answerFor(wave, task, { ...task, status: 'skipped', sequence: last + 1 });
}

/** A queued task write's path: `/waves/{wave}/tasks/{task}/{pick|short|skip}`. */
const TASK_WRITE_PATH = /^\/waves\/(\d+)\/tasks\/(\d+)\/(pick|short|skip)$/;

/**
 * The held wave with task writes still queued on the device that it does not show (its remembered copy missed
 * them), applied in the order they were made as `pickedOffline`, `shortedOffline` and `skippedOffline` did.
 */
export function withWaitingTaskWrites(
  wave: WaveDetail,
  missing: readonly Pick<QueuedAction, 'path' | 'body'>[],
): WaveDetail {
  let held = wave;
  for (const action of missing) {
    const [, waveId, taskId, kind] = TASK_WRITE_PATH.exec(action.path) ?? [];
    const task = held.tasks.find((candidate) => candidate.id === Number(taskId));
    if (Number(waveId) !== wave.id || !task) continue;
    const answer =
      kind === 'pick'
        ? pickedOffline(held, task.id, action.body as PickConfirmInput)
        : kind === 'short'
          ? shortedOffline(held, task.id, action.body as ShortPickInput)
          : skippedOffline(held, task.id);
    held = mergeTaskAnswer(held, answer.data);
  }
  return held;
}
