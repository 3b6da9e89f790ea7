import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';

/**
 * The live stream: every signed-in caller may open one (what it carries is scoped per change, live-stream.test.ts);
 * anonymous callers get 401. Injected as a stream: the answer resolves at its head, the stream ends at app close.
 */
export const liveMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/live',
    request: () => ({ method: 'GET', url: '/api/live', payloadAsStream: true }),
    expect: only(['superAdmin', 'admin', 'manager', 'otherManager', 'client', 'otherClient', 'neighbourClient'], 200),
  },
];
