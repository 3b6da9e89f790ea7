import { Box, Button, Card, CardActions, CardContent, Pagination, Stack, Typography } from '@mui/material';
import { DRAFT_MESSAGES, type DraftSummary } from '@wms/contract/drafts';
import type { BulkCreateResult } from '@wms/contract/order-creation';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { SearchField } from '../../../components/SearchField';
import { HttpError } from '../../../lib/api/api-error';
import { contextKeyOf } from '../../../lib/context/context-key';
import { useContextQuery } from '../../../lib/context/use-context-query';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { draftListQuery, draftStatisticsQuery, useConvertDraft, useDeleteDraft } from '../api';
import { ConvertDraftDialog } from '../components/ConvertDraftDialog';

const STAT_LABELS = [
  ['total_drafts', 'Total Drafts'],
  ['total_orders_in_drafts', 'Orders in Drafts'],
  ['total_products_in_drafts', 'Products in Drafts'],
  ['total_quantity_in_drafts', 'Total Quantity'],
] as const;

/** /bulk-order-drafts (spec 2 §2): statistics, draft cards, pagination, delete and convert. */
export function DraftsPage() {
  const { user } = useSession();
  const canCreate = hasPermission(user, 'create orders');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<DraftSummary | null>(null);
  const [converting, setConverting] = useState<DraftSummary | null>(null);
  const [convertResult, setConvertResult] = useState<BulkCreateResult | null>(null);
  const [convertError, setConvertError] = useState<string | null>(null);

  const list = useContextQuery((context) => draftListQuery(contextKeyOf(context), page, search));
  const stats = useContextQuery((context) => draftStatisticsQuery(contextKeyOf(context)));
  const deletion = useDeleteDraft();
  const conversion = useConvertDraft();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await deletion.mutateAsync(deleting.id);
      notifySuccess(answer.message);
      setDeleting(null);
    } catch {
      notifyError(DRAFT_MESSAGES.deleteFailed);
    }
  };

  const confirmConvert = async () => {
    if (!converting) return;
    setConvertError(null);
    try {
      const answer = await conversion.mutateAsync(converting.id);
      setConvertResult(answer);
      notifySuccess(answer.message);
    } catch (error) {
      const message = error instanceof HttpError && error.status === 422 ? error.message : DRAFT_MESSAGES.convertFailed;
      setConvertError(message);
      notifyError(message);
    }
  };

  const lastPage = list.data?.pagination.last_page ?? 1;
  return (
    <Box>
      <PageHeader
        title="Bulk Order Drafts"
        actions={
          canCreate ? (
            <Button component={RouterLink} to="/orders/create" variant="contained">
              Create Orders
            </Button>
          ) : undefined
        }
      />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 2 }}
        component="section"
        aria-label="Statistics"
      >
        {STAT_LABELS.map(([key, label]) => (
          <Card key={key} variant="outlined">
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h5" component="p">
                {stats.data?.[key] ?? 0}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Box sx={{ mb: 2, maxWidth: 400 }}>
        <SearchField
          value={search}
          onChange={(value: string) => {
            setSearch(value);
            setPage(1);
          }}
          placeholder="Search drafts"
        />
      </Box>
      {list.isLoading || (!list.context.ready && !list.data) ? (
        <LoadingState label="Loading drafts…" />
      ) : list.isError ? (
        <ErrorState message={DRAFT_MESSAGES.listFailed} onRetry={() => list.refetch()} />
      ) : list.data && list.data.data.length === 0 ? (
        <EmptyState title={DRAFT_MESSAGES.empty} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          {list.data?.data.map((draft) => {
            const name = draft.title || `Draft #${draft.id}`;
            return (
              <Card key={draft.id} variant="outlined" component="article" aria-label={name}>
                {/* Three lines, each cut rather than wrapped: name, description, figures. */}
                <CardContent sx={{ pb: 0 }}>
                  <Typography variant="h6" component="h2" noWrap>
                    {name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {draft.description || 'No description'}
                  </Typography>
                  <Stack direction="row" spacing={1.5} sx={{ overflow: 'hidden', whiteSpace: 'nowrap' }}>
                    <Typography variant="body2">Orders: {draft.total_orders}</Typography>
                    <Typography variant="body2">Products: {draft.total_products}</Typography>
                    <Typography variant="body2">Quantity: {draft.total_quantity}</Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {draft.account.name} · {draft.formatted_last_modified}
                    </Typography>
                  </Stack>
                </CardContent>
                {canCreate && (
                  <CardActions>
                    <Button component={RouterLink} to={`/orders/create?draft_id=${draft.id}`} size="small">
                      Edit
                    </Button>
                    <Button
                      size="small"
                      onClick={() => {
                        setConvertResult(null);
                        setConvertError(null);
                        setConverting(draft);
                      }}
                    >
                      Convert
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(draft)}>
                      Delete
                    </Button>
                  </CardActions>
                )}
              </Card>
            );
          })}
        </Box>
      )}
      {lastPage > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={lastPage}
          page={page}
          onChange={(_, value) => setPage(value)}
          siblingCount={0}
          boundaryCount={1}
          aria-label="Draft pages"
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Confirm Delete"
        text={`Are you sure you want to delete ${deleting ? deleting.title || `Draft #${deleting.id}` : ''}?`}
        confirmLabel="Delete"
        busy={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ConvertDraftDialog
        draft={converting}
        busy={conversion.isPending}
        result={convertResult}
        error={convertError}
        onConfirm={confirmConvert}
        onClose={() => setConverting(null)}
      />
    </Box>
  );
}
