import type { Permission } from '@wms/contract/access';

/** What every /api route must declare in `config.permission` (DESIGN §3). */
export type RoutePermission = 'public' | 'authenticated' | Permission;
