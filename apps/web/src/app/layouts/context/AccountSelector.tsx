import type { Account } from '@wms/contract/entities';
import { ERRORS } from '@wms/contract/messages';
import { isSelectableAccount } from '../../../lib/context/context-queries';
import { type ContextOption, ContextSelect } from './ContextSelect';
import { useAccountSelection } from './use-context-selection';

const toOption = (account: Account): ContextOption => ({
  id: account.id,
  primary: account.name,
  secondary: account.warehouse_name ?? undefined,
  disabled: !isSelectableAccount(account),
});

/** Client-role users only (spec 1 §2.4); renders nothing for staff. */
export function AccountSelector({ fullWidth }: { fullWidth?: boolean }) {
  const { enabled, query, options, selected, choose } = useAccountSelection();
  if (!enabled) return null;
  return (
    <ContextSelect
      label="Account"
      options={options?.map(toOption)}
      selectedId={selected?.id}
      loading={query.isPending}
      errorText={query.isError ? ERRORS.fetchAccounts : undefined}
      emptyText="No accounts available"
      fullWidth={fullWidth}
      onChange={(id) => {
        const account = query.data?.find((a) => a.id === id);
        if (account) choose(account);
      }}
    />
  );
}
