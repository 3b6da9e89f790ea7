import { useQuery } from '@tanstack/react-query';
import { STATUS_MESSAGES, type StatusCreateInput } from '@wms/contract/statuses';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { isPageWordedError } from '../../../lib/api/failure-notice';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { statusQuery, useUpdateStatus } from '../api';
import { StatusForm, statusFormValues } from '../components/StatusForm';
import { useStatusModules } from '../use-status-modules';

export function StatusEditPage() {
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const updateStatus = useUpdateStatus();
  const modules = useStatusModules();
  const status = useQuery({ ...statusQuery(id), enabled: validId });
  const failed = !validId || (status.isError && isPageWordedError(status.error));

  // Spec 2 §8: 'Failed to load status' and back to the list.
  useEffect(() => {
    if (!failed) return;
    notifyError(STATUS_MESSAGES.loadOneFailed);
    navigate('/statuses', { replace: true });
  }, [failed, navigate]);

  const save = async (input: StatusCreateInput) => {
    const answer = await updateStatus.mutateAsync({ id, input });
    notifySuccess(answer.message || STATUS_MESSAGES.updated);
    navigate('/statuses');
  };

  return (
    <>
      <PageHeader title="Edit Status" subtitle={status.data?.name} />
      {status.isPending && <LoadingState label="Loading status…" />}
      {status.data && (
        <StatusForm
          key={status.data.updated_at}
          mode="edit"
          initial={statusFormValues(status.data)}
          modules={modules}
          system={status.data.system_key !== null}
          submitLabel="Save Changes"
          onSave={save}
        />
      )}
    </>
  );
}
