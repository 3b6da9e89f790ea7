import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@wms/contract/accounts';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { userAllows } from '../../../lib/permissions';
import { sessionStore } from '../../../lib/session/session-store';
import { useSession } from '../../../lib/session/use-session';
import { type AccountBody, accountQuery, pickingSettingsOf, useUpdateAccount } from '../api';
import { AccountForm } from '../components/AccountForm';
import { AccountLogoCard } from '../components/AccountLogoCard';

export function AccountEditPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const updateAccount = useUpdateAccount();
  const { user, selectedAccount } = useSession();
  const account = useQuery(accountQuery(id));

  const save = async (body: AccountBody) => {
    const { data } = await updateAccount.mutateAsync({ id, body });
    notifySuccess(ACCOUNT_MESSAGES.updated);
    if (selectedAccount?.id === data.id) sessionStore.selectAccount(data);
    navigate('/accounts');
  };

  return (
    <>
      <PageHeader title="Edit Account" subtitle={account.data?.name} />
      {account.isPending && <LoadingState label="Loading account…" />}
      {account.isError && <ErrorState message="Error loading accounts" onRetry={() => void account.refetch()} />}
      {account.data && (
        <AccountForm
          key={account.data.id}
          mode="edit"
          staff={userAllows(user, 'manageAccountFields')}
          initial={{
            name: account.data.name,
            warehouse_ids: account.data.warehouse_ids,
            status: account.data.status,
            account_type: account.data.account_type,
            user_id: account.data.user_id,
            billing_address: account.data.billing_address ?? '',
            payment_terms_days: account.data.payment_terms_days,
            ...pickingSettingsOf(account.data),
          }}
          onSave={save}
        />
      )}
      {account.data && <AccountLogoCard accountId={account.data.id} hasLogo={account.data.has_logo} />}
    </>
  );
}
