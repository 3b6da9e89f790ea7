import AddIcon from '@mui/icons-material/Add';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  Box,
  Button,
  Card,
  Grid,
  IconButton,
  MenuItem,
  Link as MuiLink,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  INQUIRY_FILTER_TYPES,
  INQUIRY_LIST_TRUNCATE,
  INQUIRY_MESSAGES,
  INQUIRY_PAGE_SIZE,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  INQUIRY_TYPE_LABELS,
  type Inquiry,
  type InquiryStatus,
  type InquiryType,
} from '@wms/contract/inquiries';
import { useState } from 'react';
import { Link } from 'react-router';
import { type CardLayout, joinParts } from '../../../components/CardList';
import { ConfirmDeletionDialog } from '../../../components/ConfirmDeletionDialog';
import { FilterSelect } from '../../../components/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type TableColumn } from '../../../components/PaginatedTable';
import { SearchField } from '../../../components/SearchField';
import { useContextQuery } from '../../../lib/context/use-context-query';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { useUrlParams } from '../../../lib/use-list-params';
import { assignableUsersQuery, inquiriesListQuery, inquiryStatisticsQuery, useDeleteInquiry } from '../api';
import { InquiryStatusChip, InquiryTypeChip } from '../components/InquiryChips';
import { ResolveDialog } from '../components/ResolveDialog';
import { canDeleteInquiry, canEditInquiry, canResolveInquiry, isStaff } from '../inquiry-rules';

const truncate = (text: string) =>
  text.length > INQUIRY_LIST_TRUNCATE ? `${text.slice(0, INQUIRY_LIST_TRUNCATE)}…` : text;
const oneOf = <T extends string>(value: string | null, list: readonly T[]): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

