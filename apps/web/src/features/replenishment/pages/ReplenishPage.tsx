import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { replenishmentReportQuery, useCreateTasks } from '../api';
import { ReportTable } from '../components/ReportTable';
import { TasksTable } from '../components/TasksTable';

/**
 * Replenishment of the header's warehouse: the live report (pick faces below min or short for a released wave,
 * what to bring and from where), "Create tasks" for the chosen lines or all, and the tasks below.
 */
export function ReplenishPage() {
  const { user } = useSession();
  const { warehouse } = useWorkingContext();
  const warehouseId = warehouse?.id ?? 0;
  const report = useQuery({ ...replenishmentReportQuery(warehouseId), enabled: warehouseId > 0 });
  const create = useCreateTasks();
  const [selected, setSelected] = useState<number[]>([]);
  const canManage = hasPermission(user, 'manage replenishment');
  const canDo = hasPermission(user, 'replenish');

  if (!warehouse) {
    return (
      <Box>
        <PageHeader title="Replenish" />
        <Alert severity="info">Choose a warehouse in the header.</Alert>
      </Box>
    );
  }

  const createTasks = () =>
    create.mutate(
      { warehouse_id: warehouse.id, ...(selected.length > 0 ? { pick_face_ids: selected } : {}) },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          setSelected([]);
        },
      },
    );

  return (
    <Box>
      <PageHeader
        title="Replenish"
        subtitle={warehouse.name}
        actions={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to={`/warehouses/${warehouse.id}/pick-faces`}>
              Pick faces
            </Button>
            {canDo && (
              <Button component={RouterLink} to="/replenishment/tasks" variant="outlined">
                Do tasks
              </Button>
            )}
          </Stack>
        }
      />
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
            >
              <Box>
                <Typography variant="h6" component="h2">
                  What needs replenishing
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Live: pick faces below min, and those a released wave waits for (urgent).
                </Typography>
              </Box>
              {canManage && (
                <Button
                  variant="contained"
                  startIcon={<PlaylistAddIcon />}
                  onClick={createTasks}
                  disabled={create.isPending || !report.data?.length}
                >
                  {selected.length > 0 ? `Create tasks (${selected.length})` : 'Create tasks for all'}
                </Button>
              )}
            </Stack>
            {report.isPending && <LoadingState label="Loading the report…" />}
            {report.isError && <ErrorState message="Failed to load the report" onRetry={() => void report.refetch()} />}
            {report.data?.length === 0 && (
              <Typography color="text.secondary">Every pick face is above its min.</Typography>
            )}
            {report.data && report.data.length > 0 && (
              <ReportTable lines={report.data} selected={canManage ? selected : null} onSelect={setSelected} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ pb: 0 }}>
            <Typography variant="h6" component="h2">
              Tasks
            </Typography>
          </CardContent>
          <TasksTable warehouseId={warehouse.id} canManage={canManage} />
        </Card>
      </Stack>
    </Box>
  );
}
