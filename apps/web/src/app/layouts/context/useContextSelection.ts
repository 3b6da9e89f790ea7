import { useQuery } from '@tanstack/react-query';
import type { Account, Warehouse } from '@wms/contract/entities';
import { useCallback, useEffect } from 'react';
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
 * `fitsContext` prefers an entry that matches the other selection (a client's account linked to the warehouse,
 * and the reverse), so a client does not start in a pair whose lists are necessarily empty.
 */
function useAutoSelectFirst<T>(
  items: readonly T[] | undefined,
  selected: unknown,
  isSelectable: (item: T) => boolean,
  select: (item: T) => void,
  fitsContext: (item: T) => boolean = () => true,
): void {
  useEffect(() => {
    if (selected || !items) return;
    const first = items.find((item) => isSelectable(item) && fitsContext(item)) ?? items.find(isSelectable);
    if (first) select(first);
  }, [items, selected, isSelectable, select, fitsContext]);
}

const selectWarehouseQuietly = (warehouse: Warehouse) => sessionStore.selectWarehouse(warehouse);
const selectAccountQuietly = (account: Account) => sessionStore.selectAccount(account);

export function useWarehouseSelection() {
  const { user, selectedWarehouse, selectedAccount } = useSession();
  // Every default role may view warehouses; a custom role without it would only collect 403 notifications.
  const enabled = hasPermission(user, 'view warehouses');
  const query = useQuery({ ...selectableWarehousesQuery(), enabled });
  const linkedToAccount = useCallback(
    (warehouse: Warehouse) => !selectedAccount || selectedAccount.warehouse_ids.includes(warehouse.id),
    [selectedAccount],
  );
  useAutoSelectFirst(query.data, selectedWarehouse, isSelectableWarehouse, selectWarehouseQuietly, linkedToAccount);

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
  const { user, selectedAccount, selectedWarehouse } = useSession();
  // Spec 1 §4: only client-role users fetch accounts and see the account selector.
  const enabled = isClientUser(user);
  const query = useQuery({ ...selectableAccountsQuery(), enabled });
  const linkedToWarehouse = useCallback(
    (account: Account) => !selectedWarehouse || account.warehouse_ids.includes(selectedWarehouse.id),
    [selectedWarehouse],
  );
  useAutoSelectFirst(query.data, selectedAccount, isSelectableAccount, selectAccountQuietly, linkedToWarehouse);

  const choose = (account: Account) => {
    if (!isSelectableAccount(account) || account.id === selectedAccount?.id) return;
    sessionStore.selectAccount(account);
    window.location.reload();
  };

  return { enabled, query, selected: selectedAccount, choose };
}
