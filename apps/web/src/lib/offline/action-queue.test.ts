import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../api/api-error';
import { ActionQueue, handOffKey } from './action-queue';
import type { QueuedAction, QueueStore } from './queued-action';

/** The IndexedDB store's contract, in memory. */
function memoryStore(): QueueStore & { rows: Map<number, QueuedAction> } {
  const rows = new Map<number, QueuedAction>();
  let next = 1;
  return {
    rows,
    add: async (action) => {
      const row = { ...action, seq: next++ };
      rows.set(row.seq, row);
      return row;
    },
    list: async (userId) => [...rows.values()].filter((row) => row.userId === userId).sort((a, b) => a.seq - b.seq),
    put: async (action) => {
      rows.set(action.seq, action);
    },
    remove: async (seq) => {
      rows.delete(seq);
    },
  };
}

const action = (n: number, userId = 7) => ({
  userId,
  path: `/waves/1/tasks/${n}/pick`,
  body: { n },
  label: `Pick ${n}`,
});

describe('the offline queue', () => {
  it('replays in order, one at a time, each with the key it was made with, and forgets what was applied', async () => {
    const store = memoryStore();
    const sent: string[] = [];
    let inFlight = 0;
    const queue = new ActionQueue(store, async (item) => {
      inFlight++;
      expect(inFlight).toBe(1);
      sent.push(`${item.path} ${item.key}`);
      await Promise.resolve();
      inFlight--;
    });
    const made = [await queue.enqueue(action(1)), await queue.enqueue(action(2)), await queue.enqueue(action(3))];
    expect(queue.getState().waiting).toBe(3);
    await queue.replay(7);
    expect(sent).toEqual(made.map((item) => `${item.path} ${item.key}`));
    expect(store.rows.size).toBe(0);
    expect(queue.getState()).toEqual({ waiting: 0, attention: [] });
  });

  it('keeps every key for its action: a replay after a dropped answer sends the same key again', async () => {
    const store = memoryStore();
    const keys: string[] = [];
    let drop = true;
    const queue = new ActionQueue(store, async (item) => {
      keys.push(item.key);
      if (drop) {
        drop = false;
        throw new NetworkError('Failed to fetch');
      }
    });
    await queue.enqueue(action(1));
    await queue.replay(7);
    expect(queue.getState().waiting).toBe(1);
    await queue.replay(7);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(queue.getState().waiting).toBe(0);
  });

  it('stops at no answer, a server error or an expired session, keeping the rest in order', async () => {
    for (const failure of [new NetworkError('offline'), new HttpError(503, {}), new HttpError(401, {})]) {
      const store = memoryStore();
      const sent: number[] = [];
      const queue = new ActionQueue(store, async (item) => {
        sent.push(item.seq);
        if (item.seq === 2) throw failure;
      });
      for (const n of [1, 2, 3]) await queue.enqueue(action(n));
      await queue.replay(7);
      expect(sent).toEqual([1, 2]);
      expect([...store.rows.keys()]).toEqual([2, 3]);
      expect(queue.getState()).toEqual({ waiting: 2, attention: [] });
    }
  });

  it('puts a refusal under "needs attention" with the server message and goes on; redo sends it anew', async () => {
    const store = memoryStore();
    const keys: string[] = [];
    let refuse = true;
    const queue = new ActionQueue(store, async (item) => {
      if (item.seq === 2) {
        keys.push(item.key);
        if (refuse) throw new HttpError(409, { message: 'This task was cancelled.' });
      }
    });
    for (const n of [1, 2, 3]) await queue.enqueue(action(n));
    await queue.replay(7);
    expect(queue.getState().waiting).toBe(0);
    expect(queue.getState().attention.map((item) => [item.seq, item.problem])).toEqual([
      [2, 'This task was cancelled.'],
    ]);
    refuse = false;
    await queue.redo(7, 2);
    expect(queue.getState().waiting).toBe(1);
    await queue.replay(7);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(queue.getState()).toEqual({ waiting: 0, attention: [] });
  });

  it('sends only the actions of the user replaying; skip lets a refused one go', async () => {
    const store = memoryStore();
    const sent: number[] = [];
    const queue = new ActionQueue(store, async (item) => {
      sent.push(item.userId);
      if (item.userId === 7) throw new HttpError(422, { message: 'No.' });
    });
    await queue.enqueue(action(1, 7));
    await queue.enqueue(action(2, 8));
    await queue.replay(7);
    expect(sent).toEqual([7]);
    await queue.discard(7, 1);
    expect(queue.getState()).toEqual({ waiting: 0, attention: [] });
    expect([...store.rows.values()].map((row) => row.userId)).toEqual([8]);
  });

  it('joins a running replay instead of starting a second one', async () => {
    const store = memoryStore();
    let sends = 0;
    const queue = new ActionQueue(store, async () => {
      sends++;
    });
    await queue.enqueue(action(1));
    await Promise.all([queue.replay(7), queue.replay(7)]);
    expect(sends).toBe(1);
  });

  it('hands a refused action to the supervisor: its words, the refusal, one key per action; then it leaves', async () => {
    const store = memoryStore();
    const queue = new ActionQueue(store, async (item) => {
      if (item.seq === 1) throw new HttpError(409, { message: 'The task was cancelled.' });
    });
    await queue.enqueue({ ...action(1), warehouseId: 4 });
    await queue.enqueue(action(2));
    await queue.replay(7);
    const refused = queue.getState().attention[0]!;
    const handed: { label: string; problem: string | null; warehouseId?: number | null; key: string }[] = [];
    let drop = true;
    const send = async (item: typeof refused, key: string) => {
      handed.push({ label: item.label, problem: item.problem, warehouseId: item.warehouseId, key });
      if (drop) {
        drop = false;
        throw new NetworkError('Failed to fetch');
      }
    };
    // No answer: it stays under attention, and the next try says "the same hand-off" (the same key).
    await expect(queue.handOff(7, refused.seq, send)).rejects.toBeInstanceOf(NetworkError);
    expect(queue.getState().attention.map((item) => item.seq)).toEqual([1]);
    await queue.handOff(7, refused.seq, send);
    expect(handed).toEqual([
      { label: 'Pick 1', problem: 'The task was cancelled.', warehouseId: 4, key: handOffKey(refused) },
      { label: 'Pick 1', problem: 'The task was cancelled.', warehouseId: 4, key: handOffKey(refused) },
    ]);
    expect(handOffKey(refused)).toBe(`handoff-${refused.key}`);
    expect(queue.getState()).toEqual({ waiting: 0, attention: [] });
    expect(store.rows.size).toBe(0);
  });

  it('hands off only a refused action of the user asking', async () => {
    const store = memoryStore();
    const queue = new ActionQueue(store, async (item) => {
      if (item.userId === 8) throw new HttpError(422, { message: 'No.' });
      throw new NetworkError('offline');
    });
    const waiting = await queue.enqueue(action(1, 7));
    const other = await queue.enqueue(action(2, 8));
    await queue.replay(8);
    let sends = 0;
    const send = async () => {
      sends++;
    };
    await queue.handOff(7, waiting.seq, send);
    await queue.handOff(7, other.seq, send);
    expect(sends).toBe(0);
    expect(store.rows.size).toBe(2);
  });
});
