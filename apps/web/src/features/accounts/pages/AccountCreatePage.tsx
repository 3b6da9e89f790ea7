import { Alert } from '@mui/material';
import { ACCOUNT_MESSAGES, DEFAULT_PAYMENT_TERMS_DAYS } from '@wms/contract/accounts';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { userAllows } from '../../../lib/permissions';
import { sessionStore } from '../../../lib/session/session-store';
import { useSession } from '../../../lib/session/use-session';
import { type AccountBody, DEFAULT_PICKING_SETTINGS, useCreateAccount } from '../api';
import { AccountForm } from '../components/AccountForm';

export function AccountCreatePage() {
  const navigate = useNavigate();
  const createAccount = useCreateAccount();
  const { user } = useSession();
  const isClient = userAllows(user, 'workInSelectedAccount');

  const save = async (body: AccountBody) => {
    const { data } = await createAccount.mutateAsync(body);
    notifySuccess(ACCOUNT_MESSAGES.created);
    // Spec 1 §4: a client who creates an account gets it selected, then goes to /accounts.
    if (isClient) sessionStore.selectAccount(data);
    navigate('/accounts');
  };

  return (
    <>
      <PageHeader title="Create Account" subtitle="A business whose goods are stored and shipped" />
      {isClient && (
        <Alert severity="info" sx={{ mb: 2, maxWidth: 880 }}>
          New accounts start inactive; our team activates them once they are set up.
        </Alert>
      )}
      <AccountForm
        mode="create"
        staff={userAllows(user, 'manageAccountFields')}
        initial={{
          name: '',
          warehouse_ids: [],
          status: 'inactive',
          account_type: 'regular',
          user_id: '',
          billing_address: '',
          payment_terms_days: DEFAULT_PAYMENT_TERMS_DAYS,
          ...DEFAULT_PICKING_SETTINGS,
        }}
        onSave={save}
      />
    </>
  );
}
