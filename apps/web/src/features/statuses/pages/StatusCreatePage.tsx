import { useQueryClient } from '@tanstack/react-query';
import { STATUS_MESSAGES, type StatusCreateInput } from '@wms/contract/statuses';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { notifySuccess } from '../../../lib/notify';
import { createStatus } from '../api';
import { StatusForm, statusFormValues } from '../components/StatusForm';
import { statusKeys } from '../query-keys';
import { useStatusModules } from '../use-status-modules';

export function StatusCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const modules = useStatusModules();

  const save = async (input: StatusCreateInput) => {
    const answer = await createStatus(input);
    notifySuccess(answer.message || STATUS_MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: statusKeys.all });
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
