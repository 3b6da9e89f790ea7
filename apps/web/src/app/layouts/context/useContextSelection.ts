import { useQuery } from '@tanstack/react-query';
import type { Account, Warehouse } from '@wms/contract/entities';
import { useEffect } from 'react';
import {
  isSelectableAccount,
  isSelectableWarehouse,
  selectableAccountsQuery,
  selectableWarehousesQuery,
} from '../../../lib/context/contextQueries';
import { hasPermission, isClientUser } from '../../../lib/permissions';
import { sessionStore } from '../../../lib/session/sessionStore';
import { useSession } from '../../../lib/session/useSession';

/**
 * Spec 1 §4: after the list loads, if nothing is selected and the list is non-empty, the first selectable entry
 * is selected — quietly, without the reload a user's own choice triggers (nothing loaded yet depends on it).
 */
function useAutoSelectFirst<T>(
  items: readonly T[] | undefined,
  selected: unknown,
  isSelectable: (item: T) => boolean,
  select: (item: T) => void,
): void {
  useEffect(() => {
    if (selected || !items) return;
    const first = items.find(isSelectable);
    if (first) select(first);
  }, [items, selected, isSelectable, select]);
}

const selectWarehouseQuietly = (warehouse: Warehouse) => sessionStore.selectWarehouse(warehouse);
const selectAccountQuietly = (account: Account) => sessionStore.selectAccount(account);

export function useWarehouseSelection() {
  const { user, selectedWarehouse } = useSession();
  // Every default role may view warehouses; a custom role without it would only collect 403 notifications.
  const enabled = hasPermission(user, 'view warehouses');
  const query = useQuery({ ...selectableWarehousesQuery(), enabled });
  useAutoSelectFirst(query.data, selectedWarehouse, isSelectableWarehouse, selectWarehouseQuietly);

  /** A user's choice: the account belongs to the old warehouse's context, so it goes; the page starts afresh. */
  const choose = (warehouse: Warehouse) => {
    if (!isSelectableWarehouse(warehouse) || warehouse.id === selectedWarehouse?.id) return;
    sessionStore.selectWarehouse(warehouse);
    sessionStore.selectAccount(null);
    window.location.reload();
  };

  return { enabled, query, selected: selectedWarehouse, choose };
}

export function useAccountSelection() {
  const { user, selectedAccount } = useSession();
  // Spec 1 §4: only client-role users fetch accounts and see the account selector.
  const enabled = isClientUser(user);
  const query = useQuery({ ...selectableAccountsQuery(), enabled });
  useAutoSelectFirst(query.data, selectedAccount, isSelectableAccount, selectAccountQuietly);

  const choose = (account: Account) => {
    if (!isSelectableAccount(account) || account.id === selectedAccount?.id) return;
    sessionStore.selectAccount(account);
    window.location.reload();
  };

  return { enabled, query, selected: selectedAccount, choose };
}
