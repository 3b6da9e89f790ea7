import { Alert, Box, Button, Card, CardContent, Grid, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { INQUIRY_MESSAGES, type Inquiry } from '@wms/contract/inquiries';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmDeletionDialog } from '../../../components/ConfirmDeletionDialog';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session/use-session';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { inquiryQuery, inquiryTimelineQuery, useDeleteInquiry } from '../api';
import { InquiryStatusChip, InquiryTypeChip } from '../components/InquiryChips';
import { ResolveDialog } from '../components/ResolveDialog';
import { canDeleteInquiry, canEditInquiry, canResolveInquiry, isStaff } from '../inquiry-rules';

const subjectLink = (inquiry: Inquiry): string | null => {
  if (inquiry.subject_id === null) return null;
  if (inquiry.subject_type === 'order') return `/orders/${inquiry.subject_id}`;
  if (inquiry.subject_type === 'product') return `/products/${inquiry.subject_id}`;
  if (inquiry.subject_type === 'account') return `/accounts/${inquiry.subject_id}/edit`;
  return null;
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** Spec 2 §2: the inquiry, its subject, the response and status history; no assignee for clients. */
export function InquiryDetailPage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const navigate = useNavigate();
  const deleteInquiry = useDeleteInquiry();
  const [resolving, setResolving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  // While this page deletes its inquiry, its own queries stand still: the live stream's "inquiry deleted" can arrive
  // before the answer, and a refetch then would answer 404 and show "Inquiry not found" beside the success.
  const inquiry = useQuery({ ...inquiryQuery(id), enabled: !busy });
  const timeline = useQuery({ ...inquiryTimelineQuery(id), enabled: inquiry.isSuccess && !busy });
  useFailureNotice(inquiry.error, INQUIRY_MESSAGES.detailsFailed);

  if (inquiry.isError) return <Navigate to="/inquiries" replace />;
  if (!inquiry.data) return <LoadingState />;
  const data = inquiry.data;
  const link = subjectLink(data);

  const remove = async () => {
    setBusy(true);
    try {
      notifySuccess((await deleteInquiry.mutateAsync(id)).message);
      navigate('/inquiries');
    } catch {
      notifyError(INQUIRY_MESSAGES.deleteFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={`Inquiry #${data.id}`}
        subtitle={`${data.formatted_type}${data.subtype ? ` · ${data.subtype}` : ''} · ${data.warehouse.name}`}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {canResolveInquiry(user, data) && (
              <Button variant="contained" onClick={() => setResolving(true)}>
                Resolve
              </Button>
            )}
            {canEditInquiry(user, data) && (
              <Button component={Link} to={`/inquiries/${id}/edit`} variant="outlined">
                Edit
              </Button>
            )}
            {canDeleteInquiry(user, data) && (
              <Button color="error" variant="outlined" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
          </Stack>
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            <Card>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
                  <InquiryTypeChip type={data.type} />
                  <InquiryStatusChip status={data.status} />
                </Stack>
                <Typography variant="h6" component="h2" gutterBottom>
                  Inquiry
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{data.query}</Typography>
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Response
                </Typography>
                {data.response ? (
                  <Typography sx={{ whiteSpace: 'pre-wrap' }}>{data.response}</Typography>
                ) : (
                  <Alert severity="info">No response yet. We will respond as soon as possible.</Alert>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Status history
                </Typography>
                <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {(timeline.data ?? []).map((event) => (
                    <li key={event.id}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {event.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {[event.description, formatDateTime(event.time)].filter(Boolean).join(' · ')}
                      </Typography>
                    </li>
                  ))}
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Subject
                </Typography>
                {data.subject_display_name ? (
                  <Stack spacing={1.5}>
                    <Field
                      label={
                        data.subject_type ? data.subject_type[0]!.toUpperCase() + data.subject_type.slice(1) : 'Subject'
                      }
                    >
                      {link ? (
                        <MuiLink component={Link} to={link}>
                          {data.subject_display_name}
                        </MuiLink>
                      ) : (
                        data.subject_display_name
                      )}
                    </Field>
                    {data.subject?.formatted_status && (
                      <Field label="Order status">{data.subject.formatted_status}</Field>
                    )}
                    {data.subject?.sku && <Field label="SKU">{data.subject.sku}</Field>}
                    {data.subject?.status && <Field label="Account status">{data.subject.status}</Field>}
                  </Stack>
                ) : (
                  <Typography color="text.secondary">General inquiry</Typography>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Stack spacing={1.5}>
                  <Field label="Created by">{data.user?.name ?? '—'}</Field>
                  <Field label="Created">{formatDateTime(data.created_at)}</Field>
                  {isStaff(user) && <Field label="Assigned To">{data.assigned_to?.name ?? 'Unassigned'}</Field>}
                  {data.resolved_at && <Field label="Resolved">{formatDateTime(data.resolved_at)}</Field>}
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
      <ResolveDialog inquiryId={resolving ? id : null} onClose={() => setResolving(false)} />
      <ConfirmDeletionDialog
        open={deleting}
        name={`inquiry #${id}`}
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
}
