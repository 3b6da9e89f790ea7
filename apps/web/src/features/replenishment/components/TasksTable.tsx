import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import { Box, Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  REPLENISHMENT_TASK_STATUSES,
  type ReplenishmentTask,
  type ReplenishmentTaskStatus,
} from '@wms/contract/replenishment';
import { useState } from 'react';
import type { CardLayout } from '../../../components/CardList';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FilterSelect } from '../../../components/FilterSelect';
import { PaginatedTable, type TableColumn } from '../../../components/PaginatedTable';
import { notifySuccess } from '../../../lib/notify';
import { replenishmentTasksQuery, useCancelTask } from '../api';
import { TASK_STATUS_LABELS, TaskStatusChip } from './TaskStatusChip';
import { UrgentChip } from './UrgentChip';

const STATUS_OPTIONS = REPLENISHMENT_TASK_STATUSES.map((status) => [status, TASK_STATUS_LABELS[status]] as const);
const live = (task: ReplenishmentTask) => task.status === 'open' || task.status === 'in_progress';

/** The warehouse's replenishment tasks (urgent first), with cancel for `manage replenishment`. */
export function TasksTable({ warehouseId, canManage }: { warehouseId: number; canManage: boolean }) {
  const [status, setStatus] = useState<ReplenishmentTaskStatus | ''>('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const tasks = useQuery(
    replenishmentTasksQuery(warehouseId, { page, per_page: perPage, ...(status ? { status } : {}) }),
  );
  const cancel = useCancelTask();
  const [cancelling, setCancelling] = useState<ReplenishmentTask | null>(null);

  const columns: TableColumn<ReplenishmentTask>[] = [
    { id: 'id', header: 'Task', render: (t) => `#${t.id}` },
    {
      id: 'product',
      header: 'Product',
      render: (t) => (
        <Box sx={{ fontFamily: 'monospace' }}>
          {t.product.sku}
          {t.lot && ` · lot ${t.lot.code}`}
        </Box>
      ),
    },
    {
      id: 'route',
      header: 'From → to',
      render: (t) => (
        <Box sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {t.source.code} → {t.target.code}
        </Box>
      ),
    },
    {
      id: 'quantity',
      header: 'Units',
      align: 'right',
      render: (t) => (t.status === 'done' ? t.quantity_moved : t.quantity),
    },
    {
      id: 'status',
      header: 'Status',
      render: (t) => (
        <Stack direction="row" spacing={0.5}>
          <TaskStatusChip status={t.status} short={t.short} />
          {t.urgent && live(t) && <UrgentChip />}
        </Stack>
      ),
    },
    { id: 'assignee', header: 'Assignee', render: (t) => t.assignee?.name ?? '—' },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: 'Actions',
            align: 'right' as const,
            render: (t: ReplenishmentTask) =>
              live(t) ? (
                <Button size="small" color="error" onClick={() => setCancelling(t)} aria-label={`Cancel task ${t.id}`}>
                  Cancel
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  const card: CardLayout<ReplenishmentTask> = {
    title: (t) => `#${t.id} · ${t.source.code} → ${t.target.code}`,
    status: (t) => <TaskStatusChip status={t.status} short={t.short} />,
    subtitle: (t) => `${t.quantity} × ${t.product.sku}${t.urgent && live(t) ? ' · urgent' : ''}`,
    meta: (t) => t.assignee?.name ?? 'Unassigned',
    actions: columns.find((c) => c.id === 'actions')?.render,
  };

  return (
    <>
      <Stack direction="row" sx={{ p: 2, maxWidth: 280 }}>
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(next) => {
            setStatus(next as ReplenishmentTaskStatus | '');
            setPage(1);
          }}
        />
      </Stack>
      <PaginatedTable
        label="Replenishment tasks"
        columns={columns}
        card={card}
        rows={tasks.data?.data}
        getRowId={(t) => t.id}
        total={tasks.data?.meta.total ?? 0}
        page={page}
        perPage={perPage}
        onPageChange={setPage}
        onPerPageChange={setPerPage}
        loading={tasks.isFetching}
        error={tasks.isError ? 'Failed to load tasks' : null}
        onRetry={() => void tasks.refetch()}
        emptyIcon={<AssignmentOutlinedIcon />}
        emptyTitle="No replenishment tasks"
      />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel task"
        text={`Cancel task #${cancelling?.id ?? ''} (${cancelling?.source.code ?? ''} → ${cancelling?.target.code ?? ''})? Its units are released.`}
        confirmLabel="Cancel task"
        cancelLabel="Keep"
        busy={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: (answer) => notifySuccess(answer.message ?? 'Task cancelled.'),
            onSettled: () => setCancelling(null),
          })
        }
        onCancel={() => setCancelling(null)}
      />
    </>
  );
}
