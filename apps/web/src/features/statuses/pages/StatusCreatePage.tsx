import { STATUS_MESSAGES, type StatusCreateInput } from '@wms/contract/statuses';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { useCreateStatus } from '../api';
import { StatusForm, statusFormValues } from '../components/StatusForm';
import { useStatusModules } from '../use-status-modules';

export function StatusCreatePage() {
  const navigate = useNavigate();
  const createStatus = useCreateStatus();
  const modules = useStatusModules();

  const save = async (input: StatusCreateInput) => {
    const answer = await createStatus.mutateAsync(input);
    notifySuccess(answer.message || STATUS_MESSAGES.created);
    navigate('/statuses');
  };

  return (
    <>
      <PageHeader title="Create New Status" subtitle="A status for orders, shipments or inquiries" />
      <StatusForm
        mode="create"
        initial={statusFormValues()}
        modules={modules}
        submitLabel="Create Status"
        onSave={save}
      />
    </>
  );
}
