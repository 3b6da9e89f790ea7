import type { User } from '@wms/contract/entities';
import { hasPermission, isClientUser } from '../../lib/permissions';

/**
 * Shipper buttons follow the shipments permissions (spec 1 §6), for staff only: shippers are shared by every
 * client, and the server refuses clients, who hold the shipments permissions for their own inbound shipments.
 */
export const canManageShippers = (user: User | null | undefined, action: 'create' | 'edit' | 'delete'): boolean =>
  !isClientUser(user) && hasPermission(user, `${action} shipments`);
