import type { User } from '@wms/contract/entities';
import { hasPermission } from '../../lib/permissions';

/**
 * Shipper buttons follow the shippers permissions (`create/edit/delete shippers`), as the server does, not spec 1
 * §6's shipments permissions: shippers are shared by every warehouse, outside a manager's scope (README, API).
 */
export const canManageShippers = (user: User | null | undefined, action: 'create' | 'edit' | 'delete'): boolean =>
  hasPermission(user, `${action} shippers`);
