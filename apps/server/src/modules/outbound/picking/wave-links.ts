import { allocateOrders, holdAllocation, releaseAllocation } from '../../floor/allocation/allocation-api';
import { waveDetail, waveTasksDetail } from '../waves/waves-api';

/*
 * Where picking meets the allocation and waves modules: allocation (released before a pick's ledger move; chosen
 * and held for a short pick's re-allocation) and the wave answer every picking write returns.
 */

export const allocation = { allocate: allocateOrders, hold: holdAllocation, release: releaseAllocation };

/** The wave as every picking write answers it (the handheld redraws from it). */
export const waveAnswer = waveDetail;

/** A task write's answer (pick, short, skip): the wave's counts and only the tasks it changed. */
export const taskAnswer = waveTasksDetail;
