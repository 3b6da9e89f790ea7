import type { Warehouse } from '@wms/contract/entities';
import { ERRORS } from '@wms/contract/messages';
import { isSelectableWarehouse } from '../../../lib/context/context-queries';
import { type ContextOption, ContextSelect } from './ContextSelect';
import { useWarehouseSelection } from './use-context-selection';

const toOption = (warehouse: Warehouse): ContextOption => ({
  id: warehouse.id,
  primary: warehouse.name,
  secondary: [warehouse.code, warehouse.city].filter(Boolean).join(' · '),
  disabled: !isSelectableWarehouse(warehouse),
});

export function WarehouseSelector({ fullWidth }: { fullWidth?: boolean }) {
  const { enabled, query, options, selected, choose } = useWarehouseSelection();
  if (!enabled) return null;
  return (
    <ContextSelect
      label="Warehouse"
      options={options?.map(toOption)}
      selectedId={selected?.id}
      loading={query.isPending}
      errorText={query.isError ? ERRORS.fetchWarehouses : undefined}
      emptyText="No warehouses available"
      fullWidth={fullWidth}
      onChange={(id) => {
        const warehouse = query.data?.find((w) => w.id === id);
        if (warehouse) choose(warehouse);
      }}
    />
  );
}
