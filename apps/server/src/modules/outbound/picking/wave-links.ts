import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { changeAllocatedUnits, type HeldUnits } from './picking-repository';
import { pickingWaveDetail } from './wave-detail';

/*
 * Where picking meets the waves and allocation modules: allocation (release before a pick's ledger move, hold and
 * choose for a short pick's re-allocation) and the wave answer every picking write returns.
 */

/** The one allocation module's calls picking uses. */
export const allocation = {
  async release(tx: Executor, units: readonly HeldUnits[]): Promise<void> {
    const changed = await changeAllocatedUnits(tx, units, -1);
    if (changed !== units.length) throw new Error('Releasing allocation refused: a place holds less than asked');
  },
  async hold(tx: Executor, units: readonly HeldUnits[]): Promise<void> {
    const changed = await changeAllocatedUnits(tx, units, 1);
    if (changed !== units.length) throw new Error('Allocation refused: a place no longer holds the units');
  },
  async allocate(
    _tx: Executor,
    _orders: readonly {
      orderId: number;
      shipDate: string;
      minShelfLifeDays: number;
      allowPartial: boolean;
      lines: readonly { lineId: number; inventoryId: number; tracking: 'expiry' | 'lot' | 'none'; quantity: number }[];
    }[],
    _options: { lock: boolean; excludeLocationIds?: readonly number[] },
  ): Promise<
    {
      parts: {
        orderId: number;
        lineId: number;
        inventoryId: number;
        locationId: number;
        lotId: number | null;
        quantity: number;
        rule: 'pick_face' | 'storage' | 'receiving';
        lotRule: 'fefo' | 'fifo' | null;
        reason: string;
        place: {
          locationId: number;
          code: string;
          zone: string;
          aisle: string | null;
          rack: string | null;
          level: string | null;
          bin: string | null;
          walkSequence: number | null;
        };
      }[];
    }[]
  > {
    return [];
  },
};

/** The wave as every picking write answers it. */
export const waveAnswer = (db: Executor, _auth: RequestAuth, waveId: number) => pickingWaveDetail(db, waveId);
