import { useSyncExternalStore } from 'react';
import { floorQueue } from './floor-queue';

/** The queue's counts for the indicator: actions waiting to sync, and refused ones needing attention. */
export function useFloorQueueState() {
  return useSyncExternalStore(floorQueue.subscribe, floorQueue.getState);
}
