import { REPLENISHMENT_MESSAGES as M, type ReplenishmentTask } from '@wms/contract/replenishment';
import { SAVED_OFFLINE } from '../../lib/offline/floor-queue';
import type { QueuedAction } from '../../lib/offline/queued-action';

/** What the handheld says of replenishment work with no network. */
export const REPLENISH_OFFLINE_MESSAGES = {
  takingNeedsNetwork:
    'Taking a task needs the network (it assigns the task to you): continue a task you took, or take one where the Wi-Fi reaches.',
  notKept: 'Your tasks are not kept on this device yet: open this screen once with the network.',
  ready: (count: number) =>
    `Ready offline: the ${count === 1 ? 'task' : `${count} tasks`} you took ${count === 1 ? 'is' : 'are'} kept on this device.`,
} as const;

/**
 * The worker's tasks as the handheld holds them (DESIGN §11: the floor keeps working offline): the open ones and
 * those in progress, as the server listed them — each with its source and target codes, product, lot and
 * quantity. Remembered on the device when read online and after every task write, so a reload in a dead spot shows
 * them with what the worker did offline already applied.
 */
export interface HeldTasks {
  open: ReplenishmentTask[];
  inProgress: ReplenishmentTask[];
}

export type TaskAnswer = { message?: string; data: ReplenishmentTask };

/** A task as it now is, put where the list has it: open, in progress, or gone (done, cancelled). */
export function withTask(held: HeldTasks, task: ReplenishmentTask): HeldTasks {
  const others = (list: ReplenishmentTask[]) => list.filter((candidate) => candidate.id !== task.id);
  const inPlace = (list: ReplenishmentTask[]) =>
    list.some((candidate) => candidate.id === task.id)
      ? list.map((candidate) => (candidate.id === task.id ? task : candidate))
      : [...list, task];
  return {
    open: task.status === 'open' ? inPlace(held.open) : others(held.open),
    inProgress: task.status === 'in_progress' ? inPlace(held.inProgress) : others(held.inProgress),
  };
}

/** The worker's words for a completion in the queue: "Replenish 12 × SKU (lot L-1) from R-01 to A-01-02". */
export const completionLabel = (task: ReplenishmentTask, quantity: number): string =>
  `Replenish ${quantity} × ${task.product.sku}${task.lot ? ` (lot ${task.lot.code})` : ''} from ${task.source.code} to ${task.target.code}`;

/** The worker's words for a short source in the queue. */
export const shortLabel = (task: ReplenishmentTask): string =>
  `Report ${task.source.code} short (replenish ${task.product.sku} to ${task.target.code})`;

/**
 * A completion the handheld could not send, answered as the server would: the task done with the units brought,
 * so it leaves the worker's list at once. The server judges it again on replay (the task cancelled or taken by
 * another meanwhile, the reserve emptied: "needs attention"); its answer then replaces this one.
 */
export function completedOffline(task: ReplenishmentTask, quantity: number): TaskAnswer {
  return {
    message: `${M.completed(quantity, task.product.sku, task.target.code)} ${SAVED_OFFLINE}`,
    data: { ...task, status: 'done', quantity_moved: quantity, short: false, finished_at: new Date().toISOString() },
  };
}

/** A short source the handheld could not send: the task ends (cancelled, short) here at once, as on the server. */
export function shortedOffline(task: ReplenishmentTask): TaskAnswer {
  return {
    message: `${M.shorted(task.source.code)} ${SAVED_OFFLINE}`,
    data: { ...task, status: 'cancelled', quantity_moved: 0, short: true, finished_at: new Date().toISOString() },
  };
}

/** A queued task write's path: `/replenishment-tasks/{task}/{complete|short}`. */
const TASK_WRITE_PATH = /^\/replenishment-tasks\/(\d+)\/(complete|short)$/;

/**
 * The held tasks with the completions and shorts still queued on the device that they do not show (the remembered
 * copy missed them: a reload right after the write), applied in the order they were made, as `completedOffline`
 * and `shortedOffline` did. A task the list no longer holds changes nothing.
 */
export function withWaitingTaskWrites(
  held: HeldTasks,
  missing: readonly Pick<QueuedAction, 'path' | 'body'>[],
): HeldTasks {
  return missing.reduce((tasks, action) => {
    const [, taskId, kind] = TASK_WRITE_PATH.exec(action.path) ?? [];
    const task = [...tasks.inProgress, ...tasks.open].find((candidate) => candidate.id === Number(taskId));
    if (!task) return tasks;
    const answer =
      kind === 'complete'
        ? completedOffline(task, (action.body as { quantity: number }).quantity)
        : shortedOffline(task);
    return withTask(tasks, answer.data);
  }, held);
}
