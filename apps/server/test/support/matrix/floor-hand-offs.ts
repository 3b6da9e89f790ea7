import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';

const staff = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;

/**
 * Hand to supervisor, into Alpha: staff with a floor permission record it (200: an event and notifications); Beta's
 * manager meets Alpha's real id (404); clients hold no floor permission (403).
 */
export const floorHandOffsMatrix: MatrixEntry[] = [
  {
    route: 'POST /api/floor/hand-offs',
    request: (w) => ({
      method: 'POST',
      url: '/api/floor/hand-offs',
      payload: {
        warehouse_id: w.warehouses.alpha,
        action: 'Pick 1 × MTX-HO at A-01-02',
        refusal: 'The task was cancelled.',
        made_at: '2026-11-30T02:00:00Z',
      },
    }),
    expect: only(staff, 200, { otherManager: 404 }),
  },
];
