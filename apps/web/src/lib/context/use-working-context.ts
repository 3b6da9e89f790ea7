import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, Warehouse } from '@wms/contract/entities';
import { useCallback, useMemo } from 'react';
import { hasPermission, userAllows } from '../permissions';
import { contextKeys } from '../query-keys/shared-keys';
import { sessionStore } from '../session/session-store';
import { useSession } from '../session/use-session';
import type { ContextKey } from './context-key';
import { selectableAccountsQuery, selectableWarehousesQuery } from './context-queries';
import { accountsForWarehouse, isActiveAccount, isActiveWarehouse, isLinked } from './valid-pairs';

export interface WorkingContext extends ContextKey {
  warehouse: Warehouse | null;
  /** A client's selected account; always null for staff. */
  account: Account | null;
  isClient: boolean;
  /**
   * The selection is settled: every list query waits for this (useContextQuery does it). True once a warehouse
   * (and a client's account) is selected, or once it is known that there is nothing to select.
   */
  ready: boolean;
  /** The header's choice, from any page: keeps the user on their page (no reload, no redirect). */
  selectWarehouse: (warehouse: Warehouse) => void;
  selectAccount: (account: Account) => void;
}

/**
 * The header's warehouse (every role) and a client's account: the one working context every page reads.
 * Shares the selectors' cached lists, so calling it anywhere costs no request.
 */
export function useWorkingContext(): WorkingContext {
  const { user, selectedWarehouse, selectedAccount } = useSession();
  const queryClient = useQueryClient();
  const isClient = userAllows(user, 'workInSelectedAccount');
  const picksWarehouse = hasPermission(user, 'view warehouses');
  const warehouses = useQuery({ ...selectableWarehousesQuery(), enabled: picksWarehouse });
  const accounts = useQuery({ ...selectableAccountsQuery(), enabled: isClient });

  const warehouseSettled =
    !picksWarehouse ||
    selectedWarehouse !== null ||
    warehouses.isError ||
    (warehouses.isSuccess && !warehouses.data.some(isActiveWarehouse));
  const accountSettled =
    !isClient ||
    selectedAccount !== null ||
    accounts.isError ||
    (accounts.isSuccess && !accounts.data.some(isActiveAccount));
  const ready = user !== null && warehouseSettled && accountSettled;

  /** Data of the old context may be cached under queries without the context in their key: refetch those. */
  const afterChange = useCallback(
    () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== contextKeys.all[0] }),
    [queryClient],
  );

  const selectWarehouse = useCallback(
    (warehouse: Warehouse) => {
      if (!isActiveWarehouse(warehouse) || warehouse.id === sessionStore.getState().selectedWarehouse?.id) return;
      sessionStore.selectWarehouse(warehouse);
      const current = sessionStore.getState().selectedAccount;
      if (isClient && current && !isLinked(current, warehouse.id)) {
        // Keep the pair valid: the client's first usable account in the new warehouse.
        const cached = queryClient.getQueryData(selectableAccountsQuery().queryKey) ?? [];
        sessionStore.selectAccount(accountsForWarehouse(cached, warehouse.id)[0] ?? current);
      }
      void afterChange();
    },
    [isClient, queryClient, afterChange],
  );

  const selectAccount = useCallback(
    (account: Account) => {
      if (!isActiveAccount(account) || account.id === sessionStore.getState().selectedAccount?.id) return;
      sessionStore.selectAccount(account);
      const current = sessionStore.getState().selectedWarehouse;
      if (!current || !account.warehouse_ids.includes(current.id)) {
        const cached = queryClient.getQueryData(selectableWarehousesQuery().queryKey) ?? [];
        const linked = cached.find((w) => isActiveWarehouse(w) && account.warehouse_ids.includes(w.id));
        if (linked) sessionStore.selectWarehouse(linked);
      }
      void afterChange();
    },
    [queryClient, afterChange],
  );

  return useMemo(
    () => ({
      warehouse: selectedWarehouse,
      account: isClient ? selectedAccount : null,
      warehouseId: selectedWarehouse?.id ?? null,
      accountId: isClient ? (selectedAccount?.id ?? null) : null,
      isClient,
      ready,
      selectWarehouse,
      selectAccount,
    }),
    [selectedWarehouse, selectedAccount, isClient, ready, selectWarehouse, selectAccount],
  );
}
