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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STATUS_MESSAGES, type Status } from '@wms/contract/statuses';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ColorChip } from '../../../components/ColorChip';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { failureMessage } from '../../../lib/api/failureMessage';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/useSession';
import { useConfirmTarget } from '../../../lib/useConfirmTarget';
import { useFailureNotice } from '../../../lib/useFailureNotice';
import { useUrlParams } from '../../../lib/useListParams';
import { deleteStatus, type StatusListFilters, statusListQuery } from '../api';
import { ActiveSwitch } from '../components/ActiveSwitch';
import { AssignModulesDialog } from '../components/AssignModulesDialog';
import { StatusFilters } from '../components/StatusFilters';
import { StatusRowActions } from '../components/StatusRowActions';
import { statusKeys } from '../query-keys';
import { useStatusModules } from '../useStatusModules';

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
  const queryClient = useQueryClient();
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
  const remove = useMutation({
    mutationFn: (status: Status) => deleteStatus(status.id),
    onSuccess: async () => {
      notifySuccess(STATUS_MESSAGES.deleted);
      confirm.close();
      await queryClient.invalidateQueries({ queryKey: statusKeys.all });
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
    content = <StatusCards rows={rows} columns={columns} />;
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
        onConfirm={() => confirm.target && remove.mutate(confirm.target)}
        onCancel={confirm.close}
      />
    </>
  );
}

/** The phone layout: one card per status, name on top, the other columns as label–value pairs. */
function StatusCards({ rows, columns }: { rows: Status[]; columns: Column[] }) {
  const [title, ...rest] = columns;
  const actions = rest.find((column) => column.id === 'actions');
  const fields = rest.filter((column) => column !== actions);
  return (
    <Box component="ul" aria-label="Statuses" sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5 }}>
      {rows.map((status) => (
        <Card component="li" key={status.id} variant="outlined" sx={{ p: 1.5 }} data-testid="list-card">
          {title?.render(status)}
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
          >
            {fields.map((column) => (
              <Box key={column.id} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                  {column.header}
                </Typography>
                <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
                  {column.render(status)}
                </Box>
              </Box>
            ))}
          </Box>
          {actions && <Box sx={{ mt: 1 }}>{actions.render(status)}</Box>}
        </Card>
      ))}
    </Box>
  );
}
