import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPollingLoop } from '../src/background/polling-loop';

/** A round the test finishes by hand, so nothing here waits on real time. */
function manualRounds() {
  const pending: Array<(didWork: boolean) => void> = [];
  let started = 0;
  const round = () =>
    new Promise<boolean>((resolve) => {
      started++;
      pending.push(resolve);
    });
  return { round, started: () => started, finish: (didWork: boolean) => pending.shift()!(didWork) };
}

describe('the background workers’ polling loop', () => {
  afterEach(() => vi.useRealTimers());

  it('starts the next round at once after a busy round, and waits pollMs after an idle one', async () => {
    vi.useFakeTimers();
    const rounds = manualRounds();
    const loop = createPollingLoop({ round: rounds.round, pollMs: 1000, stopWaitMs: 100 });
    loop.start();
    loop.start(); // a second start is ignored: one loop only
    expect(rounds.started()).toBe(1);

    rounds.finish(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.started()).toBe(2);

    rounds.finish(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(rounds.started()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds.started()).toBe(3);

    const stopped = loop.stop();
    rounds.finish(false);
    await stopped;
    await vi.advanceTimersByTimeAsync(5000);
    expect(rounds.started()).toBe(3);
  });

  it('stop() waits for the round in progress, but not longer than stopWaitMs', async () => {
    vi.useFakeTimers();
    const rounds = manualRounds();
    const loop = createPollingLoop({ round: rounds.round, pollMs: 1000, stopWaitMs: 300 });
    loop.start();
    let stopped = false;
    void loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stopped).toBe(true);
  });

  it('stop() during the idle wait returns at once and runs no further round', async () => {
    vi.useFakeTimers();
    const rounds = manualRounds();
    const loop = createPollingLoop({ round: rounds.round, pollMs: 60_000, stopWaitMs: 300 });
    loop.start();
    rounds.finish(false);
    await vi.advanceTimersByTimeAsync(0);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(rounds.started()).toBe(1);
  });

  it('a failed round is reported and the loop goes on after the poll wait', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const loop = createPollingLoop({
      round: async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
        return false;
      },
      pollMs: 500,
      stopWaitMs: 100,
      onError: (error) => errors.push(error),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toBe(2);
    await loop.stop();
  });
});