/** Spec 2 §2 Inquiries: statistics, filters kept in the URL, 15 per page newest first, resolve and delete. */
export function InquiriesPage() {
  const { user } = useSession();
  const deleteInquiry = useDeleteInquiry();
  const { params, update } = useUrlParams();
  const page = Number(params.get('page')) || 1;
  const search = params.get('search') ?? '';
  const type = oneOf(params.get('type'), INQUIRY_FILTER_TYPES) as InquiryType | undefined;
  const status = oneOf(params.get('status'), INQUIRY_STATUSES) as InquiryStatus | undefined;
  const assignedTo = Number(params.get('assigned_to')) || undefined;
  const staff = isStaff(user);

  const query = {
    page,
    per_page: INQUIRY_PAGE_SIZE,
    search: search || undefined,
    type,
    status,
    assigned_to: staff ? assignedTo : undefined,
  };
  const list = useContextQuery((context) => inquiriesListQuery(context, query));
  const stats = useContextQuery((context) => inquiryStatisticsQuery(context));
  const assignable = useQuery({ ...assignableUsersQuery(list.context.warehouseId), enabled: staff });
  useFailureNotice(list.error, INQUIRY_MESSAGES.fetchFailed);

  const [resolving, setResolving] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Inquiry | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const answer = await deleteInquiry.mutateAsync(deleting.id);
      notifySuccess(answer.message);
      setDeleting(null);
    } catch {
      notifyError(INQUIRY_MESSAGES.deleteFailed);
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumn<Inquiry>[] = [
    {
      id: 'query',
      header: 'Inquiry',
      render: (row) => (
        <Box sx={{ minWidth: 220 }}>
          <MuiLink
            component={Link}
            to={`/inquiries/${row.id}`}
            underline="hover"
            color="inherit"
            sx={{ fontWeight: 500 }}
          >
            {truncate(row.query)}
          </MuiLink>
          {row.subject_display_name && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              About {row.subject_display_name}
            </Typography>
          )}
        </Box>
      ),
    },
    { id: 'type', header: 'Type', render: (row) => <InquiryTypeChip type={row.type} /> },
    { id: 'subtype', header: 'Subtype', render: (row) => row.subtype ?? '—' },
    { id: 'status', header: 'Status', render: (row) => <InquiryStatusChip status={row.status} /> },
    { id: 'warehouse', header: 'Warehouse', render: (row) => row.warehouse.name },
    { id: 'user', header: 'Created by', render: (row) => row.user?.name ?? '—' },
    { id: 'created', header: 'Created', render: (row) => row.created_at_human },
    { id: 'actions', header: 'Actions', align: 'right', render: (row) => actions(row) },
  ];
  // Phone cards: the question and its status, then type and subject, then who and when with the buttons.
  const card: CardLayout<Inquiry> = {
    title: (row) => (
      <MuiLink component={Link} to={`/inquiries/${row.id}`} underline="hover" color="inherit">
        {truncate(row.query)}
      </MuiLink>
    ),
    status: (row) => <InquiryStatusChip status={row.status} />,
    subtitle: (row) =>
      joinParts(
        `#${row.id}`,
        INQUIRY_TYPE_LABELS[row.type] ?? row.type,
        row.subtype,
        row.subject_display_name && `About ${row.subject_display_name}`,
      ),
    meta: (row) => joinParts(row.created_at_human, row.user?.name, row.warehouse.name),
    actions: (row) => actions(row),
  };

  function actions(row: Inquiry) {
    return (
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
        <Tooltip title="View">
          <IconButton component={Link} to={`/inquiries/${row.id}`} aria-label={`View inquiry ${row.id}`} size="small">
            <VisibilityOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        {canEditInquiry(user, row) && (
          <Tooltip title="Edit">
            <IconButton
              component={Link}
              to={`/inquiries/${row.id}/edit`}
              aria-label={`Edit inquiry ${row.id}`}
              size="small"
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {canResolveInquiry(user, row) && (
          <Tooltip title="Resolve">
            <IconButton onClick={() => setResolving(row.id)} aria-label={`Resolve inquiry ${row.id}`} size="small">
              <CheckCircleOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {canDeleteInquiry(user, row) && (
          <Tooltip title="Delete">
            <IconButton onClick={() => setDeleting(row)} aria-label={`Delete inquiry ${row.id}`} size="small">
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    );
  }

  const cards: { label: string; value: number | undefined }[] = [
    { label: 'Total Inquiries', value: stats.data?.total },
    { label: 'Open', value: stats.data?.open },
    { label: 'In Progress', value: stats.data?.in_progress },
    { label: 'Resolved', value: stats.data?.resolved },
  ];

  return (
    <>
      <PageHeader
        title="Inquiries"
        subtitle="Questions and problems raised about orders, products and accounts"
        actions={
          hasPermission(user, 'create inquiries') && (
            <Button component={Link} to="/inquiries/create" variant="contained" startIcon={<AddIcon />}>
              New Inquiry
            </Button>
          )
        }
      />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {cards.map((card) => (
          <Grid key={card.label} size={{ xs: 6, md: 3 }}>
            <Card sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <QuestionAnswerOutlined color="primary" aria-hidden />
              <Box>
                <Typography variant="body2" color="text.secondary" component="h2">
                  {card.label}
                </Typography>
                <Typography variant="h5" component="p">
                  {card.value ?? 0}
                </Typography>
              </Box>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
          <SearchField
            value={search}
            onChange={(value) => update({ search: value })}
            placeholder="Search inquiries"
            debounceMs={300}
          />
          <FilterSelect
            label="Type"
            value={type ?? ''}
            allLabel="All types"
            options={INQUIRY_FILTER_TYPES.map((value) => [value, INQUIRY_TYPE_LABELS[value]] as const)}
            onChange={(value) => update({ type: value })}
          />
          <FilterSelect
            label="Status"
            value={status ?? ''}
            allLabel="All statuses"
            options={INQUIRY_STATUSES.map((value) => [value, INQUIRY_STATUS_LABELS[value]] as const)}
            onChange={(value) => update({ status: value })}
          />
          {staff && (
            <TextField
              select
              size="small"
              label="Assigned To"
              value={assignedTo ?? ''}
              onChange={(event) => update({ assigned_to: event.target.value })}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">Anyone</MenuItem>
              {(assignable.data ?? []).map((person) => (
                <MenuItem key={person.id} value={person.id}>
                  {person.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button onClick={() => update({ search: null, type: null, status: null, assigned_to: null })}>Clear</Button>
        </Stack>
        <PaginatedTable
          label="Inquiries"
          columns={columns}
          rows={list.data?.data}
          getRowId={(row) => row.id}
          total={list.data?.total ?? 0}
          totalIsCapped={list.data?.meta.total_is_capped}
          page={page}
          perPage={INQUIRY_PAGE_SIZE}
          rowsPerPageOptions={[INQUIRY_PAGE_SIZE]}
          onPageChange={(next) => update({ page: next }, true)}
          onPerPageChange={() => undefined}
          loading={list.isFetching}
          error={list.isError ? INQUIRY_MESSAGES.fetchFailed : null}
          onRetry={() => list.refetch()}
          emptyTitle="No inquiries found"
          card={card}
        />
      </Card>
      <ResolveDialog inquiryId={resolving} onClose={() => setResolving(null)} />
      <ConfirmDeletionDialog
        open={deleting !== null}
        name={deleting ? `inquiry #${deleting.id}` : undefined}
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
