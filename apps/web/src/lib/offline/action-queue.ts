import { HttpError } from '../api/api-error';
import type { NewAction, QueuedAction, QueueStore } from './queued-action';

/** Sends one queued action (POST with its Idempotency-Key); throws the api client's errors. */
export type SendAction = (action: QueuedAction) => Promise<unknown>;

/** Sends a refused action to the supervisors (POST /floor/hand-offs) with the given Idempotency-Key. */
export type SendHandOff = (action: QueuedAction, key: string) => Promise<unknown>;

/**
 * The hand-off's key follows from the action's own key: a hand-off whose answer was lost, sent again (or a second
 * tap), is the same hand-off to the server, which notifies once.
 */
export const handOffKey = (action: QueuedAction): string => `handoff-${action.key}`;

export interface QueueState {
  waiting: number;
  attention: QueuedAction[];
}

/**
 * A refusal the worker must see (the task was cancelled or reassigned, the stock is gone): any 4xx but those that
 * say nothing about the action itself — 401 (sign in again, then it replays), 408 and 429 (try later).
 */
export function isRefusal(error: unknown): error is HttpError {
  return (
    error instanceof HttpError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)
  );
}

export const newKey = (): string => `offline-${crypto.randomUUID()}`;

/**
 * The handheld's queue of floor actions (DESIGN §11): actions are kept in order and replayed one at a time; each
 * answer settles its item — applied (removed), or refused (kept under "needs attention" with the server's message).
 * No answer, a server error or an expired session stops the replay with the rest kept in order, for the next try.
 * The server's rules stay the only truth: a replay is the same request the worker made, judged again.
 */
export class ActionQueue {
  private state: QueueState = { waiting: 0, attention: [] };
  private readonly listeners = new Set<() => void>();
  private replaying: Promise<number> | null = null;

  constructor(
    private readonly store: QueueStore,
    private readonly send: SendAction,
  ) {}

  getState = (): QueueState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Keeps an action for later. `key`: the one its first attempt was sent with, when that attempt got no answer (it
   * may have been applied: the replay must be able to say "the same one").
   */
  async enqueue(action: NewAction, key: string = newKey()): Promise<QueuedAction> {
    const queued = await this.store.add({
      ...action,
      key,
      createdAt: new Date().toISOString(),
      state: 'waiting',
      problem: null,
    });
    await this.refresh(action.userId);
    return queued;
  }

  /** This user's actions not yet answered, in the order they were made. */
  async waiting(userId: number): Promise<QueuedAction[]> {
    return (await this.store.list(userId)).filter((action) => action.state === 'waiting');
  }

  /** Whether this user has actions not yet answered: a new action then waits its turn behind them. */
  async hasWaiting(userId: number): Promise<boolean> {
    return (await this.store.list(userId)).some((action) => action.state === 'waiting');
  }

  /**
   * Replays the user's waiting actions in order, one at a time. A call while a replay runs does not start a second
   * one beside it: it runs another pass once the current one ends (the network may have come back meanwhile).
   * Answers how many the server applied.
   */
  replay(userId: number): Promise<number> {
    if (this.replaying) return this.replaying.then((applied) => this.replay(userId).then((more) => applied + more));
    const run = this.replayAll(userId).finally(() => {
      this.replaying = null;
    });
    this.replaying = run;
    return run;
  }

  /** "Redo": the refused action waits again as a new attempt (a new key: the old one names the refusal). */
  async redo(userId: number, seq: number): Promise<void> {
    const action = (await this.store.list(userId)).find((item) => item.seq === seq);
    if (!action) return;
    await this.store.put({ ...action, key: newKey(), state: 'waiting', problem: null });
    await this.refresh(userId);
  }

  /** "Skip": the worker lets the refused action go. */
  async discard(userId: number, seq: number): Promise<void> {
    await this.store.remove(seq);
    await this.refresh(userId);
  }

  /**
   * "Hand to supervisor": the refused action goes to the server, which tells the warehouse's supervisors; once it
   * answered, the action leaves the queue. A failure (no network, a refusal) throws and keeps it under attention.
   */
  async handOff(userId: number, seq: number, send: SendHandOff): Promise<void> {
    const action = (await this.store.list(userId)).find((item) => item.seq === seq);
    if (action?.state !== 'attention') return;
    await send(action, handOffKey(action));
    await this.store.remove(seq);
    await this.refresh(userId);
  }

  /** Reads the user's queue again and tells the listeners (the indicator). */
  async refresh(userId: number | null): Promise<void> {
    const all = userId === null ? [] : await this.store.list(userId);
    this.state = {
      waiting: all.filter((action) => action.state === 'waiting').length,
      attention: all.filter((action) => action.state === 'attention'),
    };
    for (const listener of this.listeners) listener();
  }

  private async replayAll(userId: number): Promise<number> {
    let applied = 0;
    for (const action of await this.store.list(userId)) {
      if (action.state !== 'waiting') continue;
      try {
        await this.send(action);
        await this.store.remove(action.seq);
        applied++;
      } catch (error) {
        if (!isRefusal(error)) break;
        await this.store.put({ ...action, state: 'attention', problem: error.message });
      } finally {
        // Counted from the store each time (a few ms for hundreds of actions), never adjusted by hand: other calls
        // (a new action, a redo) change the store meanwhile.
        await this.refresh(userId);
      }
    }
    return applied;
  }
}
