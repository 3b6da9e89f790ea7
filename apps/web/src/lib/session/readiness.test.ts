import type { Account, Warehouse } from '@wms/contract/entities';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForClientContext } from './readiness';
import type { SessionState } from './session-store';

const warehouse = { id: 2 } as Warehouse;
const account = { id: 9 } as Account;

describe('waitForClientContext', () => {
  let state: SessionState;
  const readState = () => state;

  beforeEach(() => {
    vi.useFakeTimers();
    state = { token: 't', user: null, selectedAccount: null, selectedWarehouse: null };
  });
  afterEach(() => vi.useRealTimers());

  it('resolves at once when both are selected', async () => {
    state = { ...state, selectedAccount: account, selectedWarehouse: warehouse };
    await expect(waitForClientContext({ readState })).resolves.toEqual({ accountId: 9, warehouseId: 2 });
  });

  it('polls every 100 ms and resolves once both appear', async () => {
    const spy = vi.fn(readState);
    const result = waitForClientContext({ readState: spy });
    state = { ...state, selectedWarehouse: warehouse };
    await vi.advanceTimersByTimeAsync(100);
    const callsAfterFirstPoll = spy.mock.calls.length;
    state = { ...state, selectedAccount: account };
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toEqual({ accountId: 9, warehouseId: 2 });
    expect(callsAfterFirstPoll).toBe(2);
  });

  it("gives up after 5000 ms with 'Timeout waiting for readiness'", async () => {
    const result = waitForClientContext({ readState });
    const assertion = expect(result).rejects.toThrow('Timeout waiting for readiness');
    await vi.advanceTimersByTimeAsync(4900);
    state = { ...state, selectedWarehouse: warehouse }; // half a context is not ready
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
  });

  it('has not given up before 5000 ms', async () => {
    const result = waitForClientContext({ readState });
    let settled = false;
    result.then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(4800);
    expect(settled).toBe(false);
    state = { ...state, selectedAccount: account, selectedWarehouse: warehouse };
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toEqual({ accountId: 9, warehouseId: 2 });
  });
});
