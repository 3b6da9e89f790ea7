import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  INQUIRY_MESSAGES,
  INQUIRY_QUERY_MIN,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  type Inquiry,
  type InquiryStatus,
} from '@wms/contract/inquiries';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { failureMessage } from '../../../lib/api/failure-message';
import { isValidationError } from '../../../lib/forms/server-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session/use-session';
import { useFailureNotice } from '../../../lib/use-failure-notice';
import { assignableUsersQuery, inquiryQuery, useUpdateInquiry } from '../api';
import { canAssignInquiry, canEditInquiry } from '../inquiry-rules';

/** Spec 2 §6/§7: query for everyone; status and response for staff and the creator; Assigned To for admins. */
export function InquiryEditPage() {
  const id = Number(useParams().id);
  const inquiry = useQuery(inquiryQuery(id));
  useFailureNotice(inquiry.error, INQUIRY_MESSAGES.detailsFailed);
  if (inquiry.isError) return <Navigate to="/inquiries" replace />;
  if (!inquiry.data) return <LoadingState />;
  return <EditForm inquiry={inquiry.data} />;
}

function EditForm({ inquiry }: { inquiry: Inquiry }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const updateInquiry = useUpdateInquiry();
  const [query, setQuery] = useState(inquiry.query);
  const [status, setStatus] = useState<InquiryStatus>(inquiry.status);
  const [response, setResponse] = useState(inquiry.response ?? '');
  const [assignee, setAssignee] = useState<number | ''>(inquiry.assigned_to?.id ?? '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);
  const mayAssign = canAssignInquiry(user);
  const staff = useQuery({ ...assignableUsersQuery(inquiry.warehouse.id), enabled: mayAssign });

  if (!canEditInquiry(user, inquiry)) {
    return (
      <>
        <PageHeader title={`Edit Inquiry #${inquiry.id}`} />
        <Alert severity="error">{INQUIRY_MESSAGES.cannotEdit}</Alert>
      </>
    );
  }

  const submit = async () => {
    if (!query.trim()) return setErrors({ query: INQUIRY_MESSAGES.queryRequired });
    if (query.trim().length < INQUIRY_QUERY_MIN) return setErrors({ query: INQUIRY_MESSAGES.queryTooShort });
    setSaving(true);
    try {
      const saved = await updateInquiry.mutateAsync({
        id: inquiry.id,
        payload: {
          query,
          status,
          response: response || null,
          ...(mayAssign ? { assigned_to: assignee === '' ? null : assignee } : {}),
        },
      });
      notifySuccess(saved.message);
      navigate(`/inquiries/${inquiry.id}`);
    } catch (caught) {
      if (isValidationError(caught)) {
        setErrors(Object.fromEntries(Object.entries(caught.fieldErrors).map(([k, v]) => [k, v.join(', ')])));
      } else {
        notifyError(failureMessage(caught, INQUIRY_MESSAGES.updateFailed) ?? INQUIRY_MESSAGES.updateFailed);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title={`Edit Inquiry #${inquiry.id}`} subtitle={inquiry.formatted_type} />
      <Card>
        <CardContent>
          <Stack
            spacing={2.5}
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <TextField
              label="Your inquiry"
              multiline
              minRows={5}
              required
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              error={Boolean(errors.query)}
              helperText={errors.query}
            />
            <TextField
              select
              label="Status"
              value={status}
              onChange={(event) => setStatus(event.target.value as InquiryStatus)}
            >
              {INQUIRY_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {INQUIRY_STATUS_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Response"
              multiline
              minRows={3}
              value={response}
              onChange={(event) => setResponse(event.target.value)}
              error={Boolean(errors.response)}
              helperText={errors.response}
            />
            {mayAssign && (
              <TextField
                select
                label="Assigned To"
                value={assignee}
                onChange={(event) => setAssignee(event.target.value === '' ? '' : Number(event.target.value))}
                error={Boolean(errors.assigned_to)}
                helperText={errors.assigned_to}
              >
                <MenuItem value="">Unassigned</MenuItem>
                {(staff.data ?? []).map((person) => (
                  <MenuItem key={person.id} value={person.id}>
                    {person.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button component={Link} to={`/inquiries/${inquiry.id}`}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={saving}>
                Save
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
