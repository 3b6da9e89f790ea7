import { useQuery } from '@tanstack/react-query';
import type { Account, Warehouse } from '@wms/contract/entities';
import { useCallback, useEffect } from 'react';
import {
  isSelectableAccount,
  isSelectableWarehouse,
  selectableAccountsQuery,
  selectableWarehousesQuery,
} from '../../../lib/context/context-queries';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { isLinked, warehouseHasAccount } from '../../../lib/context/valid-pairs';
import { hasPermission, userAllows } from '../../../lib/permissions';
import { sessionStore } from '../../../lib/session/session-store';
import { useSession } from '../../../lib/session/use-session';

/**
 * Spec 1 §4: after the list loads, if nothing is selected and the list is non-empty, the first selectable entry
 * is selected — quietly (nothing loaded yet depends on it: lists wait for the context to be ready).
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
  const context = useWorkingContext();
  // Every default role may view warehouses; a custom role without it would only collect 403 notifications.
  const enabled = hasPermission(user, 'view warehouses');
  const query = useQuery({ ...selectableWarehousesQuery(), enabled });
  const accounts = useQuery({ ...selectableAccountsQuery(), enabled: userAllows(user, 'workInSelectedAccount') });
  const linkedToAccount = useCallback(
    (warehouse: Warehouse) => !selectedAccount || isLinked(selectedAccount, warehouse.id),
    [selectedAccount],
  );
  useAutoSelectFirst(query.data, selectedWarehouse, isSelectableWarehouse, selectWarehouseQuietly, linkedToAccount);

  /**
   * Valid pairs only: a client is offered the warehouses where one of their active accounts works (all active
   * ones while they have no active account yet, e.g. right after registering).
   */
  const offered = (warehouse: Warehouse): boolean => {
    if (!userAllows(user, 'workInSelectedAccount') || !accounts.data) return true;
    if (!accounts.data.some(isSelectableAccount)) return true;
    return warehouseHasAccount(warehouse.id, accounts.data) || warehouse.id === selectedWarehouse?.id;
  };

  return {
    enabled,
    query,
    options: query.data?.filter(offered),
    selected: selectedWarehouse,
    choose: context.selectWarehouse,
  };
}

export function useAccountSelection() {
  const { user, selectedAccount, selectedWarehouse } = useSession();
  const context = useWorkingContext();
  // Spec 1 §4: only client-role users fetch accounts and see the account selector.
  const enabled = userAllows(user, 'workInSelectedAccount');
  const query = useQuery({ ...selectableAccountsQuery(), enabled });
  const linkedToWarehouse = useCallback(
    (account: Account) => isLinked(account, selectedWarehouse?.id),
    [selectedWarehouse],
  );
  useAutoSelectFirst(query.data, selectedAccount, isSelectableAccount, selectAccountQuietly, linkedToWarehouse);

  // Valid pairs only: the accounts linked to the selected warehouse (the selected one stays visible).
  const options = query.data?.filter((account) => linkedToWarehouse(account) || account.id === selectedAccount?.id);
  return { enabled, query, options, selected: selectedAccount, choose: context.selectAccount };
}
