import AddIcon from '@mui/icons-material/Add';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import {
  Box,
  Button,
  Card,
  Chip,
  LinearProgress,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { STATUS_MESSAGES, type Status } from '@wms/contract/statuses';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type CardLayout, CardList, joinParts } from '../../../components/CardList';
import { ColorChip } from '../../../components/ColorChip';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { failureMessage } from '../../../lib/api/failure-message';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useConfirmTarget } from '../../../lib/use-confirm-target';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { useUrlParams } from '../../../lib/use-list-params';
import { type StatusListFilters, statusListQuery, useDeleteStatus } from '../api';
import { ActiveSwitch } from '../components/ActiveSwitch';
import { AssignModulesDialog } from '../components/AssignModulesDialog';
import { StatusFilters } from '../components/StatusFilters';
import { StatusRowActions } from '../components/StatusRowActions';
import { useStatusModules } from '../use-status-modules';

/** Below 600 px the list shows cards (DESIGN §7). */
const PHONE_QUERY = '(max-width: 599.95px)';

interface Column {
  id: string;
  header: string;
  render: (status: Status) => ReactNode;
  align?: 'right';
}

export function StatusListPage() {
  const { user } = useSession();
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const { params, update } = useUrlParams();
  const filters: StatusListFilters = {
    search: params.get('search') ?? '',
    module: params.get('module') ?? '',
    active: params.get('active') === 'true' || params.get('active') === 'false' ? (params.get('active') ?? '') : '',
  };
  const modules = useStatusModules();
  const statuses = useQuery(statusListQuery(filters));
  useFailureNotice(statuses.error, STATUS_MESSAGES.loadFailed);

  const canCreate = hasPermission(user, 'create statuses');
  const canEdit = hasPermission(user, 'edit statuses');
  const canDelete = hasPermission(user, 'delete statuses');
  const [assigning, setAssigning] = useState<Status | null>(null);
  const confirm = useConfirmTarget<Status>();
  const remove = useDeleteStatus({
    onSuccess: () => {
      notifySuccess(STATUS_MESSAGES.deleted);
      confirm.close();
    },
    onError: (error) => {
      confirm.close();
      // A status in use or one the rules need: the server's 409 explains why.
      const message = failureMessage(error, STATUS_MESSAGES.deleteFailed);
      if (message) notifyError(message);
    },
  });

  const columns: Column[] = [
    {
      id: 'name',
      header: 'Name',
      render: (status) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ColorChip label={status.name} color={status.color} />
          {status.system_key && <Chip size="small" variant="outlined" label="Order rule" />}
        </Stack>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      render: (status) =>
        status.description ?? (
          <Typography variant="body2" color="text.secondary">
            —
          </Typography>
        ),
    },
    {
      id: 'modules',
      header: 'Modules',
      render: (status) =>
        status.assigned_modules.length === 0 ? (
          <Typography variant="body2" color="warning.dark">
            None
          </Typography>
        ) : (
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            {status.assigned_modules.map((key) => (
              <Chip key={key} size="small" label={modules[key] ?? key} />
            ))}
          </Stack>
        ),
    },
    { id: 'active', header: 'Active', render: (status) => <ActiveSwitch status={status} canEdit={canEdit} /> },
    { id: 'sort_order', header: 'Sort Order', align: 'right', render: (status) => status.sort_order },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      render: (status) => (
        <StatusRowActions
          status={status}
          canEdit={canEdit}
          canDelete={canDelete}
          onAssign={setAssigning}
          onDelete={confirm.ask}
        />
      ),
    },
  ];

  const column = (id: string) => columns.find((candidate) => candidate.id === id)?.render;
  // Phone cards: the status (as it looks) and its switch, then its modules, then its description with the buttons.
  const card: CardLayout<Status> = {
    title: (status) => column('name')?.(status),
    status: column('active'),
    subtitle: (status) => joinParts(...status.assigned_modules.map((key) => modules[key] ?? key)) || 'No modules',
    meta: (status) => joinParts(status.description, `Sort order ${status.sort_order}`),
    actions: column('actions'),
  };

  const rows = statuses.data;
  const filtered = filters.search !== '' || filters.module !== '' || filters.active !== '';
  let content: ReactNode;
  if (statuses.isError) {
    content = (
      <Box sx={{ p: 2 }}>
        <ErrorState message={STATUS_MESSAGES.loadFailed} onRetry={() => void statuses.refetch()} />
      </Box>
    );
  } else if (rows === undefined) {
    content = (
      <Box sx={{ p: 2 }} aria-hidden>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={44} />
        ))}
      </Box>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        icon={<LabelOutlinedIcon />}
        title={filtered ? 'No statuses match your filters' : 'No statuses yet'}
        hint={filtered ? 'Clear the filters to see every status.' : undefined}
      />
    );
  } else if (phone) {
    content = <CardList label="Statuses" layout={card} rows={rows} getRowId={(status) => status.id} />;
  } else {
    content = (
      <TableContainer
        sx={{ overflowX: 'auto', maxWidth: '100%' }}
        tabIndex={0}
        role="region"
        aria-label="Statuses table"
      >
        <Table aria-label="Statuses">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: 'text.secondary' }}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((status) => (
              <TableRow key={status.id} hover>
                {columns.map((column) => (
                  <TableCell key={column.id} align={column.align}>
                    {column.render(status)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <>
      <PageHeader
        title="Status Management"
        subtitle="Statuses offered for orders, shipments and inquiries"
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/statuses/create">
              Create Status
            </Button>
          )
        }
      />
      <Card sx={{ position: 'relative' }}>
        <StatusFilters
          filters={filters}
          modules={modules}
          onChange={(patch) => update(patch)}
          onClear={() => update({ search: null, module: null, active: null })}
        />
        {statuses.isFetching && rows !== undefined && (
          <LinearProgress aria-label="Loading" sx={{ position: 'absolute', left: 0, right: 0 }} />
        )}
        {content}
      </Card>
      <AssignModulesDialog status={assigning} modules={modules} onClose={() => setAssigning(null)} />
      <ConfirmDialog
        open={confirm.open}
        title="Confirm Delete"
        text={`Are you sure you want to delete the status "${confirm.target?.name ?? ''}"?`}
        busy={remove.isPending}
        onConfirm={() => confirm.target && remove.mutate(confirm.target.id)}
        onCancel={confirm.close}
      />
    </>
  );
}
